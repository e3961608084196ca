public import HFPrimitives

extension TransactionBundle {
    /// Decodes and validates a `.hftx` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex, sizes),
    ///   a duplicate outpoint, or `.txidMismatch` when `hash256(rawTx)` is not `txid`.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes a `.hftx` object read from any position (a file's top level, or inside a backup document).
    init(reader object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.transaction)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let txid = try reader.field("txid").txid()
        let rawTxField = try reader.field("rawTx")
        let rawTx = try rawTxField.hexBytes(maxBytes: BundleLimits.maxRawTransactionBytes)
        guard !rawTx.isEmpty else { throw .emptyValue(path: rawTxField.path.text) }
        let createdAt = try reader.field("createdAt").timestamp()
        var inputs: [PreviousOutput] = []
        for inputField in try reader.field("inputs").array(count: BundleLimits.transactionInputCount) {
            inputs.append(try Self.previousOutput(inputField))
        }
        let state = try reader.readSignerState(network: network)
        try reader.finish()
        try self.init(network: network, txid: txid, rawTx: rawTx, createdAt: createdAt, inputs: inputs)
        signerState = state
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.transaction, network: network)
        members["txid"] = .string(txid.displayHex)
        members["rawTx"] = .string(rawTx.hex)
        members["createdAt"] = .string(createdAt.text)
        members["inputs"] = .array(
            inputs.map { input in
                .object([
                    "txid": .string(input.txid.displayHex), "vout": .integer(UInt64(input.vout)),
                    "satoshis": .integer(input.satoshis.satoshis), "lockingScript": .string(input.lockingScript.hex),
                ])
            })
        if let signerState { members["signerState"] = signerState.jsonValue }
        return JSONValue.object(members).canonicalBytes
    }

    /// Reads one `inputs` element.
    private static func previousOutput(_ field: JSONField) throws(BundleError) -> PreviousOutput {
        var reader = try field.object()
        let txid = try reader.field("txid").txid()
        let vout = try reader.field("vout").integer(in: 0...UInt32.max)
        let satoshis = try reader.field("satoshis").integer(in: 0...Amount.maxMoney)
        let script = try reader.field("lockingScript").hexBytes(maxBytes: BundleLimits.maxRawTransactionBytes)
        try reader.finish()
        let amount: Amount
        do {
            amount = try Amount(satoshis: satoshis)
        } catch {
            throw .outOfRange(path: field.path.appending("satoshis").text, allowed: 0...Int64(Amount.maxMoney))
        }
        return try PreviousOutput(txid: txid, vout: vout, satoshis: amount, lockingScript: script)
    }
}
