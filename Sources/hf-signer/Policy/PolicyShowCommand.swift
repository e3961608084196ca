import HFCommandLine
import HFPrimitives
import HFSignerCore

/// `hf-signer policy show`: the rules, and what is left in the current window of `--network`.
struct PolicyShowCommand: Command {
    static let name = "show"
    static let abstract = "Show the spending policy and what is left in the current window."
    static let discussion: String? = """
        Needs no passphrase. The window is counted on --network at its validated tip. With --json: \
        {"allow":[…],"allowlistOnly","maxFee"?,"maxPerTransaction"?,"network","set":true,"updatedAt",\
        "validatedTipHeight","window":{"blocks","firstHeight","leftSatoshis","maxSatoshis","spentSatoshis"}?}, or \
        {"network","set":false,"validatedTipHeight"} when no policy is set.
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let status = try signerOperation { () throws(SignerError) in try session.policyStatus() }
        if context.globals.json {
            try Output.json(status)
        } else {
            Self.print(status)
        }
        return .success
    }

    /// The human form: one rule a line.
    static func print(_ status: PolicyStatus) {
        guard status.set else {
            Output.result("no spending policy is set")
            return
        }
        let off = "off"
        Output.result("max per transaction: \(status.maxPerTransaction.map { AmountText.bsv($0) } ?? off)")
        if let window = status.window {
            Output.result(
                "max per window:      \(AmountText.bsv(window.maxSatoshis)) per \(window.blocks) validated blocks; on "
                    + "\(status.network) heights \(window.firstHeight)-\(status.validatedTipHeight): "
                    + "\(window.spentSatoshis) spent, \(window.leftSatoshis) left")
        } else {
            Output.result("max per window:      \(off)")
        }
        Output.result("max fee:             \(status.maxFee.map { AmountText.bsv($0) } ?? off)")
        let allow = status.allow ?? []
        Output.result(
            "allowlist:           \(allow.isEmpty ? "none" : allow.joined(separator: " "))"
                + (status.allowlistOnly == true ? " (only these may be paid)" : ""))
    }
}
