import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR

/// `qr encode FILE… --format chunk --out-dir DIR`: `CHUNK:` frames (byte-mode QR codes) for a BSV phone wallet or
/// vault-manager; only a BEEF travels this way.
struct QREncodeChunk {
    let files: [String]
    let outDir: String
    let symbols: QRSymbolOptions
    let pixelsPerModule: Int

    func run(_ context: CommandContext) throws -> ExitCode {
        var items: [(bytes: [UInt8], series: ChunkSeries, version: Int, dir: String)] = []
        let base = outDir.hasSuffix("/") ? outDir : outDir + "/"
        for file in files {
            let (bytes, kind) = try QRBundle.read(file)
            guard kind == .beef else {
                throw CommandError.dataError("'\(file)' is a \(QRBundle.name(of: kind)); CHUNK: frames carry an Atomic "
                    + "BEEF (what vault-manager and BSV phone wallets read); use --format bbqr or ur for it")
            }
            let series = ChunkSeries(bytes: bytes, digest: Hash.sha256(bytes))
            guard let version = series.version(in: symbols.settings.versions, level: symbols.settings.errorCorrection)
            else { throw CommandError.dataError("a CHUNK: frame does not fit the QR versions allowed") }
            items.append((bytes, series, version, files.count == 1
                ? outDir : base + QREncodeCommand.subdirectoryName(of: file)))
        }
        try FrameDirectory.prepare(outDir)
        var summaries: [Summary] = []
        for item in items {
            try FrameDirectory.prepare(item.dir)
            var names: [String] = []
            for (index, text) in item.series.frames.enumerated() {
                let name = FrameDirectory.name(ofPart: index)
                let png: [UInt8]
                do {
                    let symbol = try QRSymbol(bytes: Array(text.utf8), errorCorrection: symbols.settings.errorCorrection,
                                              version: item.version)
                    png = try QRImage.png(for: symbol, pixelsPerModule: pixelsPerModule)
                } catch {
                    throw CommandError(.software, "cannot draw chunk \(index + 1): \(error)")
                }
                try OutputFile.createNew((item.dir.hasSuffix("/") ? item.dir : item.dir + "/") + name, contents: png,
                                         mode: 0o644)
                names.append(name)
            }
            summaries.append(Summary(
                frames: names.count, kind: "beef", bytes: item.bytes.count,
                sha256: Hex.encode(Hash.sha256(item.bytes)), version: item.version,
                ecc: symbols.settings.errorCorrection.rawValue, outDir: item.dir, files: names))
        }
        if context.globals.json {
            if summaries.count == 1 { try Output.json(summaries[0]) } else { try Output.json(summaries) }
        } else {
            for summary in summaries {
                Output.result("\(summary.frames) frame\(summary.frames == 1 ? "" : "s") written to \(summary.outDir) "
                    + "(CHUNK:, QR version \(summary.version), level \(summary.ecc))")
            }
        }
        return .success
    }

    /// The `--json` result.
    struct Summary: Encodable {
        let format = "chunk"
        let frames: Int
        let kind: String
        let bytes: Int
        let sha256: String
        let version: Int
        let ecc: String
        let outDir: String
        let files: [String]
    }
}
