import HFCrypto
public import HFPrimitives
public import HFWallet

/// Validation of a legacy mnemonic item before import: strict UTF-8, a valid BIP39 phrase, and a sanity check that
/// seed derivation is deterministic (two independent parses and derivations must agree on the seed and wallet ID).
public enum LegacyMnemonic {
    /// The longest item accepted as a phrase.
    public static let maximumBytes = 1_024

    /// Why an item was not accepted. Carries no phrase material.
    public enum Failure: Error, Equatable, Sendable {
        case notText
        case invalidPhrase
        case derivationMismatch
    }

    /// The phrase of an item and its wallet IDs on `networks` (from the second derivation).
    ///
    /// - Throws: ``Failure``.
    public static func validate(
        _ item: [UInt8], networks: [Network]
    ) throws(Failure) -> (mnemonic: Mnemonic, walletIDs: [Network: String]) {
        guard item.count <= maximumBytes, let text = String(validating: item, as: UTF8.self) else { throw .notText }
        let first: Mnemonic
        let second: Mnemonic
        do {
            first = try Mnemonic(phrase: text)
            second = try Mnemonic(phrase: text)
        } catch {
            throw .invalidPhrase
        }
        guard first == second, constantTimeEqual(first.seed().bytes, second.seed().bytes) else {
            throw .derivationMismatch
        }
        var ids: [Network: String] = [:]
        for network in networks {
            guard let a = try? WalletKeys(mnemonic: first, network: network),
                let b = try? WalletKeys(mnemonic: second, network: network), a.walletIDHex == b.walletIDHex
            else { throw .derivationMismatch }
            ids[network] = b.walletIDHex
        }
        return (first, ids)
    }
}

extension LegacyMnemonic.Failure: CustomStringConvertible {
    /// A sentence naming the problem (never a word of the phrase).
    public var description: String {
        switch self {
        case .notText: "the legacy recovery phrase item is not UTF-8 text; the keychain item is damaged"
        case .invalidPhrase: "the legacy recovery phrase is not a valid BIP39 phrase; the keychain item is damaged"
        case .derivationMismatch:
            "deriving the legacy wallet twice gave different results; nothing was migrated, try again"
        }
    }
}
