import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR

/// `qr encode FILE… --format ur [--frames N] --out-dir DIR`: UR frames, one directory per file as for BBQr.
struct QREncodeUR {
    let files: [String]
    let outDir: String
    let symbols: QRSymbolOptions
    let frames: Int?
    let pixelsPerModule: Int

    func run(_ context: CommandContext) throws -> ExitCode {
        var animations: [(bytes: [UInt8], kind: BundleKind, animation: URAnimation, dir: String)] = []
        let base = outDir.hasSuffix("/") ? outDir : outDir + "/"
        for file in files {
            let (bytes, kind) = try QRBundle.read(file)
            let animation = try Self.animation(bytes, settings: symbols.settings)
            animations.append((bytes, kind, animation, files.count == 1
                ? outDir : base + QREncodeCommand.subdirectoryName(of: file)))
        }
        try FrameDirectory.prepare(outDir)
        var summaries: [Summary] = []
        for item in animations {
            try FrameDirectory.prepare(item.dir)
            let count = frames ?? item.animation.defaultFrameCount
            var names: [String] = []
            for (index, sequence) in item.animation.sequences(count: count).enumerated() {
                let name = FrameDirectory.name(ofPart: index)
                let png: [UInt8]
                do {
                    png = try item.animation.png(sequence, pixelsPerModule: pixelsPerModule)
                } catch {
                    throw CommandError(.software, "cannot draw frame \(index + 1): \(error)")
                }
                try OutputFile.createNew((item.dir.hasSuffix("/") ? item.dir : item.dir + "/") + name, contents: png,
                                         mode: 0o644)
                names.append(name)
            }
            summaries.append(Summary(
                frames: count, fragments: item.animation.fragmentCount, kind: QRBundle.name(of: item.kind),
                bytes: item.bytes.count, sha256: Hex.encode(Hash.sha256(item.bytes)),
                deflated: item.animation.deflated, version: item.animation.version,
                ecc: item.animation.errorCorrection.rawValue,
                density: symbols.settings.version == nil ? symbols.settings.density.rawValue : nil,
                outDir: item.dir, files: names))
        }
        if context.globals.json {
            if summaries.count == 1 { try Output.json(summaries[0]) } else { try Output.json(summaries) }
        } else {
            for summary in summaries {
                Output.result("\(summary.frames) frame\(summary.frames == 1 ? "" : "s") written to \(summary.outDir) "
                    + "(UR bytes, \(summary.fragments) fragment\(summary.fragments == 1 ? "" : "s")"
                    + (summary.deflated ? ", deflated" : "") + ", QR version \(summary.version), level \(summary.ecc))")
            }
        }
        return .success
    }

    /// The UR animation of a validated bundle.
    /// - Throws: `CommandError` 65 when it does not fit.
    static func animation(_ bytes: [UInt8], settings: QRSettings) throws(CommandError) -> URAnimation {
        do {
            return try URAnimation(bytes: bytes, settings: settings)
        } catch {
            throw .dataError("\(error); choose a higher --density or --qr-version")
        }
    }

    /// The `--json` result.
    struct Summary: Encodable {
        let format = "ur"
        let frames: Int
        let fragments: Int
        let kind: String
        let bytes: Int
        let sha256: String
        let deflated: Bool
        let version: Int
        let ecc: String
        let density: String?
        let outDir: String
        let files: [String]
    }
}
