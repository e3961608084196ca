import HFCrypto
public import HFPrimitives

/// The SHA-256 digest that scopes a payment approval to one set of outputs (docs/requirements/wallet.md "Payment Approval Cache",
/// docs/design.md §6).
///
/// Each output is reduced to a `recipientKey` and its satoshis: the key is the output's address string for a P2PKH
/// output (on the wallet's network) and the locking script's lower-case hex for any other output. The entries are
/// sorted by (the key's UTF-8 bytes, compared bytewise; then satoshis) and the digest is
/// `SHA-256( for each: UInt32-LE(recipientKey.utf8.count) ‖ recipientKey.utf8 ‖ Int64-LE(satoshis) )`.
/// The length prefix keeps two different output sets from concatenating to the same bytes; sorting makes the
/// digest independent of output order.
public struct OutputsDigest: Hashable, Sendable, CustomStringConvertible {
    /// One output as the digest sees it.
    public struct Entry: Hashable, Sendable {
        /// The address string (P2PKH) or the locking script's hex (anything else).
        public let recipientKey: String
        /// The output's value.
        public let satoshis: UInt64

        /// An entry of `satoshis` to `recipientKey`.
        public init(recipientKey: String, satoshis: UInt64) {
            self.recipientKey = recipientKey
            self.satoshis = satoshis
        }
    }

    /// The 32 digest bytes.
    public let bytes: [UInt8]

    // MARK: - Initializers

    /// The digest of `outputs`, P2PKH ones keyed by their address on `network`.
    public init(outputs: [TransactionOutput], network: Network) {
        self.init(
            entries: outputs.map {
                Entry(recipientKey: Self.recipientKey(of: $0, network: network), satoshis: $0.satoshis)
            })
    }

    /// The digest of `entries` (in any order; they are sorted here).
    public init(entries: [Entry]) {
        let sorted = entries.map { (key: Array($0.recipientKey.utf8), satoshis: $0.satoshis) }.sorted { left, right in
            if left.key != right.key { return left.key.lexicographicallyPrecedes(right.key) }
            return left.satoshis < right.satoshis
        }
        var writer = ByteWriter()
        for entry in sorted {
            writer.appendUInt32LE(UInt32(entry.key.count))
            writer.appendBytes(entry.key)
            writer.appendUInt64LE(UInt64(Int64(clamping: entry.satoshis)))
        }
        bytes = Hash.sha256(writer.bytes)
    }

    /// A digest stored earlier (32 bytes), or nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    // MARK: - Properties

    /// The digest in lower-case hex.
    public var hex: String { bytes.hex }

    /// The digest in lower-case hex.
    public var description: String { hex }

    // MARK: - Methods

    /// The recipient key of `output`: its address string if it is P2PKH, else its locking script's hex.
    public static func recipientKey(of output: TransactionOutput, network: Network) -> String {
        output.lockingScript.p2pkhAddress(network: network)?.string ?? output.lockingScript.hex
    }
}
