/// Draws QR symbols in a terminal with Unicode half blocks: two modules per character cell, one above the other.
///
/// Colours are set explicitly (black modules on white, quiet zone included), so the code reads the same on dark and
/// light terminal themes. Each line ends with a colour reset, so nothing bleeds into the following output.
public struct TerminalRenderer: Hashable, Sendable {
    /// How colours are written.
    public enum Colors: Hashable, Sendable {
        /// xterm 256-colour indexes 16 (black) and 231 (white), which terminal themes do not remap.
        case xterm256
        /// The basic ANSI black foreground (30) on bright white background (107), for terminals without 256 colours.
        case basic
        /// No escape sequences: dark modules drawn as blocks on the terminal's own background. Reads correctly only
        /// on a light background.
        case none
    }

    /// How colours are written.
    public let colors: Colors
    /// The quiet zone around the symbol, in modules.
    public let quietZone: Int

    /// A renderer; by default with xterm 256 colours and a quiet zone of 4 modules.
    public init(colors: Colors = .xterm256, quietZone: Int = QRImage.quietZoneModules) {
        precondition(quietZone >= 0, "TerminalRenderer: negative quiet zone")
        self.colors = colors
        self.quietZone = quietZone
    }

    // MARK: - Methods

    /// One BBQr frame drawn as text.
    /// - Parameters:
    ///   - frame: the frame text.
    ///   - version: the series' version (nil for the smallest), so that every frame has the same size.
    ///   - errorCorrection: the series' level.
    /// - Throws: `QRError` from `QRSymbol(alphanumeric:…)`.
    public func render(frame: String, version: Int? = nil, errorCorrection: QRErrorCorrection = .low)
        throws(QRError) -> String
    {
        render(try QRSymbol(alphanumeric: frame, errorCorrection: errorCorrection, version: version))
    }

    /// A symbol drawn as text: `(size + 2 × quietZone)` columns and half as many lines (rounded up), each ending in
    /// a newline.
    public func render(_ symbol: QRSymbol) -> String {
        let side = symbol.size + 2 * quietZone
        let (start, end) = escapes
        var out = ""
        out.reserveCapacity((side + start.utf8.count + end.utf8.count + 1) * (side + 1) / 2)
        func dark(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quietZone, column - quietZone)
            return (0..<symbol.size).contains(r) && (0..<symbol.size).contains(c) && symbol[r, c]
        }
        for row in stride(from: 0, to: side, by: 2) {
            out += start
            for column in 0..<side {
                switch (dark(row, column), dark(row + 1, column)) {
                case (false, false): out += " "
                case (true, false): out += "\u{2580}"
                case (false, true): out += "\u{2584}"
                case (true, true): out += "\u{2588}"
                }
            }
            out += end + "\n"
        }
        return out
    }

    /// The escape sequences that start and end each line.
    private var escapes: (String, String) {
        switch colors {
        case .xterm256: ("\u{1B}[38;5;16;48;5;231m", "\u{1B}[0m")
        case .basic: ("\u{1B}[30;107m", "\u{1B}[0m")
        case .none: ("", "")
        }
    }
}
