public import HFCommandLine
import HFQR
import HFSystem

/// One static QR code of a short text (an address, a `bitcoin:` URI, any text): drawn on the terminal with the
/// renderer of `qr show`, or written as a PNG by `qr encode --text`.
///
/// The text goes into the symbol in byte mode as its UTF-8 bytes, exactly (a scanner in binary mode reads back the
/// same bytes); the symbol is the smallest version that holds it at the level asked for, or exactly the version
/// asked for.
public enum TextQR {
    /// The terminal drawing of `text` at level L (the level for screens): half blocks, black on white, with the
    /// 4-module quiet zone, as `qr show` draws a frame.
    /// - Throws: `CommandError` 64 when the text is empty or does not fit one QR code.
    public static func drawing(of text: String) throws(CommandError) -> String {
        TerminalRenderer().render(try symbol(of: text, version: nil, errorCorrection: .low))
    }

    /// Prints the drawing of `text` on stdout (whatever stdout is: a terminal, a pipe or a file get the same lines),
    /// warning on stderr when stdout is a terminal too small to show it whole.
    /// - Throws: `CommandError` 64 when the text is empty or does not fit one QR code.
    public static func show(_ text: String) throws(CommandError) {
        let symbol = try symbol(of: text, version: nil, errorCorrection: .low)
        if Terminal.isTerminal(.standardOutput), let screen = TerminalAnimation.screenSize(),
            !TerminalAnimation.fits(symbolSize: symbol.size, in: screen)
        {
            Output.message("warning: the QR code (version \(symbol.version)) is larger than this terminal; enlarge it "
                + "or use a smaller font")
        }
        Output.sinks.standardOutput.write(TerminalRenderer().render(symbol))
    }

    /// The symbol holding `text`'s UTF-8 bytes.
    /// - Parameters:
    ///   - version: exactly this version (1-40), or nil for the smallest that holds the text.
    ///   - errorCorrection: the level.
    /// - Throws: `CommandError` 64 when the text is empty or longer than the version (or version 40) holds.
    static func symbol(of text: String, version: Int?, errorCorrection: QRErrorCorrection) throws(CommandError)
        -> QRSymbol
    {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .usage("the text is empty; give the text to put in the QR code") }
        let capacity = QRCapacity.bytes(version: version ?? QRCapacity.versions.upperBound, level: errorCorrection)
        guard bytes.count <= capacity else {
            let symbol = version.map { "a version \($0) QR code" } ?? "one QR code"
            throw .usage("the text is \(bytes.count) bytes but \(symbol) at level \(errorCorrection.rawValue) holds "
                + "at most \(capacity); shorten it" + (version == nil ? "" : " or choose a higher --qr-version")
                + (errorCorrection == .low ? "" : " or a lower --ecc"))
        }
        do {
            return try QRSymbol(bytes: bytes, errorCorrection: errorCorrection, version: version)
        } catch {
            throw CommandError(.software, "cannot draw the QR code: \(error)")
        }
    }
}
