import HFPrimitives
public import HFWallet

/// The decision on a wipe request.
public enum WipeAuthorization: Sendable, Equatable {
    /// Allowed; these legacy mnemonic accounts are deleted first.
    case authorized(legacyAccounts: [String])
    /// Refused; nothing is deleted.
    case denied(String)

    /// Decides `reason` against the stored ground truth.
    public static func decide(_ reason: WipeReason, stored: StoredMnemonics) -> WipeAuthorization {
        switch reason {
        case .recoveryFlow(let phrase):
            guard stored.allReadable else {
                return .denied("a stored wallet cannot be read, so no recovery phrase can authorize a wipe")
            }
            let (matching, other) = stored.matches(phrase)
            if other > 0 {
                return .denied(
                    matching > 0
                        ? "the phrase matches some but not all stored wallets (\(matching) of \(matching + other)); "
                            + "a recovery wipe needs a phrase that matches every stored wallet"
                        : "the phrase does not match the stored wallets")
            }
            return .authorized(legacyAccounts: stored.legacyAccounts(holding: phrase))
        case .confirmedDeleteAll:
            guard !stored.enumerationFailed else {
                return .denied("the stored wallets cannot be listed, so Delete All cannot find every legacy seed")
            }
            return .authorized(legacyAccounts: stored.legacy.map(\.account))
        case .zeroBalance(let network, let balance):
            guard network == .main else {
                return .denied("a zero balance authorizes a wipe only on mainnet (the balance shown is per network)")
            }
            guard stored.allReadable else { return .denied("a stored wallet cannot be read") }
            guard stored.vault.count == 1, let only = stored.vault.first?.entry else {
                return .denied("a zero balance authorizes a wipe only with exactly one stored wallet ID "
                    + "(\(stored.vault.count) are stored)")
            }
            guard stored.legacy.allSatisfy({ $0.mnemonic.map { only.samePhrase(as: $0) } ?? false }) else {
                return .denied("another legacy wallet is stored, so a zero balance cannot authorize a wipe")
            }
            guard balance == 0 else { return .denied("the active wallet's confirmed balance is not zero") }
            return .authorized(legacyAccounts: stored.legacy.map(\.account))
        case .screenshotReplacement, .debugReset:
            return .authorized(legacyAccounts: [])
        }
    }
}

extension WipeAuthorization {
    /// Forgot-PIN style ownership proof: non-destructive, so any one readable stored phrase (vault or legacy) that
    /// equals `phrase` proves it. Never authorizes a wipe.
    public static func provesOwnership(_ phrase: Mnemonic, stored: StoredMnemonics) -> Bool {
        stored.vault.contains { $0.entry?.samePhrase(as: phrase) == true }
            || stored.legacy.contains { $0.mnemonic.map { $0 == phrase } ?? false }
    }
}
