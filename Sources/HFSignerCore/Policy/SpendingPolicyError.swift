public import HFSystem

/// Why the spending policy refused something. Every case is one sentence naming the rule and the figures.
public enum SpendingPolicyError: Error, Equatable, Sendable {
    /// A payment breaks `rule`; nothing was signed or kept (exit 77).
    case refused(rule: Rule, message: String)
    /// The policy passphrase is wrong; the policy is unchanged (exit 77).
    case wrongPassphrase
    /// The new policy passphrase equals the store passphrase (exit 65).
    case sameAsStorePassphrase
    /// The policy passphrase is empty (exit 65).
    case emptyPassphrase
    /// No policy is set (`policy clear`) (exit 66).
    case notSet
    /// The rules given are not a policy (exit 64).
    case invalid(String)
    /// The policy in the store does not match the copy in the encrypted vault: it was deleted or changed outside
    /// hf-signer; nothing is signed until `policy set` with the policy passphrase restores it (exit 77).
    case tampered

    /// The rule a refused payment breaks.
    public enum Rule: String, Sendable {
        case maxPerTransaction, maxPerWindow, allowlistOnly, maxFee
    }
}

extension SpendingPolicyError: CustomStringConvertible {
    /// A sentence naming the problem and the fix.
    public var description: String {
        switch self {
        case .refused(_, let message): message
        case .wrongPassphrase: "wrong policy passphrase; the spending policy is unchanged"
        case .sameAsStorePassphrase:
            "the policy passphrase must differ from the store passphrase (whoever can sign must not be able to lift "
                + "the limits); choose another one; nothing was changed"
        case .emptyPassphrase: "the policy passphrase is empty; give one; nothing was changed"
        case .notSet: "no spending policy is set in this home; nothing was changed"
        case .invalid(let reason): "\(reason); nothing was changed"
        case .tampered:
            "the spending policy in the store does not match the one kept in the encrypted vault: it was deleted or "
                + "changed outside hf-signer; nothing is signed until `hf-signer policy set` with the policy "
                + "passphrase puts a policy back"
        }
    }

    /// The exit status (docs/design.md §8).
    public var exitStatus: ExitStatus {
        switch self {
        case .refused, .wrongPassphrase, .tampered: .noPermission
        case .sameAsStorePassphrase, .emptyPassphrase: .dataError
        case .notSet: .noInput
        case .invalid: .usage
        }
    }

    /// The stable `--json` error code.
    public var code: String {
        switch self {
        case .refused(let rule, _): "policy" + rule.rawValue.prefix(1).uppercased() + rule.rawValue.dropFirst()
        case .wrongPassphrase: "wrongPolicyPassphrase"
        case .sameAsStorePassphrase: "policyPassphraseIsStorePassphrase"
        case .emptyPassphrase: "emptyPolicyPassphrase"
        case .notSet: "noPolicy"
        case .invalid: "usage"
        case .tampered: "policyTampered"
        }
    }
}
