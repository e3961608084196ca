public import HFPrimitives

extension WalletFileDocument {
    /// Decodes and validates the plaintext of an opened wallet file.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, sizes), or a
    ///   receipt that fails its own checks or is of another network, or a label whose reference is malformed or
    ///   labelled twice.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        var reader = try BundleEnvelope.topLevel(bytes)
        let version = try reader.readFormat(.walletFileDocument, versions: Self.readableVersions)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let title = try reader.field("title").text(maxBytes: BundleLimits.maxTitleBytes, allowEmpty: true)
        let derivationType = try reader.field("derivationType").oneOf(AddressScheme.self)
        let createdAt = try reader.field("createdAt").timestamp()
        var indexesReader = try reader.field("addressIndexes").object()
        let indexes = WalletAddressIndexes(
            type42: try BackupDocument.addressIndexes(try indexesReader.field("type42")),
            bip44: try BackupDocument.addressIndexes(try indexesReader.field("bip44")))
        try indexesReader.finish()
        var receipts: [ReceiptBundle] = []
        for receiptField in try reader.field("receipts").array(count: BundleLimits.backupReceiptCount) {
            receipts.append(try ReceiptBundle(reader: try receiptField.object(), expectedNetwork: network))
        }
        // Version-2 members are read only in version 2; in version 1 `finish()` refuses them as unknown.
        var labels: [WalletLabel] = []
        var gapLimit: Int?
        if version >= 2 {
            if let labelsField = reader.optionalField("labels") {
                labels = try WalletLabel.decodeList(labelsField, network: network)
            }
            gapLimit = try reader.optionalField("gapLimit")?.integer(in: BundleLimits.gapLimit)
        }
        let pending = version >= 3 ? try WalletPending.decode(&reader, network: network) : .none
        try reader.finish()
        try self.init(
            network: network, walletID: walletID, title: title, derivationType: derivationType, createdAt: createdAt,
            addressIndexes: indexes, receipts: receipts, labels: labels, gapLimit: gapLimit,
            pending: pending)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex).
    public func encoded() -> [UInt8] {
        let indexes: (AddressIndexes) -> JSONValue = {
            .object(["receive": .integer(UInt64($0.receive)), "change": .integer(UInt64($0.change))])
        }
        var members = BundleEnvelope.members(.walletFileDocument, network: network)
        members["version"] = .integer(version)
        if !labels.isEmpty { members["labels"] = .array(labels.map(\.jsonValue)) }
        if let gapLimit { members["gapLimit"] = .integer(gapLimit) }
        members.merge(pending.jsonMembers) { first, _ in first }
        members["walletId"] = .string(walletID.hex)
        members["title"] = .string(title)
        members["derivationType"] = .string(derivationType.rawValue)
        members["createdAt"] = .string(createdAt.text)
        members["addressIndexes"] = .object(["type42": indexes(addressIndexes.type42), "bip44": indexes(addressIndexes.bip44)])
        members["receipts"] = .array(
            receipts.map { receipt in
                // A receipt's own canonical bytes always parse back.
                (try? JSONParser.parse(receipt.encoded(), limits: .bundle)) ?? .null
            })
        return JSONValue.object(members).canonicalBytes
    }
}
