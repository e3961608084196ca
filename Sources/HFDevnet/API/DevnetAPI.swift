/// The devnet's HTTP API: imitations of WhatsOnChain, JungleBus, ARC and the GorillaPool ordinals indexer over one
/// `DevnetChain`, plus the devnet's own control routes, all served by one `HTTPServer`.
///
/// Each service lives under its own prefix, with the real service's paths and JSON shapes below it, so that a
/// client configured with these base URLs behaves as against the public services (docs/design.md §8, docs/reference/provider-apis.md §6):
///
/// | service | base URL a client is given | routes |
/// |---|---|---|
/// | WhatsOnChain | `<base>/woc/v1/bsv/regtest` | `WhatsOnChainRoutes` |
/// | JungleBus | `<base>/junglebus/v1` | `JungleBusRoutes` |
/// | ARC | `<base>/arc` (the client appends `/v1/…`) | `ARCRoutes` |
/// | ordinals indexer | `<base>/ordinals/api` (also answered without `/api`) | `OrdinalsRoutes` |
/// | devnet control | `<base>/devnet` | `ControlRoutes` |
/// | paymail host | `<base>/paymail` (the watcher's `paymail.host-override`) | `PaymailRoutes` |
/// | login service | `<base>/auth` (issues `hfauth:` challenges, verifies `.hfauth` answers) | `AuthRoutes` |
///
/// Every handler reads the chain under its lock once per query, so concurrent requests see consistent values.
public enum DevnetAPI {
    /// The WhatsOnChain prefix: WhatsOnChain's `/v1/bsv/<network>` with network `regtest`.
    public static let whatsOnChainPrefix = "/woc/v1/bsv/regtest"
    /// The JungleBus prefix (JungleBus's own `/v1` included).
    public static let jungleBusPrefix = "/junglebus/v1"
    /// The ARC prefix (ARC's `/v1` is below it, as clients append it).
    public static let arcPrefix = "/arc"
    /// The ordinals indexer prefix, as the public indexer's `https://ordinals.gorillapool.io/api`.
    public static let ordinalsPrefix = "/ordinals/api"
    /// The devnet's control routes.
    public static let controlPrefix = "/devnet"
    /// The paymail host's prefix (its `/.well-known/bsvalias` is below it).
    public static let paymailPrefix = "/paymail"
    /// The test login service's prefix.
    public static let authPrefix = "/auth"

    /// Tunables of the imitation.
    public struct Configuration: Sendable, Equatable {
        /// WhatsOnChain confirmed history: items per page when the request gives no `limit` (default 100).
        public var historyPageSize: Int
        /// WhatsOnChain confirmed history: the largest `limit` honoured (default 1000; larger values are clamped).
        public var maxHistoryPageSize: Int
        /// The version `GET /arc/v1/health` reports.
        public var version: String

        /// A configuration; the defaults are described on each property.
        /// - Precondition: `1 ≤ historyPageSize ≤ maxHistoryPageSize`.
        public init(historyPageSize: Int = 100, maxHistoryPageSize: Int = 1000, version: String = "hf-devnet") {
            precondition(
                historyPageSize >= 1 && historyPageSize <= maxHistoryPageSize,
                "DevnetAPI.Configuration: 1 ≤ historyPageSize ≤ maxHistoryPageSize")
            self.historyPageSize = historyPageSize
            self.maxHistoryPageSize = maxHistoryPageSize
            self.version = version
        }
    }

    // MARK: - Static members

    /// A router serving every route of every service over `chain`.
    /// - Parameters:
    ///   - chain: the chain to serve.
    ///   - configuration: paging and version settings.
    public static func router(for chain: DevnetChain, configuration: Configuration = Configuration()) -> HTTPRouter {
        var router = HTTPRouter()
        WhatsOnChainRoutes(chain: chain, configuration: configuration).register(in: &router, at: whatsOnChainPrefix)
        JungleBusRoutes(chain: chain).register(in: &router, at: jungleBusPrefix)
        ARCRoutes(chain: chain, configuration: configuration).register(in: &router, at: arcPrefix)
        let ordinals = OrdinalsRoutes(chain: chain)
        ordinals.register(in: &router, at: ordinalsPrefix)
        ordinals.register(in: &router, at: "/ordinals")
        ControlRoutes(chain: chain).register(in: &router, at: controlPrefix)
        PaymailRoutes(chain: chain).register(in: &router, at: paymailPrefix)
        AuthRoutes().register(in: &router, at: authPrefix)
        return router
    }

    /// A server handler for `chain` (see `router(for:configuration:)`).
    public static func handler(for chain: DevnetChain, configuration: Configuration = Configuration()) -> HTTPHandler {
        router(for: chain, configuration: configuration).handler
    }
}
