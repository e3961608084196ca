public import HFPrimitives

extension UpdateBundle {
    /// Decodes and validates a `.hfupdate` file: the envelope, then every nested header run and receipt with its own
    /// decoder's checks.
    /// - Throws: `BundleError` for the first fault, with the nested member's path.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes the file's top-level object.
    init(topLevel object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.update)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let createdAt = try reader.field("createdAt").timestamp()
        let headers = try reader.field("headers").array(count: Self.headerRunCount).map {
            field throws(BundleError) in try HeadersBundle(reader: try field.object(), expectedNetwork: network)
        }
        let receipts = try reader.field("receipts").array(count: Self.receiptCount).map {
            field throws(BundleError) in try ReceiptBundle(reader: try field.object(), expectedNetwork: network)
        }
        let feeQuote = try reader.optionalField("feeQuote").map { field throws(BundleError) in
            try HeadersBundle.feeQuote(field)
        }
        let used = try reader.field("usedIndexes").array(count: 0...4).map { field throws(BundleError) -> UsedIndex in
            var entry = try field.object()
            let used = UsedIndex(
                scheme: try entry.field("scheme").oneOf(AddressScheme.self),
                chain: try entry.field("chain").oneOf(PackChain.self),
                index: try entry.field("index").integer(in: 0...UInt32.max))
            try entry.finish()
            return used
        }
        try reader.finish()
        try self.init(
            network: network, walletID: walletID, createdAt: createdAt, headers: headers, receipts: receipts,
            feeQuote: feeQuote, usedIndexes: used)
    }

    /// The canonical JSON bytes.
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.update, network: network)
        members["walletId"] = .string(walletID.hex)
        members["createdAt"] = .string(createdAt.text)
        members["headers"] = .array(headers.map(\.jsonValue))
        members["receipts"] = .array(receipts.map(\.jsonValue))
        if let feeQuote { members["feeQuote"] = feeQuote.jsonValue }
        members["usedIndexes"] = .array(
            usedIndexes.map {
                .object([
                    "scheme": .string($0.scheme.rawValue), "chain": .string($0.chain.rawValue),
                    "index": .integer(UInt64($0.index)),
                ])
            })
        return JSONValue.object(members).canonicalBytes
    }
}
