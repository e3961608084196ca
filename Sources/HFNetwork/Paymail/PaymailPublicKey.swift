/// What `pki` answered (docs/reference/provider-apis.md §5.3).
public struct PaymailPublicKey: Sendable, Equatable {
    /// The handle the host named, which equals the paymail asked about.
    public let handle: String
    /// The 33-byte compressed public key (02 or 03 prefix; whether it is a point on the curve is the caller's check).
    public let pubkey: [UInt8]
}
