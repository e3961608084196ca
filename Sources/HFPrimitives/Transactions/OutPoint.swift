/// A reference to one output of an earlier transaction: its txid and output index.
///
/// Serialized as 36 bytes, `txid (internal order) ‖ vout (UInt32 LE)`. `description` is `<display txid>:<vout>`.
public struct OutPoint: Hashable, Sendable, CustomStringConvertible {
    /// The transaction holding the output.
    public let txid: Txid

    /// The output's index in that transaction, from 0.
    public let vout: UInt32

    /// The size of a serialized outpoint: 36 bytes.
    public static let byteCount = 36

    // MARK: - Initializers

    /// The output `vout` of transaction `txid`.
    public init(txid: Txid, vout: UInt32) {
        self.txid = txid
        self.vout = vout
    }

    // MARK: - Properties

    /// The 36 serialized bytes.
    public var serialized: [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        append(to: &writer)
        return writer.bytes
    }

    /// `<txid display hex>:<vout>`.
    public var description: String { "\(txid.displayHex):\(vout)" }

    // MARK: - Methods

    /// Appends the 36 serialized bytes to `writer`.
    func append(to writer: inout ByteWriter) {
        writer.appendHash32(txid.hash32)
        writer.appendUInt32LE(vout)
    }
}
