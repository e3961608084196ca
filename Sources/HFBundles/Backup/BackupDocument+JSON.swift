public import HFCrypto
import HFPrimitives

extension BackupDocument {
    /// Decodes and validates a backup document (the plaintext of an opened `.bep`).
    ///
    /// - Parameter plaintext: the canonical JSON (any whitespace and member order is accepted on read). Secret.
    /// - Throws: `BundleError` for the first fault: JSON, `format`/`version`, fields (missing, unknown, types,
    ///   sizes), an ill-formed mnemonic, a receipt that fails its own checks or is of another network than its
    ///   wallet, a label whose reference is malformed or labelled twice, or two default wallets on one network.
    public init(decoding plaintext: SecureBytes) throws(BundleError) {
        var copy = plaintext.bytes
        defer { Zeroization.zeroize(&copy) }
        var reader = try BundleEnvelope.topLevel(copy)
        let version = try reader.readFormat(.backupDocument, versions: Self.readableVersions)
        let createdAt = try reader.field("createdAt").timestamp()
        var wallets: [BackupWallet] = []
        for walletField in try reader.field("wallets").array(count: BundleLimits.backupWalletCount) {
            wallets.append(try Self.wallet(walletField, version: version))
        }
        // Version-2 members are read only in version 2; in version 1 `finish()` refuses them as unknown.
        let policy = version >= 2 ? try reader.optionalField("policy").map(BackupPolicy.init) : nil
        try reader.finish()
        try self.init(createdAt: createdAt, wallets: wallets, policy: policy)
    }

    /// Reads one wallet object of a document of `version`.
    private static func wallet(_ field: JSONField, version: Int64) throws(BundleError) -> BackupWallet {
        var reader = try field.object()
        let title = try reader.field("title").text(maxBytes: BundleLimits.maxTitleBytes, allowEmpty: true)
        let mnemonicField = try reader.field("mnemonic")
        let mnemonic = try secret(mnemonicField, maxBytes: 24 * 9)
        guard BackupWallet.isWellFormedMnemonic(mnemonic) else {
            throw .invalidMnemonicFormat(path: mnemonicField.path.text)
        }
        let passphrase = try secret(try reader.field("passphrase"), maxBytes: BundleLimits.maxPassphraseBytes)
        let network = try JSONObjectReader.network(try reader.field("network"), expected: nil)
        let derivationType = try reader.field("derivationType").oneOf(AddressScheme.self)
        let isDefault = try reader.field("isDefault").bool()
        var indexesReader = try reader.field("addressIndexes").object()
        let indexes = WalletAddressIndexes(
            type42: try addressIndexes(try indexesReader.field("type42")),
            bip44: try addressIndexes(try indexesReader.field("bip44")))
        try indexesReader.finish()
        var receipts: [ReceiptBundle] = []
        for receiptField in try reader.field("receipts").array(count: BundleLimits.backupReceiptCount) {
            receipts.append(try ReceiptBundle(reader: try receiptField.object(), expectedNetwork: network))
        }
        var sweepKeys: [BackupSweepKey] = []
        var walletFileKey: SecureBytes?
        if version >= 2 {
            if let keysField = reader.optionalField("sweepKeys") {
                for keyField in try keysField.array(count: BundleLimits.backupSweepKeyCount) {
                    sweepKeys.append(try sweepKey(keyField, network: network))
                }
            }
            if let keyField = reader.optionalField("walletFileKey") {
                var bytes = try keyField.hexBytes(count: 32)
                walletFileKey = SecureBytes(consuming: &bytes)
            }
        }
        var labels: [WalletLabel] = []
        var gapLimit: Int?
        if version >= 3 {
            if let labelsField = reader.optionalField("labels") {
                labels = try WalletLabel.decodeList(labelsField, network: network)
            }
            gapLimit = try reader.optionalField("gapLimit")?.integer(in: BundleLimits.gapLimit)
        }
        let pending = version >= 4 ? try WalletPending.decode(&reader, network: network) : .none
        let bip32Chains =
            version >= 5
            ? try reader.optionalField("bip32Chains")?.text(maxBytes: BundleLimits.maxBIP32ChainsBytes) : nil
        try reader.finish()
        do {
            return try BackupWallet(
                title: title, mnemonic: mnemonic, passphrase: passphrase, network: network,
                derivationType: derivationType, isDefault: isDefault, addressIndexes: indexes, receipts: receipts,
                sweepKeys: sweepKeys, walletFileKey: walletFileKey, labels: labels, gapLimit: gapLimit,
                pending: pending, bip32Chains: bip32Chains)
        } catch {
            throw error.rebased(onto: field.path)
        }
    }

    /// Reads one sweep key object of a wallet on `network`.
    private static func sweepKey(_ field: JSONField, network: Network) throws(BundleError) -> BackupSweepKey {
        var reader = try field.object()
        let addressField = try reader.field("address")
        let text = try addressField.string()
        let address: Address
        do { address = try Address(string: text, network: network) } catch {
            throw .invalidAddress(path: addressField.path.text, error)
        }
        let compressed = try reader.field("compressed").bool()
        var key = try reader.field("privateKey").hexBytes(count: 32)
        let privateKey = SecureBytes(consuming: &key)
        try reader.finish()
        do { return try BackupSweepKey(address: address, compressed: compressed, privateKey: privateKey) } catch {
            throw error.rebased(onto: field.path)
        }
    }

    /// A string field's UTF-8 bytes, at most `maxBytes`, moved into zeroizing storage.
    private static func secret(_ field: JSONField, maxBytes: Int) throws(BundleError) -> SecureBytes {
        let text = try field.string()
        guard text.utf8.count <= maxBytes else { throw .overLimit(path: field.path.text, limit: maxBytes) }
        var bytes = Array(text.utf8)
        return SecureBytes(consuming: &bytes)
    }

    /// Reads `{"change":N,"receive":N}`.
    static func addressIndexes(_ field: JSONField) throws(BundleError) -> AddressIndexes {
        var reader = try field.object()
        let change = try reader.field("change").integer(in: 0...AddressIndexes.maxCount)
        let receive = try reader.field("receive").integer(in: 0...AddressIndexes.maxCount)
        try reader.finish()
        do {
            return try AddressIndexes(receive: receive, change: change)
        } catch {
            throw error.rebased(onto: field.path)
        }
    }
}
