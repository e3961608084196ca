public import HFPrimitives

/// A `.hftx` bundle: a signed transaction ready to broadcast, with the outputs its inputs spend (docs/design.md §4).
///
/// The transaction is not parsed here (beyond `txid == hash256(rawTx)`), so this type cannot check that `inputs`
/// matches the transaction's inputs in number and order; the watcher does that when it builds the extended format.
public struct TransactionBundle: Hashable, Sendable {
    /// The network.
    public let network: Network
    /// `hash256(rawTx)`.
    public let txid: Txid
    /// The serialized signed transaction, 1 byte to 32 MiB.
    public let rawTx: [UInt8]
    /// When the signer made the transaction.
    public let createdAt: RFC3339Timestamp
    /// The outputs spent by the transaction's inputs, in input order; 1…100,000, no outpoint twice.
    public let inputs: [PreviousOutput]
    /// The signer's state carried with the bundle (`signerState`), if any: see ``SignerState``.
    public var signerState: SignerState?

    // MARK: - Initializers

    /// A bundle for `rawTx`; the txid is computed.
    /// - Throws: `BundleError.overLimit`/`.emptyValue` (path `rawTx`) for a transaction over 32 MiB or empty,
    ///   `.countOutOfRange` (path `inputs`), or `.duplicateEntry` for an outpoint listed twice.
    public init(
        network: Network, rawTx: [UInt8], createdAt: RFC3339Timestamp, inputs: [PreviousOutput]
    ) throws(BundleError) {
        try self.init(network: network, txid: Txid(hashing: rawTx), rawTx: rawTx, createdAt: createdAt, inputs: inputs)
    }

    /// A bundle whose txid is given and checked.
    init(
        network: Network, txid: Txid, rawTx: [UInt8], createdAt: RFC3339Timestamp, inputs: [PreviousOutput]
    ) throws(BundleError) {
        guard rawTx.count <= BundleLimits.maxRawTransactionBytes else {
            throw .overLimit(path: "rawTx", limit: BundleLimits.maxRawTransactionBytes)
        }
        guard !rawTx.isEmpty else { throw .emptyValue(path: "rawTx") }
        guard BundleLimits.transactionInputCount.contains(inputs.count) else {
            throw .countOutOfRange(path: "inputs", count: inputs.count, allowed: BundleLimits.transactionInputCount)
        }
        var seen: Set<Outpoint> = []
        for (index, input) in inputs.enumerated() where !seen.insert(Outpoint(input)).inserted {
            throw .duplicateEntry(path: "inputs[\(index)]")
        }
        guard Txid(hashing: rawTx) == txid else { throw .txidMismatch }
        self.network = network
        self.txid = txid
        self.rawTx = rawTx
        self.createdAt = createdAt
        self.inputs = inputs
    }
}

/// An outpoint as a set key, for the duplicate check.
private struct Outpoint: Hashable {
    let txid: Txid
    let vout: UInt32

    init(_ output: PreviousOutput) {
        txid = output.txid
        vout = output.vout
    }
}
