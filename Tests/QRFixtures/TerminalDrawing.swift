import Foundation
public import HFQR

/// The half-block drawing of `TerminalRenderer` (as `qr show` and `address next --qr` print it), turned back into
/// pixels the way a camera would see the screen, and decoded with real zbar.
///
/// Strict about the renderer's contract: every line starts with the xterm-256 colour pair (black 16 on white 231)
/// and ends with the reset; between them only `' '`, `'▀'`, `'▄'` and `'█'`; all lines the same width; each cell is
/// two modules, top then bottom; the dark modules sit exactly inside a 4-module quiet zone of a square symbol.
public enum TerminalDrawing {
    /// The colour pair each line starts with.
    public static let start = "\u{1B}[38;5;16;48;5;231m"
    /// The reset each line ends with.
    public static let end = "\u{1B}[0m"
    /// Pixels per module in the raster.
    public static let scale = 4

    /// Why a drawing is not what the renderer draws.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The modules of the drawing, row by row (`true` dark), two rows per line.
    /// - Throws: `Malformed` when a line breaks the renderer's contract or the quiet zone is not 4 modules.
    public static func modules(_ lines: [String]) throws -> [[Bool]] {
        guard !lines.isEmpty else { throw Malformed(description: "no lines") }
        var rows: [[Bool]] = []
        for (number, line) in lines.enumerated() {
            guard line.hasPrefix(start), line.hasSuffix(end) else {
                throw Malformed(description: "line \(number + 1) lacks the colour escape or the reset")
            }
            let cells = Array(line.dropFirst(start.count).dropLast(end.count))
            var top: [Bool] = []
            var bottom: [Bool] = []
            for cell in cells {
                switch cell {
                case " ": (top, bottom) = (top + [false], bottom + [false])
                case "\u{2580}": (top, bottom) = (top + [true], bottom + [false])
                case "\u{2584}": (top, bottom) = (top + [false], bottom + [true])
                case "\u{2588}": (top, bottom) = (top + [true], bottom + [true])
                default: throw Malformed(description: "line \(number + 1) holds \(cell.unicodeScalars.first!)")
                }
            }
            guard rows.isEmpty || rows[0].count == cells.count else {
                throw Malformed(description: "line \(number + 1) is \(cells.count) cells wide, not \(rows[0].count)")
            }
            rows += [top, bottom]
        }
        try checkQuietZone(rows)
        return rows
    }

    /// The drawing as an 8-bit gray image, `scale` pixels per module, white where no module is dark.
    public static func image(_ lines: [String]) throws -> GrayImage {
        let rows = try modules(lines)
        let width = rows[0].count * scale
        var pixels = [UInt8](repeating: 255, count: width * rows.count * scale)
        for (y, row) in rows.enumerated() {
            for (x, isDark) in row.enumerated() where isDark {
                for dy in 0..<scale {
                    for dx in 0..<scale { pixels[(y * scale + dy) * width + x * scale + dx] = 0 }
                }
            }
        }
        return try GrayImage(width: width, height: rows.count * scale, pixels: pixels)
    }

    /// Rasterises the drawing, writes it to `pngPath` as a PNG with HFQR's image code, reads that file back and
    /// decodes it with zbar: the texts of the codes found.
    public static func decode(_ lines: [String], writingPNGTo pngPath: String) throws -> [String] {
        let png = QRImage.png(for: try image(lines))
        try Data(png).write(to: URL(fileURLWithPath: pngPath))
        let read = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pngPath)))
        return try QRScanner.decode(QRImage.decode(read)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The dark modules must fill exactly a square `[4, side - 5]` box: the symbol (whose finder patterns mark its
    /// corners) inside the quiet zone, and the drawing `side` cells wide and `(side + 1) / 2` lines high.
    private static func checkQuietZone(_ rows: [[Bool]]) throws {
        let side = rows[0].count
        let quiet = QRImage.quietZoneModules
        guard rows.count / 2 == (side + 1) / 2 else {
            throw Malformed(description: "\(rows.count / 2) lines for a drawing \(side) modules wide")
        }
        let darkRows = rows.indices.filter { rows[$0].contains(true) }
        let darkColumns = (0..<side).filter { column in rows.contains { $0[column] } }
        guard darkRows.first == quiet, darkRows.last == side - 1 - quiet, darkColumns.first == quiet,
            darkColumns.last == side - 1 - quiet
        else {
            throw Malformed(description: "the dark modules span rows \(darkRows.first ?? -1)-\(darkRows.last ?? -1) "
                + "and columns \(darkColumns.first ?? -1)-\(darkColumns.last ?? -1) of \(side): no 4-module quiet zone")
        }
    }
}
