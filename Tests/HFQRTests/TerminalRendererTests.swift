import HFQR
import Testing

/// The module grid a rendering shows (quiet zone included), read back from its half-block glyphs.
private func grid(_ text: String, prefix: String, suffix: String) -> [[Bool]] {
    var rows: [[Bool]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        var body = Substring(line)
        #expect(body.hasPrefix(prefix) && body.hasSuffix(suffix))
        body = body.dropFirst(prefix.count).dropLast(suffix.count)
        var top: [Bool] = []
        var bottom: [Bool] = []
        for glyph in body {
            switch glyph {
            case " ": (top, bottom) = (top + [false], bottom + [false])
            case "\u{2580}": (top, bottom) = (top + [true], bottom + [false])
            case "\u{2584}": (top, bottom) = (top + [false], bottom + [true])
            case "\u{2588}": (top, bottom) = (top + [true], bottom + [true])
            default: Issue.record("unexpected glyph \(glyph)")
            }
        }
        rows += [top, bottom]
    }
    return rows
}

@Suite struct TerminalRendererTests {
    @Test func halfBlocksShowEveryModuleWithTheQuietZone() throws {
        let symbol = try QRSymbol(alphanumeric: "B$2U0100MZXW6YTBOI")
        let side = symbol.size + 8
        let text = TerminalRenderer().render(symbol)
        let rows = grid(text, prefix: "\u{1B}[38;5;16;48;5;231m", suffix: "\u{1B}[0m")
        #expect(rows.count == side + 1 && rows.allSatisfy { $0.count == side })
        for (y, row) in rows.enumerated() {
            for (x, dark) in row.enumerated() {
                let (r, c) = (y - 4, x - 4)
                let expected = (0..<symbol.size).contains(r) && (0..<symbol.size).contains(c) && symbol[r, c]
                #expect(dark == expected)
            }
        }
        #expect(text.split(separator: "\n").count == (side + 1) / 2)
    }

    @Test func colourModes() throws {
        let renderer = TerminalRenderer(colors: .basic, quietZone: 2)
        let text = try renderer.render(frame: "B$2U0100MY", version: 2)
        let rows = grid(text, prefix: "\u{1B}[30;107m", suffix: "\u{1B}[0m")
        #expect(rows.count == 25 + 4 + 1)
        let plain = try TerminalRenderer(colors: .none).render(frame: "B$2U0100MY")
        #expect(!plain.contains("\u{1B}") && plain.split(separator: "\n").count == 15)
        #expect(throws: QRError.notAlphanumeric(offset: 0)) { try renderer.render(frame: "b") }
    }

    @Test func renderingScansBack() throws {
        // Rasterize the glyphs (each cell 3 px wide, each half 3 px tall) and let zbar read the result.
        let frame = "B$ZJ0100" + String(repeating: "MZXW6YTB", count: 20)
        let text = try TerminalRenderer(colors: .none).render(frame: frame, version: nil)
        let rows = grid(text, prefix: "", suffix: "")
        let scale = 3
        let width = rows[0].count * scale
        var pixels: [UInt8] = []
        for row in rows {
            let line = row.flatMap { [UInt8](repeating: $0 ? 0 : 255, count: scale) }
            for _ in 0..<scale { pixels += line }
        }
        let image = try GrayImage(width: width, height: rows.count * scale, pixels: pixels)
        #expect(try QRScanner.decode(image) == [utf8(frame)])
    }
}
