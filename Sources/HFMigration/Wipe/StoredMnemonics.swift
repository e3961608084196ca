public import HFStore
public import HFWallet

/// The ground truth of which seeds are stored: every vault wallet mnemonic and, with a legacy keychain, every
/// legacy mnemonic account, each read or marked unreadable. Authorization decisions use this, never row counts.
public struct StoredMnemonics {
    /// One vault entry: its stored wallet ID and, when readable, its contents.
    public struct VaultItem {
        public let walletID: String
        public let entry: VaultWalletEntry?
    }

    /// One legacy mnemonic account and, when readable and valid, its phrase.
    public struct LegacyItem {
        public let account: String
        public let mnemonic: Mnemonic?
    }

    public let vault: [VaultItem]
    public let legacy: [LegacyItem]
    /// The vault ids or the legacy keychain could not be enumerated.
    public let enumerationFailed: Bool

    /// Reads everything (nothing is written).
    public init(vault store: any KeyshareVault, keychain: LegacyKeychain?) {
        var failed = false
        var vaultItems: [VaultItem] = []
        if let ids = try? VaultWalletEntry.ids(in: store) {
            vaultItems = ids.map { VaultItem(walletID: $0, entry: VaultWalletEntry.read($0, from: store)) }
        } else {
            failed = true
        }
        var legacyItems: [LegacyItem] = []
        if let keychain {
            if let inventory = try? LegacyInventory(enumerating: keychain) {
                legacyItems = inventory.mnemonicWalletIDs.map { id in
                    let account = DashSyncLayout.mnemonicAccount(id)
                    let mnemonic = (try? keychain.read(account: account)).flatMap {
                        try? LegacyMnemonic.validate($0, networks: []).mnemonic
                    }
                    return LegacyItem(account: account, mnemonic: mnemonic)
                }
            } else {
                failed = true
            }
        }
        vault = vaultItems
        legacy = legacyItems
        enumerationFailed = failed
    }

    /// Whether the enumeration worked and every item could be read.
    public var allReadable: Bool {
        !enumerationFailed && vault.allSatisfy { $0.entry != nil } && legacy.allSatisfy { $0.mnemonic != nil }
    }

    /// How many stored phrases (vault and legacy) are readable and equal `phrase`, and how many are not.
    public func matches(_ phrase: Mnemonic) -> (matching: Int, other: Int) {
        var matching = 0
        var other = 0
        for item in vault {
            if item.entry?.samePhrase(as: phrase) == true { matching += 1 } else { other += 1 }
        }
        for item in legacy {
            if let mnemonic = item.mnemonic, mnemonic == phrase { matching += 1 } else { other += 1 }
        }
        return (matching, other)
    }

    /// The legacy accounts holding `phrase`.
    public func legacyAccounts(holding phrase: Mnemonic) -> [String] {
        legacy.filter { $0.mnemonic.map { $0 == phrase } ?? false }.map(\.account)
    }
}
