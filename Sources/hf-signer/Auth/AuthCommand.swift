import Foundation
import HFBundles
import HFCommandLine
import HFPrimitives
import HFProtocols
import HFSignerCore

/// `hf-signer auth approve`.
struct AuthCommand: CommandGroup {
    static let name = "auth"
    static let abstract = "Answer hfauth: login requests with the wallet's identity key."
    static let subcommands: [any Command.Type] = [AuthApproveCommand.self]
}

/// `hf-signer auth approve`: signs an `hfauth:` challenge and writes a `.hfauth` answer for the watcher.
struct AuthApproveCommand: Command {
    static let name = "approve"
    static let abstract = "Approve an hfauth: login request and write the signed .hfauth answer."
    static let discussion: String? = """
        The payload (hfauth:?v=1&challenge=…&domain=…&callback=…, as scanned from the service's QR code) comes from \
        --payload-file (- for stdin) or --text. It is checked strictly: the callback must be https (http only on \
        127.0.0.1 or localhost) and its host must be the domain. The domain and callback are shown on stderr; on a \
        terminal the login is confirmed unless --yes. The identity key (m/13'/0') signs SHA-256 of "HFAUTH" ‖ 1 ‖ \
        varstr(domain) ‖ varstr(callback) ‖ varstr(challenge) (ECDSA, DER), so the answer is good for that service \
        and callback only. Deliver the file with `hf-watcher auth deliver`. With --json: \
        {"callback","domain","file","identityKey"}.
        """
    static let options = [
        WalletOption.help,
        Option.payloadFile,
        Option.text,
        Option.out,
        Option.yes,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let payloadFile = OptionHelp(
            "--payload-file", value: "file", help: "A file holding the hfauth: payload (- for stdin).")
        static let text = OptionHelp("--text", value: "payload", help: "The hfauth: payload itself.")
        static let out = OptionHelp("--out", value: "file", help: "The new .hfauth file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Approve without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    let payloadFile: String?
    let text: String?
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        payloadFile = try arguments.option(Option.payloadFile)
        text = try arguments.option(Option.text)
        guard (payloadFile == nil) != (text == nil) else {
            throw UsageError("give the hfauth: payload with exactly one of --payload-file or --text")
        }
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
    }

    /// An approval of a payload already in hand (`scan`).
    init(selection: WalletSelection, payload: String, out: String, yes: Bool) {
        self.selection = selection
        payloadFile = nil
        text = payload
        self.out = out
        self.yes = yes
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let payload = try text ?? readPayload(payloadFile ?? "-")
        let request = try signerOperation { () throws(SignerError) in try AuthApproval.request(payload) }
        // The domain and callback come from the site asking: shown escaped, never raw.
        let domain = UntrustedText.escaped(request.domain)
        Output.message("login request from \(domain); the answer goes to \(UntrustedText.escaped(request.callback))")
        let wallet = try context.openWallet(selection)
        try SpendOptions.confirm("Log in to \(domain) with this wallet's identity key?", yes: yes)
        let bundle = try signerOperation { () throws(SignerError) in
            try wallet.approveLogin(request)
        }
        try OutputFile.createNew(out, contents: bundle.encoded(), mode: 0o644)
        if context.globals.json {
            try Output.json(
                Summary(callback: request.callback, domain: request.domain, file: out, identityKey: bundle.identityKeyHex))
        } else {
            Output.result("wrote \(out); deliver it with `hf-watcher auth deliver \(out)`")
        }
        return .success
    }

    /// The payload text of `path` (`-` for stdin), at most 4 KiB.
    private func readPayload(_ path: String) throws(CommandError) -> String {
        let data: Data?
        if path == "-" {
            data = try? FileHandle.standardInput.read(upToCount: 4097)
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw CommandError(.noInput, "cannot read the hfauth payload from '\(path)'") }
        guard data.count <= 4096, let text = String(data: data, encoding: .utf8) else {
            throw CommandError(.dataError, "the hfauth payload in '\(path)' is not short UTF-8 text")
        }
        return text
    }

    struct Summary: Encodable {
        let callback: String
        let domain: String
        let file: String
        let identityKey: String
    }
}
