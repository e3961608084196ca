/// Another BSV application's BIP32 layout, by the name `--preset` takes (`docs/reference/wallet-paths.md`, which gives
/// each one's sources; a wallet no source confirms has no preset).
public enum WalletPreset: String, CaseIterable, Sendable {
    /// Centbee: receive `m/44'/0/0/N`, change `m/44'/0/1/N`; the 4-digit PIN is the BIP39 passphrase
    /// (`docs/reference/wallet-paths.md` §1).
    case centbee
    /// ElectrumSV's BIP39 import: `m/44'/0'/0'/0/N` and `/1/N` (§2).
    case electrumsv
    /// Twetch: the single address `m/0/0`, receive address 0 of the chains `m/0` and `m/1` (§3).
    case twetch
    /// Yours Wallet: its payment address `m/44'/236'/0'/1/0` is change address 0 of our own layout, so the chains are
    /// ours, `m/44'/236'/0'/0` and `/1` (§4).
    case yours

    /// The chains of this preset.
    public var chains: BIP32Chains {
        // The prefixes are constants of this file, well within the depth limit.
        switch self {
        case .centbee: Self.prefixed([DerivationPath.hardened(44), 0])
        case .electrumsv:
            Self.prefixed([DerivationPath.hardened(44), DerivationPath.hardened(0), DerivationPath.hardened(0)])
        case .twetch: Self.prefixed([])
        case .yours: .standard
        }
    }

    /// Whether the application always set a BIP39 passphrase (Centbee's PIN), so a phrase without one cannot be
    /// its wallet.
    public var needsPassphrase: Bool { self == .centbee }

    /// What the passphrase is, for messages; nil when the application set none of its own.
    public var passphraseNote: String? {
        switch self {
        case .centbee: "Centbee's 4-digit PIN is the BIP39 passphrase"
        case .electrumsv, .twetch, .yours: nil
        }
    }

    private static func prefixed(_ indices: [UInt32]) -> BIP32Chains {
        guard let chains = try? BIP32Chains(prefix: DerivationPath(indices: indices)) else {
            preconditionFailure("a preset's prefix is short")
        }
        return chains
    }
}
