public import HFWallet

/// A wallet's recovery phrase, read from the vault for `wallet show-seed`. Secret: show it only where the user asked.
public struct RevealedSeed: CustomStringConvertible {
    /// The wallet the phrase belongs to.
    public let wallet: WalletInfo
    /// The phrase, checked against the wallet's identity key. Secret.
    public let mnemonic: Mnemonic
    /// Whether the wallet also has a BIP39 passphrase, which the phrase alone does not restore. Not secret.
    public let hasBIP39Passphrase: Bool

    /// The wallet and the word count only, never a word.
    public var description: String { "RevealedSeed(\(wallet.walletID.prefix(16)), \(mnemonic.wordCount) words)" }
}
