/// One page of an address's confirmed history, as WhatsOnChain's `confirmed/history` pages it.
///
/// Query: `limit` (items per page, clamped to the configured maximum), `order` (`asc`, the default: oldest first;
/// or `desc`), `height` (the lowest block height included, in either order) and `token` (the previous page's
/// `nextPageToken`; the other parameters must be the same). The token names the last item returned as
/// `<height>.<index in block>`, so a page boundary stays put while blocks are mined in between.
struct HistoryPage: Equatable {
    /// Why a query is refused (HTTP 400).
    struct Invalid: Error, Equatable {
        /// The text sent back.
        let message: String
    }

    /// The entries of the page, in the requested order.
    let entries: [DevnetHistoryEntry]
    /// The token of the next page, nil on the last page.
    let nextPageToken: String?

    // MARK: - Initializers

    /// The page of `history` (oldest first) that `request` asks for.
    /// - Throws: `Invalid` for a malformed `limit`, `order`, `height` or `token`.
    init(
        _ history: [DevnetHistoryEntry], request: HTTPRequest, configuration: DevnetAPI.Configuration
    ) throws(Invalid) {
        var limit = configuration.historyPageSize
        if let text = request.queryValue("limit") {
            guard let value = APIRequest.natural(text), value > 0 else { throw Invalid(message: "invalid limit") }
            limit = min(value, configuration.maxHistoryPageSize)
        }
        let descending: Bool
        switch request.queryValue("order") ?? "asc" {
        case "asc": descending = false
        case "desc": descending = true
        default: throw Invalid(message: "order must be asc or desc")
        }
        var lowest = 0
        if let text = request.queryValue("height") {
            guard let value = APIRequest.natural(text) else { throw Invalid(message: "invalid height") }
            lowest = value
        }
        var candidates = history.filter { $0.height >= lowest }
        if descending { candidates.reverse() }
        if let token = request.queryValue("token") {
            guard let after = Self.position(token) else { throw Invalid(message: "invalid token") }
            let start = candidates.firstIndex { entry in
                let key = Self.key(entry)
                return descending ? key < after : key > after
            }
            candidates = Array(candidates[(start ?? candidates.endIndex)...])
        }
        entries = Array(candidates.prefix(limit))
        nextPageToken =
            candidates.count > limit ? entries.last.map { "\($0.height).\($0.confirmation.index)" } : nil
    }

    // MARK: - Static members

    /// An entry's place in the chain.
    private static func key(_ entry: DevnetHistoryEntry) -> Position {
        Position(height: entry.height, index: entry.confirmation.index)
    }

    /// The position a token names, or nil.
    private static func position(_ token: String) -> Position? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let height = APIRequest.natural(String(parts[0])),
            let index = APIRequest.natural(String(parts[1]))
        else { return nil }
        return Position(height: height, index: index)
    }

    /// A transaction's place: block height, then index in the block.
    private struct Position: Comparable {
        let height: Int
        let index: Int

        static func < (left: Position, right: Position) -> Bool {
            (left.height, left.index) < (right.height, right.index)
        }
    }
}
