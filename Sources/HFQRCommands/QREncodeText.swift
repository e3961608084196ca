import HFCommandLine
import HFQR

/// `qr encode --text STRING --out FILE.png`: one plain QR code of a short text, written with the create-new writer.
enum QREncodeText {
    /// Writes the QR code of `text` to the new file `out` and prints what was written.
    /// - Throws: `CommandError` 64 when the text is empty or does not fit one QR code at the settings, 73 when `out`
    ///   exists or cannot be created (nothing is written then).
    static func write(_ text: String, to out: String, symbols: QRSymbolOptions, pixelsPerModule: Int,
                      context: CommandContext) throws -> ExitCode
    {
        let level = symbols.settings.errorCorrection
        try QRDecodeFinish.checkOutAbsent(out)
        let symbol = try TextQR.symbol(of: text, version: symbols.settings.version, errorCorrection: level)
        let png: [UInt8]
        do {
            png = try QRImage.png(for: symbol, pixelsPerModule: pixelsPerModule)
        } catch {
            throw CommandError(.software, "cannot draw the QR code: \(error)")
        }
        try OutputFile.createNew(out, contents: png, mode: 0o644)
        let summary = Summary(bytes: text.utf8.count, ecc: level.rawValue, out: out, version: symbol.version)
        if context.globals.json {
            try Output.json(summary)
        } else {
            Output.result("wrote \(out): one QR code of \(summary.bytes) byte\(summary.bytes == 1 ? "" : "s") of text "
                + "(QR version \(summary.version), level \(summary.ecc))")
        }
        return .success
    }

    /// The `--json` result.
    struct Summary: Encodable {
        let bytes: Int
        let ecc: String
        let out: String
        let version: Int
    }
}
