public import HFCrypto
public import HFPrimitives

/// One wallet in a backup document: its secrets, settings and the receipts that prove its coins.
///
/// The mnemonic and passphrase are secrets and are held in `SecureBytes` (UTF-8). Restore never brings back cached
/// secrets such as the store passphrase or approval stamps, so there are no fields for them.
public struct BackupWallet: Sendable {
    /// The wallet's title as the user named it (0…256 UTF-8 bytes, no control characters).
    public let title: String
    /// The BIP39 phrase: 12, 15, 18, 21 or 24 lower-case ASCII words separated by single spaces. Secret. The
    /// words' membership in the wordlist and the checksum are the wallet's to check.
    public let mnemonic: SecureBytes
    /// The BIP39 passphrase (UTF-8, 0…1024 bytes, empty for none). Secret.
    public let passphrase: SecureBytes
    /// The wallet's network.
    public let network: Network
    /// The scheme of its receive and change keys.
    public let derivationType: AddressScheme
    /// Whether it is the default (active) wallet of its network; at most one per network.
    public let isDefault: Bool
    /// Address indexes in use, per scheme.
    public let addressIndexes: WalletAddressIndexes
    /// The receipts the signer holds for this wallet, all on `network`.
    public let receipts: [ReceiptBundle]
    /// The wallet's sweep keys (version 2; empty in version 1), all on `network`.
    public let sweepKeys: [BackupSweepKey]
    /// The key of the wallet's `.hfwallet` files (version 2; nil when none was made). Secret, 32 bytes.
    public let walletFileKey: SecureBytes?
    /// The wallet's labels (version 3; empty in versions 1 and 2), each (kind, reference) once, addresses on
    /// `network`.
    public let labels: [WalletLabel]
    /// The gap limit `wallet rescan --gap` stored (version 3; nil when none was set), 1 to 1000.
    public let gapLimit: Int?
    /// The wallet's pending transactions and answered calls (version 4; none in versions 1 to 3).
    public let pending: WalletPending
    /// The wallet's BIP32 chains when they are another application's (version 5; nil for ours): the receive and
    /// change chain paths, one space between, as `m/44'/0/0 m/44'/0/1`. Carried, not interpreted: this module checks
    /// its form (two paths of `m` and `/`-separated decimal indices, each optionally `'`); the wallet parses it.
    public let bip32Chains: String?

    /// Whether this wallet needs version 2 of the document.
    var needsVersion2: Bool { !sweepKeys.isEmpty || walletFileKey != nil }
    /// Whether this wallet needs version 3 of the document.
    var needsVersion3: Bool { !labels.isEmpty || gapLimit != nil }
    /// Whether this wallet needs version 4 of the document.
    var needsVersion4: Bool { !pending.isEmpty }
    /// Whether this wallet needs version 5 of the document.
    var needsVersion5: Bool { bip32Chains != nil }

    /// A wallet entry.
    /// - Throws: `BundleError.overLimit`/`.invalidText` (path `title`, `passphrase`),
    ///   `.invalidMnemonicFormat` (path `mnemonic`), `.countOutOfRange` (paths `receipts`, `labels`),
    ///   `.wrongNetwork` for a receipt or sweep key of another network, `.invalidAddress` for an address label of
    ///   another network, `.duplicateEntry` (paths `sweepKeys`, `labels[i]`), `.outOfRange` (path `gapLimit`), or
    ///   `.invalidText`/`.overLimit` (path `bip32Chains`) for chains not of the form described on ``bip32Chains``.
    public init(
        title: String, mnemonic: SecureBytes, passphrase: SecureBytes, network: Network,
        derivationType: AddressScheme, isDefault: Bool, addressIndexes: WalletAddressIndexes,
        receipts: [ReceiptBundle], sweepKeys: [BackupSweepKey] = [], walletFileKey: SecureBytes? = nil,
        labels: [WalletLabel] = [], gapLimit: Int? = nil, pending: WalletPending = .none, bip32Chains: String? = nil
    ) throws(BundleError) {
        self.title = try JSONField(value: .string(title), path: FieldPath(text: "title"))
            .text(maxBytes: BundleLimits.maxTitleBytes, allowEmpty: true)
        guard Self.isWellFormedMnemonic(mnemonic) else { throw .invalidMnemonicFormat(path: "mnemonic") }
        guard passphrase.count <= BundleLimits.maxPassphraseBytes else {
            throw .overLimit(path: "passphrase", limit: BundleLimits.maxPassphraseBytes)
        }
        guard passphrase.withUnsafeBytes({ UTF8Validation.isWellFormed($0.bindMemory(to: UInt8.self)) }) else {
            throw .invalidText(path: "passphrase")
        }
        guard BundleLimits.backupReceiptCount.contains(receipts.count) else {
            throw .countOutOfRange(path: "receipts", count: receipts.count, allowed: BundleLimits.backupReceiptCount)
        }
        for receipt in receipts where receipt.network != network {
            throw .wrongNetwork(expected: network, found: receipt.network)
        }
        guard sweepKeys.count <= BundleLimits.backupSweepKeyCount.upperBound else {
            throw .countOutOfRange(
                path: "sweepKeys", count: sweepKeys.count, allowed: BundleLimits.backupSweepKeyCount)
        }
        var sweepAddresses: Set<Address> = []
        for key in sweepKeys {
            guard key.address.network == network else {
                throw .wrongNetwork(expected: network, found: key.address.network)
            }
            guard sweepAddresses.insert(key.address).inserted else { throw .duplicateEntry(path: "sweepKeys") }
        }
        if let walletFileKey, walletFileKey.count != 32 {
            throw .wrongLength(path: "walletFileKey", expected: 32, actual: walletFileKey.count)
        }
        try WalletLabel.checkList(labels, network: network)
        if let gapLimit, !BundleLimits.gapLimit.contains(gapLimit) {
            throw .outOfRange(path: "gapLimit", allowed: 1...Int64(BundleLimits.gapLimit.upperBound))
        }
        self.mnemonic = mnemonic
        self.passphrase = passphrase
        self.network = network
        self.derivationType = derivationType
        self.isDefault = isDefault
        self.addressIndexes = addressIndexes
        self.receipts = receipts
        self.sweepKeys = sweepKeys
        self.walletFileKey = walletFileKey
        self.labels = labels
        self.gapLimit = gapLimit
        if let bip32Chains {
            guard bip32Chains.utf8.count <= BundleLimits.maxBIP32ChainsBytes else {
                throw .overLimit(path: "bip32Chains", limit: BundleLimits.maxBIP32ChainsBytes)
            }
            guard Self.isWellFormedChains(bip32Chains) else { throw .invalidText(path: "bip32Chains") }
        }
        self.bip32Chains = bip32Chains
        self.pending = try WalletPending(
            transactions: pending.transactions, answeredCalls: pending.answeredCalls, network: network)
    }


    /// Whether `text` is two BIP32 paths separated by one space, each `m` followed by `/`-separated decimal indices
    /// (no leading zeros, below 2³¹) each optionally marked `'` (the form HFWallet's `BIP32Chains.text` writes).
    static func isWellFormedChains(_ text: String) -> Bool {
        let paths = text.split(separator: " ", omittingEmptySubsequences: false)
        guard paths.count == 2 else { return false }
        for path in paths {
            let levels = path.split(separator: "/", omittingEmptySubsequences: false)
            guard levels.first == "m", levels.count <= 256 else { return false }
            for level in levels.dropFirst() {
                let digits = level.hasSuffix("'") ? level.dropLast() : level[...]
                guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
                    digits == "0" || digits.first != "0", let value = UInt32(digits), value < 0x8000_0000
                else { return false }
            }
        }
        return paths[0] != paths[1]
    }
    /// Whether `phrase` is 12, 15, 18, 21 or 24 words of `a`–`z` separated by single spaces.
    static func isWellFormedMnemonic(_ phrase: SecureBytes) -> Bool {
        phrase.withUnsafeBytes { bytes in
            var words = 0
            var inWord = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    if !inWord { words += 1 }
                    inWord = true
                case UInt8(ascii: " "):
                    guard inWord else { return false }
                    inWord = false
                default:
                    return false
                }
            }
            return inWord && [12, 15, 18, 21, 24].contains(words)
        }
    }
}

extension BackupWallet: Equatable {
    /// Equal when every field is; the secrets are compared in constant time.
    public static func == (lhs: BackupWallet, rhs: BackupWallet) -> Bool {
        lhs.title == rhs.title && secretsEqual(lhs.mnemonic, rhs.mnemonic)
            && secretsEqual(lhs.passphrase, rhs.passphrase) && lhs.network == rhs.network
            && lhs.derivationType == rhs.derivationType && lhs.isDefault == rhs.isDefault
            && lhs.addressIndexes == rhs.addressIndexes && lhs.receipts == rhs.receipts
            && lhs.sweepKeys == rhs.sweepKeys && BackupSecrets.equal(lhs.walletFileKey, rhs.walletFileKey)
            && lhs.labels == rhs.labels && lhs.gapLimit == rhs.gapLimit && lhs.pending == rhs.pending
            && lhs.bip32Chains == rhs.bip32Chains
    }

    /// Constant-time comparison of two secrets (the copies are zeroized).
    private static func secretsEqual(_ lhs: SecureBytes, _ rhs: SecureBytes) -> Bool {
        BackupSecrets.equal(lhs, rhs)
    }
}
