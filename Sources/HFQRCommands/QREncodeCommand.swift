import Foundation
import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR

/// `qr encode FILE --out-dir DIR [--density …] [--qr-version N] [--ecc L|M|Q|H] [--module-pixels N]`.
struct QREncodeCommand: Command {
    static let name = "encode"
    static let abstract = "Write a bundle as BBQr PNG frames 0001.png, 0002.png, … and print the frame count."
    static let discussion: String? = """
        FILE must be a valid .hfheaders, .hfreceipt, .hfaddrpack, .hftx or .bep (checked with the strict decoders); \
        its bytes are carried exactly. DIR is created if missing and must otherwise be empty, so that frames of two \
        bundles never share a directory. With --json: {"bytes","density","ecc","encoding","fileType","files",\
        "frames","kind","outDir","sha256","version"}.
        """
    static let arguments = [ArgumentHelp("file", help: "The bundle to encode.")]
    static let options = [Option.outDir] + QRSymbolOptions.help + [Option.modulePixels]
    /// The options, declared once for help and parsing.
    enum Option {
        static let outDir = OptionHelp(
            "--out-dir", value: "dir", help: "Directory for the PNG frames (new or empty).", required: true)
        static let modulePixels = OptionHelp(
            "--module-pixels", value: "n", help: "Pixels per QR module, 3-64 (default 4).")
    }

    let file: String
    let outDir: String
    let symbols: QRSymbolOptions
    let pixelsPerModule: Int

    init(parsing arguments: inout Arguments) throws {
        outDir = try arguments.requiredOption(Option.outDir)
        symbols = try QRSymbolOptions(parsing: &arguments)
        let pixelsText = try arguments.option(Option.modulePixels) ?? String(QRImage.defaultPixelsPerModule)
        guard let pixels = Int(pixelsText), QRImage.pixelsPerModuleRange.contains(pixels) else {
            throw UsageError("--module-pixels must be a whole number from 3 to 64, not '\(pixelsText)'")
        }
        pixelsPerModule = pixels
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (bytes, kind) = try QRBundle.read(file)
        let series = try QRAnimation.series(for: bytes, kind: kind, settings: symbols.settings)
        try FrameDirectory.prepare(outDir)
        var names: [String] = []
        for index in 0..<series.count {
            let name = FrameDirectory.name(ofPart: index)
            let png: [UInt8]
            do {
                png = try series.png(at: index, pixelsPerModule: pixelsPerModule)
            } catch {
                throw CommandError(.software, "cannot draw part \(index + 1): \(error)")
            }
            try OutputFile.createNew(
                (outDir.hasSuffix("/") ? outDir : outDir + "/") + name, contents: png, mode: 0o644)
            names.append(name)
        }
        let summary = Summary(
            frames: series.count, kind: QRBundle.name(of: kind), bytes: bytes.count,
            sha256: Hex.encode(Hash.sha256(bytes)),
            encoding: series.encoding.rawValue, fileType: series.fileType.description, version: series.version,
            ecc: series.errorCorrection.rawValue, density: symbols.settings.version == nil
                ? symbols.settings.density.rawValue : nil,
            outDir: outDir, files: names)
        if context.globals.json {
            try Output.json(summary)
        } else {
            Output.result("\(series.count) frame\(series.count == 1 ? "" : "s") written to \(outDir) "
                + "(BBQr \(series.encoding.rawValue)/\(series.fileType), QR version \(series.version), "
                + "level \(series.errorCorrection.rawValue))")
        }
        return .success
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
