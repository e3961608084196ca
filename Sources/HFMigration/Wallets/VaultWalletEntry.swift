import HFCrypto
public import HFStore
public import HFPrimitives
public import HFWallet

/// A wallet mnemonic in the vault (`wallet-<walletId>`), decoded: the ground truth of which seeds are stored.
public struct VaultWalletEntry: Sendable {
    /// The vault id prefix of wallet mnemonics.
    public static let prefix = "wallet-"

    /// The stored wallet ID (the id without its prefix).
    public let walletID: String
    /// The phrase. Secret.
    public let mnemonic: Mnemonic
    /// The BIP39 passphrase. Secret.
    public let passphrase: String

    /// Every wallet id in `vault`.
    public static func ids(in vault: any KeyshareVault) throws(VaultError) -> [String] {
        try vault.ids().filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Reads and decodes one entry; nil when it is missing, damaged or not a wallet secret.
    public static func read(_ walletID: String, from vault: any KeyshareVault) -> VaultWalletEntry? {
        guard let item = try? vault.read(id: prefix + walletID), let secret = WalletSecret(item),
            let mnemonic = try? Mnemonic(phrase: secret.phrase)
        else { return nil }
        return VaultWalletEntry(walletID: walletID, mnemonic: mnemonic, passphrase: secret.passphrase)
    }

    /// Whether this entry holds the same phrase as `other` (entropy compared in constant time).
    public func samePhrase(as other: Mnemonic) -> Bool { constantTimeEqual(mnemonic.entropy, other.entropy) }

    /// The wallet ID of this seed on `network`.
    public func walletID(on network: Network) -> String? {
        try? WalletKeys(mnemonic: mnemonic, passphrase: passphrase, network: network).walletIDHex
    }
}
