import HFCommandLine
import HFWatcherCore

/// `hf-watcher import FILE… [--trust-identity HEX]`.
struct WatcherImport: Command {
    static let name = "import"
    static let abstract = "Import the signer's address packs, sweep requests and signer states."
    static let discussion: String? = """
        The signature must verify, and the identity key must be the one trusted for the wallet: the first pack of a \
        wallet needs --trust-identity with the key `hf-signer wallet show` prints; later packs must match it. A \
        .hfsweep (from `hf-signer sweep add` or `scan` of a private key) is accepted only for a wallet already \
        trusted and signed by its identity key; its addresses are then watched like the wallet's own, so `sync` \
        and `export receipts` cover payments to them. A .hfstate (`hf-signer export state`) only tells the watcher \
        what the signer holds. Every one of them carries the signer's state, signed by the wallet's identity key: \
        it must verify with the trusted key (else the file is refused, exit 65, nothing changed), and the newest \
        state per wallet is kept for `export update` (an older one never replaces it). A .hftx or .hfanswer is \
        refused naming the command that takes it. With --json one line per file: \
        {"accepted","added","addresses","kind","state","walletId"} (kind "hfaddrpack", "hfsweep" or "hfstate"; \
        state "kept", "older" or "absent").
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfaddrpack and .hfsweep files.", repeating: true)]
    static let options = [Option.trustIdentity]
    /// The options, declared once for help and parsing.
    enum Option {
        static let trustIdentity = OptionHelp(
            "--trust-identity", value: "hex", help: "Trust this identity key for a new wallet.")
    }

    let files: [String]
    let trust: String?

    init(parsing arguments: inout Arguments) throws {
        trust = try arguments.option(Option.trustIdentity)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        for file in files {
            let outcome = try watcherOperation { () throws(WatcherError) in
                try SignerBundleIntake.importBundle(
                    WatcherSession.readBundle(file), source: file, trustIdentity: trust, home: home,
                    network: context.network)
            }
            if context.globals.json {
                try Output.json(outcome)
            } else if outcome.kind == "hfstate" {
                Output.result(
                    "\(file): signer state of wallet \(outcome.walletId.prefix(16)) "
                        + (outcome.state == "kept" ? "taken" : "not newer than the one held; nothing changed"))
            } else {
                Output.result("\(file): watching \(outcome.addresses) addresses of wallet \(outcome.walletId.prefix(16)) (\(outcome.added) new)")
            }
        }
        if !context.globals.json {
            Output.message(
                "next: `hf-watcher sync`, then `hf-watcher export update --out u.hfupdate` and, on the offline "
                    + "machine, `hf-signer import u.hfupdate`")
        }
        return .success
    }
}
