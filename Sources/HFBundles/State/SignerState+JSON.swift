import HFCrypto
import HFPrimitives

extension SignerState {
    /// The state as a JSON object member value (`signerState`), signature included.
    public var jsonValue: JSONValue {
        var members = content.jsonMembers
        members["signature"] = .string(signature.derRepresentation.hex)
        if let addressPack { members["addressPack"] = addressPack.jsonValue }
        return .object(members)
    }

    /// Reads a `signerState` member inside a bundle of `network`.
    /// - Throws: `BundleError` for the first fault (fields, a network other than the bundle's, a wallet ID that does
    ///   not match the identity key, the content's checks, a signature not strict DER or high-S). The signature
    ///   itself is not verified here.
    static func read(_ field: JSONField, network expected: Network) throws(BundleError) -> SignerState {
        var reader = try field.object()
        let network = try JSONObjectReader.network(try reader.field("network"), expected: expected)
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let identityKey = try reader.field("identityKey").publicKey()
        let createdAt = try reader.field("createdAt").timestamp()
        let sequence = try reader.field("sequence").integer(in: 0...UInt64(Int64.max))
        let tip = try point(try reader.field("tip"))
        let locator = try reader.field("locator").array(count: locatorCount).map { entry throws(BundleError) in
            try point(entry)
        }
        let receipts = try reader.field("receipts").array(count: receiptCount).map {
            entry throws(BundleError) -> HeldReceipt in
            var receipt = try entry.object()
            let held = HeldReceipt(
                txid: try receipt.field("txid").txid(), height: try receipt.field("height").integer(in: 0...UInt32.max))
            try receipt.finish()
            return held
        }
        let pending = try reader.field("pending").array(count: pendingCount).map { entry throws(BundleError) in
            try entry.txid()
        }
        let packs = try reader.field("packs").array(count: 0...4).map { entry throws(BundleError) -> PackReach in
            var pack = try entry.object()
            let reach = PackReach(
                scheme: try pack.field("scheme").oneOf(AddressScheme.self),
                chain: try pack.field("chain").oneOf(PackChain.self),
                end: try pack.field("end").integer(in: 0...UInt32.max))
            try pack.finish()
            return reach
        }
        let gapLimit = try reader.field("gapLimit").integer(in: UInt32(1)...1000)
        let signature = try AddressPackBundle.signature(try reader.field("signature"))
        let pack = try reader.optionalField("addressPack").map { field throws(BundleError) in
            try AddressPackBundle(reader: try field.object(), expectedNetwork: network)
        }
        try reader.finish()
        let content = Content(
            network: network, identityKey: identityKey, createdAt: createdAt, sequence: sequence, tip: tip,
            locator: locator, receipts: receipts, pending: pending, packs: packs, gapLimit: gapLimit)
        guard content.receipts == receipts, content.pending == pending, content.packs == packs else {
            throw .invalidValue(path: field.path.text, allowed: ["receipts, pending and packs in canonical order"])
        }
        var state = try SignerState(content: content, signature: signature)
        guard state.walletID == walletID else { throw .walletIDMismatch }
        if let pack {
            guard pack.walletID == walletID, pack.signerState == nil else {
                throw .invalidValue(path: field.path.appending("addressPack").text, allowed: ["a pack of the same wallet"])
            }
            state.addressPack = pack
        }
        return state
    }

    /// Reads a `{"height","hash"}` object.
    private static func point(_ field: JSONField) throws(BundleError) -> ChainPoint {
        var reader = try field.object()
        let point = ChainPoint(
            height: try reader.field("height").integer(in: 0...UInt32.max), hash: try reader.field("hash").blockHash())
        try reader.finish()
        return point
    }
}

extension SignerState.Content {
    /// The members of the signed JSON object (no signature).
    var jsonMembers: [String: JSONValue] {
        func point(_ point: SignerState.ChainPoint) -> JSONValue {
            .object(["height": .integer(UInt64(point.height)), "hash": .string(point.hash.displayHex)])
        }
        return [
            "network": .string(network.rawValue),
            "walletId": .string(UnsignedAddressPack.walletID(identityKey: identityKey, network: network).hex),
            "identityKey": .string(identityKey.compressed.hex),
            "createdAt": .string(createdAt.text),
            "sequence": .integer(sequence),
            "tip": point(tip),
            "locator": .array(locator.map(point)),
            "receipts": .array(
                receipts.map { .object(["txid": .string($0.txid.displayHex), "height": .integer(UInt64($0.height))]) }),
            "pending": .array(pending.map { .string($0.displayHex) }),
            "gapLimit": .integer(UInt64(gapLimit)),
            "packs": .array(
                packs.map {
                    .object([
                        "scheme": .string($0.scheme.rawValue), "chain": .string($0.chain.rawValue),
                        "end": .integer(UInt64($0.end)),
                    ])
                }),
        ]
    }
}

extension JSONObjectReader {
    /// Reads the optional `signerState` member of a signer bundle on `network`.
    mutating func readSignerState(network: Network) throws(BundleError) -> SignerState? {
        guard let field = optionalField("signerState") else { return nil }
        return try SignerState.read(field, network: network)
    }
}
