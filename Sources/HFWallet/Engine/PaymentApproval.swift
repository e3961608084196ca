/// A stamp recording that the user approved one payment, so that a broadcast of the same payment shortly after can
/// skip asking again (docs/requirements/wallet.md "Payment Approval Cache").
///
/// The stamp holds (surface, amount, outputs digest, time). It authorizes a later request only when all three
/// scoping axes match exactly (the surface that asked, the amount in satoshis, the `OutputsDigest`) and the request
/// comes within `validity` (120 seconds, the biometric session window) after the stamp: `0 ≤ now − timestamp < 120`.
/// A clock that went backwards (`now < timestamp`) fails closed. Times are seconds since the Unix epoch, passed in
/// by the caller, so this type stays pure. Approval stamps are secrets of the session: never back them up.
public struct PaymentApproval: Hashable, Sendable {
    /// How long a stamp authorizes, in seconds: 120.
    public static let validity: Double = 120

    /// What asked for approval, for instance `"send"` or `"split"`.
    public let surface: String

    /// The approved amount in satoshis.
    public let amountSatoshis: UInt64

    /// The approved outputs.
    public let outputsDigest: OutputsDigest

    /// When the approval was given, in seconds since the Unix epoch.
    public let timestamp: Double

    // MARK: - Initializers

    /// A stamp of an approval given at `timestamp`.
    public init(surface: String, amountSatoshis: UInt64, outputsDigest: OutputsDigest, timestamp: Double) {
        self.surface = surface
        self.amountSatoshis = amountSatoshis
        self.outputsDigest = outputsDigest
        self.timestamp = timestamp
    }

    // MARK: - Methods

    /// Whether the stamp is still within its window at `now`.
    public func isFresh(at now: Double) -> Bool {
        now >= timestamp && now - timestamp < Self.validity
    }

    /// Whether this stamp lets a request of (`surface`, `amountSatoshis`, `outputsDigest`) made at `now` skip the
    /// prompt: every axis equal and the stamp fresh.
    public func authorizes(
        surface: String, amountSatoshis: UInt64, outputsDigest: OutputsDigest, at now: Double
    ) -> Bool {
        self.surface == surface && self.amountSatoshis == amountSatoshis && self.outputsDigest == outputsDigest
            && isFresh(at: now)
    }
}
