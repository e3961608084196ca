import HFBundles
import HFCommandLine
import HFPrimitives
import HFProtocols
import HFWatcherCore

struct WatcherPaymailResolve: AsyncCommand {
    static let name = "resolve"
    static let abstract = "Ask a paymail's host where to pay an amount; write a .hfpayreq for `hf-signer send --request`."
    static let discussion: String? = """
        Capability discovery (GET /.well-known/bsvalias on https://DOMAIN, or on paymail.host-override when set: no \
        DNS SRV lookup), then pki and the P2P payment destination (2a40af698840). The outputs must add up to the \
        amount and be P2PKH (the only scripts hf-signer pays). A malformed capability document, an unknown paymail \
        (404) or a failing host exits 75 and writes nothing. With --json: {"file","outputs":[{"address","satoshis",\
        "script"}],"paymail","pubkey","reference","satoshis"} (file only with --out).
        """
    static let arguments = [ArgumentHelp("paymail", help: "alias@domain.")]
    static let options = [
        Option.amount,
        Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let amount = OptionHelp("--amount", value: "amount", help: "The amount to pay.", required: true)
        static let out = OptionHelp("--out", value: "file", help: "The new .hfpayreq file.")
    }

    let paymail: String
    let amount: UInt64
    let out: String?

    init(parsing arguments: inout Arguments) throws {
        let amountText = try arguments.requiredOption(Option.amount)
        amount = try AmountArgument.satoshis(amountText, option: "--amount")
        out = try arguments.option(Option.out)
        paymail = try arguments.positional("paymail")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let home = try context.openWatcherHome()
        let network = context.network
        let bundle = try await watcherOperation { () async throws(WatcherError) in
            try await WatcherSession.resolvePaymail(paymail, satoshis: amount, home: home, network: network)
        }
        if let out { try OutputFile.createNew(out, contents: bundle.encoded(), mode: 0o644) }
        let outputs = bundle.outputs.map { output in
            Summary.Output(
                address: Script(bytes: output.script).p2pkhAddress(network: network)?.string ?? "",
                satoshis: output.satoshis.satoshis, script: output.script.hex)
        }
        if context.globals.json {
            try Output.json(
                Summary(
                    file: out, outputs: outputs, paymail: bundle.paymail.text, pubkey: bundle.pubkeyHex,
                    reference: bundle.reference, satoshis: bundle.totalSatoshis))
        } else {
            for output in outputs { Output.result("\(AmountText.bsv(output.satoshis)) to \(output.address)") }
            Output.message(
                "\(UntrustedText.escaped(bundle.paymail.text)): \(AmountText.bsv(bundle.totalSatoshis)) in \(outputs.count) "
                    + "output(s), reference " + UntrustedText.escaped(bundle.reference)
                    + (out.map { "; wrote \($0): pay it with `hf-signer send --request`" } ?? ""))
        }
        return .success
    }

    struct Summary: Encodable {
        struct Output: Encodable {
            let address: String
            let satoshis: UInt64
            let script: String
        }

        let file: String?
        let outputs: [Output]
        let paymail: String
        let pubkey: String
        let reference: String
        let satoshis: UInt64
    }
}
