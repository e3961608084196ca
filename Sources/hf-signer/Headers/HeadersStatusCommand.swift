import HFCommandLine
import HFSignerCore

/// `hf-signer headers status`: the checkpoint and the validated tip of the selected network.
struct HeadersStatusCommand: Command {
    static let name = "status"
    static let abstract = "Show the checkpoint, the validated tip and how far the tip is past the checkpoint."
    static let discussion: String? = """
        With --json: {"blocksPastCheckpoint","checkpointHash","checkpointHeight","network","validatedTipHash",\
        "validatedTipHeight"}.
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let status = try signerOperation { () throws(SignerError) in try session.headerStatus() }
        if context.globals.json {
            try Output.json(status)
        } else {
            Output.result("""
                network:    \(status.network)
                checkpoint: \(status.checkpointHeight) \(status.checkpointHash)
                validated:  \(status.validatedTipHeight) \(status.validatedTipHash)
                past checkpoint: \(status.blocksPastCheckpoint) block\(status.blocksPastCheckpoint == 1 ? "" : "s")
                """)
        }
        return .success
    }
}
