import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR
#if canImport(Glibc)
    import Glibc
#endif

/// `qr decode IMAGE|DIR… --out FILE [--text] [--json]`.
struct QRDecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Reassemble a bundle from QR images, directories of frames, or frame text on stdin."
    static let discussion: String? = """
        Frames may come in any order and repeat. Each animation is assembled on its own (never two mixed); a frame \
        that contradicts its animation is reported and held aside. The bundle is written to --out (which must not \
        exist) only when every part is in and the bytes decode strictly as a bundle; a plain QR holding a whole \
        bundle is accepted too. Exit 65 when no bundle is complete (the missing parts are listed, numbered from 1), \
        when two animations are present and none is complete (both are named), or when the complete bytes are not \
        a valid bundle. With --json the report {"complete","out","kind","bytes","sha256","source","animations",\
        "warnings","error"} goes to stdout either way.
        """
    static let arguments = [
        ArgumentHelp("image-or-dir", help: "PNG, PGM or PPM images, frame text files, or directories of them.",
                     optional: true, repeating: true)
    ]
    static let options = [
        Option.out,
        Option.text,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp(
            "--out", value: "file", help: "Where to write the bundle (must not exist).", required: true)
        static let text = OptionHelp(flag: "--text", help: "Also read frame strings from stdin, one per line.")
    }

    let out: String
    let readsText: Bool
    let paths: [String]

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.requiredOption(Option.out)
        readsText = try arguments.flag(Option.text)
        paths = try arguments.remainingPositionals("image-or-dir")
        guard !paths.isEmpty || readsText else {
            throw UsageError("give images or directories of frames, or --text to read frames from stdin")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var status = stat()
        if lstat(out, &status) == 0 {
            throw CommandError.cannotCreate("'\(out)' already exists; choose another path or move the old file away")
        }
        var scan = QRScan(showsProgress: !context.globals.json && isatty(2) == 1)
        for path in paths { try scan.add(path: path) }
        if readsText { try scan.addStandardInput() }
        scan.endProgress()
        let outcome = QRDecodeOutcome(scan)
        for warning in outcome.warnings { scan.warn(warning) }
        var report = outcome.report(warnings: scan.warnings)
        let payload: ScannedPayload
        switch outcome.result {
        case .bundle(let found): payload = found
        case .failure(let message):
            let failure = CommandError(.dataError, message, code: "noCompleteBundle")
            report.error = failure.jsonObject
            if context.globals.json {
                try Output.json(report)
                throw failure.carriedInJSONReport()
            }
            throw failure
        }
        let kind = try? BundleKind.detect(payload.bytes)
        try OutputFile.createNew(out, contents: payload.bytes, mode: 0o644)
        report.complete = true
        report.out = out
        report.kind = kind.map(QRBundle.name(of:))
        report.bytes = payload.bytes.count
        report.sha256 = Hex.encode(payload.sha256)
        report.source = payload.animation.description
        if context.globals.json {
            try Output.json(report)
        } else {
            Output.result("wrote \(out): \(report.kind ?? "bundle"), \(payload.bytes.count) bytes, sha256 "
                + "\(report.sha256 ?? ""), from \(payload.animation)")
        }
        return .success
    }
}
