import HFBundles
import HFCommandLine
import HFPrimitives
import HFQR
import HFQRCommands
import HFSignerCore
import HFWallet
/// `hf-signer scan [IMAGE|DIR…] [--text]` or `scan --camera [DEVICE] [--timeout S]`: decodes QR codes, pasted text
/// or the camera's live stream, and routes by content.
struct ScanCommand: Command {
    static let name = "scan"
    static let abstract = "Scan QR images or pasted text and act on it: a bundle, hfauth:, a WIF or an address."
    static let discussion: String? = """
        Reads PNG/PGM/PPM images, directories of frames, and with --text the lines on stdin (pasted frames, or one \
        payload). What they hold decides what happens, never the file name: a bundle (plain QR or complete BBQr \
        animation) is imported exactly like `import` (it is written nowhere), except a .hfcall, which goes to `call \
        answer` (needs --out for the .hfanswer); an hfauth: login request goes to \
        `auth approve` (needs --out for the .hfauth); a WIF private key (Base58Check 0x80 main, 0xef test and \
        regtest; compressed or not) goes to `sweep add` (needs --out for the .hfsweep); an address or a \
        bitcoin:ADDRESS?amount=BSV URI goes to `send --to` when the amount (--amount, or the URI's) and --out are \
        given, with the same confirmation as `send`, and otherwise only prints the address and the exact `send` \
        command to run (nothing is signed; amounts are never asked for interactively). Every complete bundle in the input is imported, as one `import` of them all (header bundles first in height \
        order, whatever order the animations came in); an incomplete animation is reported with its missing parts and \
        does not stop the others, but the exit status is then 65. Otherwise the input must hold exactly one such thing \
        (the bundles count as one); a WIF or address of another network, a Base58Check checksum error or a `req-` URI \
        parameter is refused (exit 65) and nothing changes. With --json the routed command's JSON is printed; an \
        address without an amount prints {"kind":"address","address","amount","send"}. With --camera [DEVICE] \
        the camera is read live through 'zbarcam --raw --nodisplay [DEVICE]' as 'qr scan --camera' reads it (live \
        progress on stderr, zbarcam ended on every path, exit 69 without zbar-tools) until a bundle is complete \
        and valid or a plain QR code is an hfauth: request, a WIF or an address (other codes in view, such as a \
        URL, are counted and skipped); what was read is then routed as above. --timeout S gives up with 75, \
        Ctrl-C with 130; nothing is done then.
        """
    static let arguments = [
        ArgumentHelp("image-or-dir", help: "PNG, PGM or PPM images, frame text files, or directories of them; "
                     + "with --camera, the video device.", optional: true, repeating: true)
    ]
    static let options = [
        WalletOption.help,
        Option.text,
        CameraScanner.Option.camera,
        CameraScanner.Option.timeout,
        Option.out,
        Option.amount,
        Option.feeRate,
        Option.yes,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let text = OptionHelp(
            flag: "--text", help: "Also read stdin: pasted frames one per line, or one payload.")
        static let out = OptionHelp(
            "--out", value: "file", help: "The new .hfauth, .hftx, .hfsweep or .hfanswer file (for those routes).")
        static let amount = OptionHelp("--amount", value: "amount", help: "The amount to send to a scanned address.")
        static let feeRate = OptionHelp(
            "--fee-rate", value: "sat-per-kb", help: "Fee in satoshis per 1000 bytes (address route).")
        static let yes = OptionHelp(flag: "--yes", help: "Sign without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    let readsText: Bool
    let out: String?
    let amount: UInt64?
    let feeRate: UInt64?
    let yes: Bool
    let paths: [String]
    /// With `--camera`: the video device (nil for zbarcam's default) and the timeout.
    let camera: (device: String?, timeout: Int?)?

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        readsText = try arguments.flag(Option.text)
        out = try arguments.option(Option.out)
        if let text = try arguments.option(Option.amount) {
            self.amount = try AmountArgument.satoshis(text, option: "--amount")
        } else {
            amount = nil
        }
        feeRate = try SpendOptions.feeRate(&arguments, option: Option.feeRate)
        yes = try arguments.flag(Option.yes)
        let readsCamera = try arguments.flag(CameraScanner.Option.camera)
        let timeout = try CameraScanner.Option.parseTimeout(&arguments)
        let positionals = try arguments.remainingPositionals("image-or-dir")
        if readsCamera {
            guard !readsText else { throw UsageError("give either --camera or --text, not both") }
            guard positionals.count <= 1 else {
                throw UsageError("--camera reads one video device; images and directories are scanned without it")
            }
            if let device = positionals.first { try CameraScanner.check(device: device) }
            camera = (positionals.first, timeout)
            paths = []
            return
        }
        guard timeout == nil else { throw UsageError("--timeout is for --camera") }
        camera = nil
        paths = positionals
        guard !paths.isEmpty || readsText else {
            throw UsageError("give images or directories of frames, --text to read stdin, or --camera")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        var scan: QRScan
        if let camera {
            scan = try CameraScanner.scan(device: camera.device, timeout: camera.timeout, context: context) { bytes in
                try ScannedText.classify(bytes, network: network) != nil
            }
        } else {
            scan = QRScan(showsProgress: !context.globals.json && SecretInput.isStandardErrorTerminal)
            for path in paths { try scan.add(path: path) }
            if readsText { try scan.addStandardInput() }
        }
        scan.endProgress()
        var texts: [ScannedText] = []
        for payload in scan.plainPayloads {
            if let text = try ScannedText.classify(payload, network: network), !texts.contains(text) {
                texts.append(text)
            }
        }
        let outcome = QRDecodeOutcome(scan)
        let bundles = outcome.bundles
        let found = texts.map(\.kindName) + (bundles.isEmpty ? [] : [bundles.count == 1
            ? "bundle (\(bundles[0].animation))" : "\(bundles.count) bundles"])
        guard found.count <= 1 else {
            throw CommandError.dataError("the input holds \(found.count) things (\(found.joined(separator: ", "))); "
                + "scan them one at a time; nothing was done")
        }
        guard amount == nil || texts.first.map({ if case .address = $0 { true } else { false } }) == true else {
            throw CommandError.usage("--amount is only for a scanned address")
        }
        if let text = texts.first { return try route(text, context: context) }
        if bundles.isEmpty, scan.plainPayloads.contains(where: { (try? SeedQR.decode($0)) != nil }) {
            throw CommandError.dataError("the QR code is a SeedQR, a wallet's recovery phrase, not a bundle; import "
                + "it with `hf-signer wallet import --seedqr IMAGE`; nothing was done")
        }
        guard !bundles.isEmpty else {
            throw CommandError.dataError(outcome.failureMessage ?? "no QR code was found in the input")
        }
        for warning in outcome.warnings { scan.warn(warning) }
        // A live scan stops at the first complete bundle: the animations still in view are only warned about.
        let unfinished = camera == nil ? outcome.unfinished : []
        if bundles.count == 1, unfinished.isEmpty || (try? BundleKind.detect(bundles[0].bytes)) == .walletCall {
            return try importBundle(bundles[0].bytes, source: bundles[0].animation.description, context: context)
        }
        return try importAll(bundles, unfinished: unfinished, scan: &scan, context: context)
    }

    /// Imports every complete bundle of the scan as one `import` (headers first, in height order, whatever order the
    /// animations came in); an animation that gave no bundle is reported and does not stop the others, but the exit
    /// status is then 65.
    private func importAll(
        _ bundles: [ScannedPayload], unfinished: [String], scan: inout QRScan, context: CommandContext
    ) throws -> ExitCode {
        if bundles.contains(where: { (try? BundleKind.detect($0.bytes)) == .walletCall }) {
            throw CommandError.usage("the input holds a .hfcall among \(bundles.count) bundles; scan the call alone "
                + "with --out FILE.hfanswer; nothing was done")
        }
        for sentence in unfinished { scan.warn(sentence) }
        let items = bundles.map { ImportBatch.Item(source: $0.animation.description, contents: .success($0.bytes)) }
        try ImportBatch.run(items, wallet: selection, session: try context.openSession(), context: context) {
            source, report in "scanned \(report.kind) from \(source)"
        }
        guard unfinished.isEmpty else {
            throw CommandError(.dataError, "\(bundles.count) bundle\(bundles.count == 1 ? " was" : "s were") "
                + "imported; " + unfinished.joined(separator: "; "), code: "incompleteAnimation")
        }
        return .success
    }

    // MARK: - Routes

    private func route(_ text: ScannedText, context: CommandContext) throws -> ExitCode {
        switch text {
        case .auth(let payload):
            guard let out else { throw CommandError.usage("a scanned hfauth: request needs --out FILE for the .hfauth") }
            return try AuthApproveCommand(selection: selection, payload: payload, out: out, yes: yes).run(context)
        case .wif(let wif):
            guard let out else { throw CommandError.usage("a scanned private key needs --out FILE for the .hfsweep") }
            return try SweepAddCommand.add(wif: wif, selection: selection, out: out, context: context)
        case .address(let address, let uriAmount):
            if let amount, let uriAmount, amount != uriAmount {
                throw CommandError.usage(
                    "--amount \(AmountText.bsv(amount)) differs from the \(AmountText.bsv(uriAmount)) the URI asks for")
            }
            let satoshis = amount ?? uriAmount
            guard let satoshis, let out else {
                return try printSendCommand(address, amount: satoshis, context: context)
            }
            Output.message("scanned address \(address.string): sending \(AmountText.bsv(satoshis))")
            return try SpendOptions.pay(
                .pay([PaymentRecipient(address: address, satoshis: satoshis)], data: nil), selection: selection,
                feeRate: feeRate, limits: .standard, out: out, yes: yes, context: context
            ) { review in
                "Send \(AmountText.bsv(satoshis)) to \(address.string) with a fee of \(AmountText.grouped(review.fee)) sat?"
            }
        }
    }

    private func importBundle(_ bytes: [UInt8], source: String, context: CommandContext) throws -> ExitCode {
        let parsed = try? ParsedBundle(bytes)
        if parsed?.kind == .walletCall {
            guard let out else {
                throw CommandError.usage("scanned a .hfcall from \(source): give --out FILE.hfanswer to review and answer it")
            }
            return try CallAnswerCommand(selection: selection, bytes: bytes, out: out, yes: yes).run(context)
        }
        let session = try context.openSession()
        // Parsed once: a parse that failed is imported from the bytes, which reports why.
        let report =
            if let parsed {
                try ImportReport.importing(parsed, wallet: selection, session: session, context: context)
            } else {
                try ImportReport.importing(bytes, wallet: selection, session: session, context: context)
            }
        try report.print(source: "scanned \(report.kind) from \(source)", context: context)
        return .success
    }

    /// An address without an amount or --out: what to run, nothing signed.
    private func printSendCommand(_ address: Address, amount: UInt64?, context: CommandContext) throws -> ExitCode {
        var command = ["hf-signer"]
        if context.globals.network.network != .main { command += ["--network", context.globals.network.network.rawValue] }
        command += ["send", "--to", address.string, "--amount", amount.map(String.init) ?? "SATOSHIS",
                    "--out", out ?? "FILE.hftx"]
        let line = command.joined(separator: " ")
        if context.globals.json {
            try Output.json(AddressReport(kind: "address", address: address.string, amount: amount, send: line))
        } else {
            Output.result("scanned address \(address.string)" + (amount.map { ", amount \(AmountText.bsv($0))" } ?? ""))
            Output.result("to pay it: \(line)")
        }
        return .success
    }

    struct AddressReport: Encodable {
        let kind: String
        let address: String
        let amount: UInt64?
        let send: String
    }
}
