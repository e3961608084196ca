public import HFPrimitives

/// One label of a wallet, as BIP-329 writes it: `{"label":"…","ref":"…","type":"addr"|"tx"|"output"}`.
///
/// The reference is kept in one canonical form, so the same thing is never labelled twice under two spellings:
/// an address as its Base58Check text (checked against the wallet's network), a txid as 64 lower-case hex digits
/// in display order, an output as `txid:vout` with the output index in decimal without leading zeros. The label is
/// 1 to ``maxLabelBytes`` bytes of UTF-8 without control characters (BIP-329 sets no limit; this project chose
/// 255, `BundleLimits.maxLabelBytes`).
///
/// BIP-329's other types (`pubkey`, `input`, `xpub`) are not kept: the signer has nothing to attach them to.
public struct WalletLabel: Hashable, Sendable {
    /// What a label is attached to.
    public enum Kind: String, CaseIterable, Sendable {
        /// An address of the wallet.
        case addr
        /// A transaction of the wallet.
        case tx
        /// One output of a transaction of the wallet.
        case output
    }

    /// What the label is attached to.
    public let kind: Kind
    /// The reference in canonical form (see the type's discussion).
    public let ref: String
    /// The text.
    public let label: String

    /// The longest label, in UTF-8 bytes.
    public static let maxLabelBytes = BundleLimits.maxLabelBytes

    /// A label of `kind` on `ref` (any accepted spelling; kept in canonical form).
    /// - Parameter network: the wallet's network, which an address must be of.
    /// - Throws: `BundleError.invalidAddress`, `.malformedHex`/`.wrongLength` (a txid), `.invalidOutputReference`
    ///   (path `ref`); `.emptyValue`, `.overLimit`, `.invalidText` (path `label`).
    public init(kind: Kind, ref: String, label: String, network: Network) throws(BundleError) {
        self.kind = kind
        self.ref = try Self.canonicalReference(kind: kind, ref: ref, network: network)
        self.label = try JSONField(value: .string(label), path: FieldPath(text: "label"))
            .text(maxBytes: BundleLimits.maxLabelBytes)
    }

    /// The canonical form of `ref` for `kind`.
    /// - Throws: the reference errors of `init(kind:ref:label:network:)`.
    public static func canonicalReference(kind: Kind, ref: String, network: Network) throws(BundleError) -> String {
        let path = FieldPath(text: "ref")
        switch kind {
        case .addr:
            do { return try Address(string: ref, network: network).string } catch {
                throw .invalidAddress(path: path.text, error)
            }
        case .tx:
            return try JSONField(value: .string(ref), path: path).txid().displayHex
        case .output:
            let parts = ref.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let vout = UInt32(parts[1]), String(vout) == parts[1],
                let txid = try? JSONField(value: .string(String(parts[0])), path: path).txid()
            else { throw .invalidOutputReference(path: path.text) }
            return txid.displayHex + ":" + String(vout)
        }
    }

    /// For an output label, the txid and output index; nil for the other kinds.
    public var outpoint: (txid: Txid, vout: UInt32)? {
        guard kind == .output, let colon = ref.firstIndex(of: ":"),
            let txid = try? Txid(displayHex: String(ref[..<colon])),
            let vout = UInt32(ref[ref.index(after: colon)...])
        else { return nil }
        return (txid, vout)
    }
}
