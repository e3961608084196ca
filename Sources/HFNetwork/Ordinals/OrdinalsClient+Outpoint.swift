public import HFPrimitives

extension OrdinalsClient {
    /// A transaction output: txid and index.
    public struct Outpoint: Hashable, Sendable, CustomStringConvertible {
        /// The transaction.
        public let txid: Txid
        /// The output index.
        public let vout: UInt32

        /// An outpoint from its parts.
        public init(txid: Txid, vout: UInt32) {
            self.txid = txid
            self.vout = vout
        }

        /// The indexer's form, `<txid display hex>_<vout>`.
        public var text: String { "\(txid.displayHex)_\(vout)" }

        /// The indexer's form.
        public var description: String { text }
    }
}
