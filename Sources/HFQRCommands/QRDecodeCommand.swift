import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR
import HFSystem

/// `qr decode IMAGE|DIR… --out FILE | --out-dir DIR [--text] [--json]`.
struct QRDecodeCommand: Command {
    static let name = "decode"
    static let abstract = "Reassemble a bundle from QR images, directories of frames, or frame text on stdin."
    static let discussion: String? = """
        Frames may come in any order and repeat. Each animation is assembled on its own (never two mixed); a frame \
        that contradicts its animation is reported and held aside. The bundle is written to --out (which must not \
        exist) only when every part is in and the bytes decode strictly as a bundle; a plain QR holding a whole \
        bundle is accepted too. Exit 65 when no bundle is complete (the missing parts are listed, numbered from 1), \
        when two animations are present and none is complete (both are named), or when the complete bytes are not \
        a valid bundle. With --out-dir DIR every complete bundle in the input is written into DIR (created when \
        missing) as <first 16 hex digits of its SHA-256>.<kind>, one 'wrote' line each; an incomplete animation is \
        reported with its missing parts and does not stop the others, but then the exit status is 65 (and 73, \
        writing nothing, when a target file exists). A line of frames printed without a separator (zbarimg \
        -Sbinary prints none) is cut before each 'B$', 'UR:' or 'CHUNK:'. With --json the report {"complete","out","kind","bytes","sha256","source","animations",\
        "warnings","error"} goes to stdout either way. With --follow, stdin is read line by line as it arrives         (the output of 'zbarcam --raw', or a pipe that stays open): repeats are ignored, other QR texts (a URL, an         address) are counted and named, and the command stops the moment the bundle is complete and valid, writes         it and exits 0 without waiting for the end of the input; a complete but invalid bundle, or the end of the         input first, exits 65; --timeout SECONDS exits 75 and SIGINT 130, both naming the missing parts and         writing nothing. Progress goes to stderr: one status line on a terminal, else one line per change.
        """
    static let arguments = [
        ArgumentHelp("image-or-dir", help: "PNG, PGM or PPM images, frame text files, or directories of them.",
                     optional: true, repeating: true)
    ]
    static let options = [
        Option.out,
        Option.outDir,
        Option.text,
        QRFollow.Option.follow,
        QRFollow.Option.timeout,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp(
            "--out", value: "file", help: "Where to write the bundle (must not exist).")
        static let outDir = OptionHelp(
            "--out-dir", value: "dir", help: "Write every complete bundle of the input into this directory.")
        static let text = OptionHelp(flag: "--text", help: "Also read frame strings from stdin, one per line.")
    }

    let out: String
    /// With `--out-dir`: the directory every complete bundle is written into (then `out` is empty).
    let outDir: String?
    let readsText: Bool
    let follows: Bool
    let timeout: Int?
    let paths: [String]

    init(parsing arguments: inout Arguments) throws {
        let out = try arguments.option(Option.out)
        outDir = try arguments.option(Option.outDir)
        switch (out, outDir) {
        case (let out?, nil): self.out = out
        case (nil, _?): self.out = ""
        case (_?, _?): throw UsageError("give --out FILE (one bundle) or --out-dir DIR (every bundle), not both")
        case (nil, nil): throw UsageError("give --out FILE for the bundle, or --out-dir DIR for every bundle")
        }
        readsText = try arguments.flag(Option.text)
        follows = try arguments.flag(QRFollow.Option.follow)
        timeout = try QRFollow.Option.parseTimeout(&arguments)
        paths = try arguments.remainingPositionals("image-or-dir")
        if follows {
            guard outDir == nil else { throw UsageError("--follow stops at the first bundle; give --out FILE") }
            guard paths.isEmpty else {
                throw UsageError("--follow reads frames from stdin only; give no images or directories with it")
            }
            return
        }
        guard timeout == nil else { throw UsageError("--timeout needs --follow (or use 'qr scan')") }
        guard !paths.isEmpty || readsText else {
            throw UsageError("give images or directories of frames, or --text to read frames from stdin")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if outDir == nil { try QRDecodeFinish.checkOutAbsent(out) }
        if follows {
            return try QRFollow(timeout: timeout).run(reading: .standardInput, source: "stdin", out: out, context)
        }
        var scan = QRScan(showsProgress: !context.globals.json && Terminal.isTerminal(.standardError))
        for path in paths { try scan.add(path: path) }
        if readsText { try scan.addStandardInput() }
        if let outDir { return try QRDecodeFinish.finishAll(&scan, outDir: outDir, context: context) }
        return try QRDecodeFinish.finish(&scan, out: out, context: context)
    }
}
