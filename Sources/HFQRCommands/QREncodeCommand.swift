import Foundation
import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR

/// `qr encode FILE… --out-dir DIR [--density …] [--qr-version N] [--ecc L|M|Q|H] [--module-pixels N]`, and
/// `qr encode --text STRING --out FILE.png [--qr-version N] [--ecc L|M|Q|H] [--module-pixels N]`.
struct QREncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Write a bundle as BBQr PNG frames 0001.png, 0002.png, … and print the frame count."
    static let discussion: String? = """
        FILE must be a valid .hfheaders, .hfreceipt, .hfaddrpack, .hftx or .bep (checked with the strict decoders); \
        its bytes are carried exactly. DIR is created if missing and must otherwise be empty, so that frames of two \
        bundles never share a directory. With several FILEs, each is its own animation in its own subdirectory \
        DIR/<name>/, <name> being the file's name without its last extension (DIR/1-10000/0001.png for \
        1-10000.hfheaders); two files of the same name are refused, and every file is checked before anything is \
        written. With --json: {"bytes","density","ecc","encoding","fileType","files","frames","kind","outDir",\
        "sha256","version"}, an array of them (in the order given) with several FILEs. \
        With --text STRING --out FILE.png (no FILE, no --out-dir): one plain QR code of the text's UTF-8 bytes \
        (byte mode, the smallest version that holds it at the --ecc level, or exactly --qr-version), written to \
        FILE.png, which must not exist; text that does not fit one QR code is refused (64). The text is on the \
        command line, visible to other users of this machine: never a secret. --json: {"bytes","ecc","out",\
        "version"}. \
        --format ur writes UR frames of type bytes (BCR-2020-005, upper case, alphanumeric QR): the bundle deflated \
        (raw DEFLATE, 1 KiB window, as BBQr Z) when that is smaller, as a CBOR byte string, cut into n fragments; \
        frames 1..n are the fragments, later ones XOR mixes, so a reader that missed frames completes from about \
        n + 4 of any of them. --frames N writes exactly N (default 1.5 × (n + 8), enough for a camera that misses a \
        third); --json: {"format":"ur","frames","fragments","kind","bytes","sha256","deflated","version","ecc",\
        "density","outDir","files"}. --format chunk writes CHUNK:<id>:<index>:<total>:<data> frames (80 Base64 \
        characters each, indexes from 0, no checksum) for a BSV phone wallet or vault-manager: only an Atomic BEEF \
        or a BRC-29 payment travels that way.
        """
    static let arguments = [ArgumentHelp("file", help: "The bundles to encode.", optional: true, repeating: true)]
    static let options = [Option.outDir, Option.text, Option.out, QRFormat.Option.format, QRFormat.Option.frames]
        + QRSymbolOptions.help + [Option.modulePixels]
    /// The options, declared once for help and parsing.
    enum Option {
        static let outDir = OptionHelp(
            "--out-dir", value: "dir", help: "Directory for the PNG frames (new or empty); needed with FILEs.")
        static let text = OptionHelp(
            "--text", value: "string", help: "Encode this short text as one QR code instead of a bundle.")
        static let out = OptionHelp("--out", value: "file.png", help: "With --text: the new PNG file.")
        static let modulePixels = OptionHelp(
            "--module-pixels", value: "n", help: "Pixels per QR module, 3-64 (default 4).")
    }

    let files: [String]
    let outDir: String
    let symbols: QRSymbolOptions
    let pixelsPerModule: Int
    /// `--text` and `--out`, when a text is encoded instead of bundles.
    let text: (string: String, out: String)?
    /// `--format` and `--frames`.
    let format: QRFormat
    let frameCount: Int?

    init(parsing arguments: inout Arguments) throws {
        if let string = try arguments.option(Option.text) {
            guard let out = try arguments.option(Option.out) else {
                throw UsageError("--text needs --out FILE.png, the new image file")
            }
            guard try arguments.option(Option.outDir) == nil else {
                throw UsageError("--text writes one image to --out; --out-dir is for the frames of bundle files")
            }
            text = (string, out)
            outDir = ""
        } else {
            guard try arguments.option(Option.out) == nil else {
                throw UsageError("--out is for --text; bundle frames go to --out-dir DIR")
            }
            text = nil
            outDir = try arguments.requiredOption(Option.outDir)
        }
        symbols = try QRSymbolOptions(parsing: &arguments)
        let parsed = try QRFormat.parse(&arguments)
        (format, frameCount) = (parsed.format ?? .bbqr, parsed.frames)
        let pixelsText = try arguments.option(Option.modulePixels) ?? String(QRImage.defaultPixelsPerModule)
        guard let pixels = Int(pixelsText), QRImage.pixelsPerModuleRange.contains(pixels) else {
            throw UsageError("--module-pixels must be a whole number from 3 to 64, not '\(pixelsText)'")
        }
        pixelsPerModule = pixels
        if text != nil {
            guard format == .bbqr else { throw UsageError("--format is for bundle files, not --text") }
            if symbols.sizeGiven, symbols.settings.version == nil {
                throw UsageError("--density is for bundle animations; with --text give --qr-version or nothing")
            }
            files = try arguments.remainingPositionals("file")
            guard files.isEmpty else {
                throw UsageError("give either bundle FILEs (with --out-dir) or --text, not both")
            }
            return
        }
        files = try arguments.remainingPositionals("file", atLeast: 1)
        if files.count > 1 {
            var seen: [String: String] = [:]
            for file in files {
                let name = Self.subdirectoryName(of: file)
                guard !name.isEmpty, name != ".", name != ".." else {
                    throw UsageError("'\(file)' has no name to give its frame directory; rename it")
                }
                if let other = seen[name] {
                    throw UsageError("'\(other)' and '\(file)' would share the frame directory '\(name)'; rename one")
                }
                seen[name] = file
            }
        }
    }

    /// The subdirectory of `file`'s frames when several files are encoded: its name without the last extension.
    static func subdirectoryName(of file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if let text {
            return try QREncodeText.write(text.string, to: text.out, symbols: symbols,
                                          pixelsPerModule: pixelsPerModule, context: context)
        }
        if format == .ur { return try QREncodeUR(files: files, outDir: outDir, symbols: symbols, frames: frameCount,
                                                  pixelsPerModule: pixelsPerModule).run(context) }
        if format == .chunk { return try QREncodeChunk(files: files, outDir: outDir, symbols: symbols,
                                                        pixelsPerModule: pixelsPerModule).run(context) }
        var animations: [(bytes: [UInt8], kind: BundleKind, series: BBQrSeries, dir: String)] = []
        let base = outDir.hasSuffix("/") ? outDir : outDir + "/"
        for file in files {
            let (bytes, kind) = try QRBundle.read(file)
            let series = try QRAnimation.series(for: bytes, kind: kind, settings: symbols.settings)
            animations.append((bytes, kind, series, files.count == 1 ? outDir : base + Self.subdirectoryName(of: file)))
        }
        try FrameDirectory.prepare(outDir)
        var summaries: [Summary] = []
        for animation in animations {
            summaries.append(try write(animation.bytes, kind: animation.kind, series: animation.series, to: animation.dir))
        }
        if context.globals.json {
            if summaries.count == 1 { try Output.json(summaries[0]) } else { try Output.json(summaries) }
        } else {
            for summary in summaries {
                Output.result("\(summary.frames) frame\(summary.frames == 1 ? "" : "s") written to \(summary.outDir) "
                    + "(BBQr \(summary.encoding)/\(summary.fileType), QR version \(summary.version), level \(summary.ecc))")
            }
        }
        return .success
    }

    /// Writes the frames of one bundle into `dir` (new or empty) and describes them.
    private func write(
        _ bytes: [UInt8], kind: BundleKind, series: BBQrSeries, to dir: String
    ) throws(CommandError) -> Summary {
        try FrameDirectory.prepare(dir)
        var names: [String] = []
        for index in 0..<series.count {
            let name = FrameDirectory.name(ofPart: index)
            let png: [UInt8]
            do {
                png = try series.png(at: index, pixelsPerModule: pixelsPerModule)
            } catch {
                throw CommandError(.software, "cannot draw part \(index + 1): \(error)")
            }
            try OutputFile.createNew((dir.hasSuffix("/") ? dir : dir + "/") + name, contents: png, mode: 0o644)
            names.append(name)
        }
        return Summary(
            frames: series.count, kind: QRBundle.name(of: kind), bytes: bytes.count,
            sha256: Hex.encode(Hash.sha256(bytes)),
            encoding: series.encoding.rawValue, fileType: series.fileType.description, version: series.version,
            ecc: series.errorCorrection.rawValue, density: symbols.settings.version == nil
                ? symbols.settings.density.rawValue : nil,
            outDir: dir, files: names)
    }

    /// The `--json` result.
    struct Summary: Encodable {
        let frames: Int
        let kind: String
        let bytes: Int
        let sha256: String
        let encoding: String
        let fileType: String
        let version: Int
        let ecc: String
        let density: String?
        let outDir: String
        let files: [String]
    }
}
