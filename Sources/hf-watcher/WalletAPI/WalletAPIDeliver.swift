import Foundation
import HFBundles
import HFCommandLine
import HFWatcherCore

/// `hf-watcher wallet-api deliver FILE.hfanswer`: hands the signer's answer to the waiting request.
struct WalletAPIDeliver: AsyncCommand {
    static let name = "deliver"
    static let abstract = "Deliver a .hfanswer from the signer to the BRC-100 call waiting for it."
    static let discussion: String? = """
        The answer is decoded strictly and must answer a call still waiting in the outbox: the same call ID, call \
        digest, method and network, signed by the wallet's identity key. Then it is put beside the call and the \
        waiting request answers within a second. An answer for an unknown, answered or expired call, for another \
        call, signed by another key, or changed in any byte is refused (exit 65) and nothing is delivered. With \
        --json: {"callId","method","outcome"} (outcome "result" or "refused").
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfanswer file from `hf-signer call answer`.")]

    let file: String

    init(parsing arguments: inout Arguments) throws {
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError(.noInput, "cannot read '\(file)'")
        }
        let (call, answer) = try await watcherOperation { () async throws(WatcherError) in
            // The signer's state rides along: a state of another identity refuses the answer before anything is sent.
            try await session.deliverAnswer([UInt8](data), source: file)
        }
        let outcome: String
        switch answer.outcome {
        case .result: outcome = "result"
        case .refused: outcome = "refused"
        }
        if context.globals.json {
            try Output.json(Summary(callId: call.callIDHex, method: call.method.rawValue, outcome: outcome))
        } else {
            Output.result(
                "delivered the signer's \(outcome == "result" ? "answer" : "refusal") to \(call.method.rawValue) call "
                    + "\(call.callIDHex) from \(UntrustedText.escaped(call.originator))")
        }
        return .success
    }

    struct Summary: Encodable {
        let callId: String
        let method: String
        let outcome: String
    }
}
