import HFCommandLine
import HFSignerCore

/// `hf-signer policy set [--max-per-tx SATS] [--max-per-window SATS --window BLOCKS] [--allow ADDR]…
/// [--allowlist-only] [--max-fee SATS]`.
struct PolicySetCommand: Command {
    static let name = "set"
    static let abstract = "Set the spending policy (replacing every rule of the current one)."
    static let discussion: String? = """
        The rules given are the whole policy: a rule left out is off. --max-per-tx caps what one transaction sends \
        to external outputs; --max-per-window with --window caps what left to external outputs in own signed \
        transactions whose nLockTime is within the last BLOCKS validated blocks (this payment included); --allow \
        (repeatable) names P2PKH addresses neither cap counts; --allowlist-only refuses every other external \
        output carrying satoshis; --max-fee caps one transaction's fee (payments, splits and sweeps). The first \
        policy asks for a new policy passphrase, which must differ from the store passphrase; later changes ask \
        for it. With --json: the result of `policy show --json`.
        """
    static let options = [
        Option.maxPerTransaction, Option.maxPerWindow, Option.window, Option.allow, Option.allowlistOnly,
        Option.maxFee, PolicyPassphraseInput.option,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let maxPerTransaction = OptionHelp(
            "--max-per-tx", value: "amount", help: "Cap on what one transaction sends to external outputs.")
        static let maxPerWindow = OptionHelp(
            "--max-per-window", value: "amount", help: "Cap on what leaves within the window (needs --window).")
        static let window = OptionHelp(
            "--window", value: "blocks", help: "The window's length in validated blocks (with --max-per-window).")
        static let allow = OptionHelp(
            "--allow", value: "address", help: "An address the caps do not count (repeatable).")
        static let allowlistOnly = OptionHelp(
            flag: "--allowlist-only", help: "External outputs may only pay --allow addresses.")
        static let maxFee = OptionHelp("--max-fee", value: "amount", help: "Cap on one transaction's fee.")
    }

    let policy: SpendingPolicy
    let passphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws {
        let maxPerTransaction = try Self.satoshis(&arguments, Option.maxPerTransaction)
        let maxPerWindow = try Self.satoshis(&arguments, Option.maxPerWindow)
        let windowText = try arguments.option(Option.window)
        let window: SpendingPolicy.Window?
        switch (maxPerWindow, windowText) {
        case (nil, nil): window = nil
        case (let cap?, let text?):
            guard let blocks = Int(text), blocks > 0 else {
                throw UsageError("--window must be a whole number of blocks above 0, not '\(text)'")
            }
            window = SpendingPolicy.Window(blocks: blocks, maxSatoshis: cap)
        default: throw UsageError("--max-per-window and --window go together; give both or neither")
        }
        let allow = try arguments.optionValues(Option.allow)
        let allowlistOnly = try arguments.flag(Option.allowlistOnly)
        let maxFee = try Self.satoshis(&arguments, Option.maxFee)
        passphrase = try PolicyPassphraseInput(parsing: &arguments)
        do {
            policy = try SpendingPolicy(
                maxPerTransaction: maxPerTransaction, window: window, allow: allow, allowlistOnly: allowlistOnly,
                maxFee: maxFee)
        } catch {
            throw SignerError.policy(error).commandError
        }
    }

    /// A satoshi amount option (0 allowed: nothing may leave).
    static func satoshis(_ arguments: inout Arguments, _ option: OptionHelp) throws(UsageError) -> UInt64? {
        guard let text = try arguments.option(option) else { return nil }
        return try AmountArgument.satoshis(text, option: option.names[0], allowsZero: true)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let status = try signerOperation { () throws(SignerError) in
            try session.setPolicy(policy, secrets: passphrase, storeSecrets: context.secrets)
        }
        if context.globals.json {
            try Output.json(status)
        } else {
            Output.result("spending policy set")
            PolicyShowCommand.print(status)
        }
        return .success
    }
}
