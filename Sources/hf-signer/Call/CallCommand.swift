import HFCommandLine

/// `hf-signer call review|answer`: BRC-100 calls an application made through `hf-watcher wallet-api`.
struct CallCommand: CommandGroup {
    static let name = "call"
    static let abstract = "Review and answer the BRC-100 calls an application made through the watcher's wallet API."
    static let subcommands: [any Command.Type] = [CallReviewCommand.self, CallAnswerCommand.self]
}
