import HFCommandLine

/// `hf-signer policy set|show|clear`: the home's spending policy.
struct PolicyCommand: CommandGroup {
    static let name = "policy"
    static let abstract = "Set, show or clear the home's spending policy (limits enforced by validated blocks)."
    static let discussion: String? = """
        One policy per home binds every wallet of every network. It is guarded by its own policy passphrase (set \
        with the first policy, asked for every change; never the store passphrase), read from \
        --policy-passphrase-file (mode 0600) or the terminal. A payment that breaks it is refused before signing \
        (exit 77) and nothing is kept. The window counts validated blocks: only imported proof-of-work headers move \
        it. See POLICY in hf-signer(1).
        """
    static let subcommands: [any Command.Type] = [
        PolicySetCommand.self, PolicyShowCommand.self, PolicyClearCommand.self,
    ]
}
