/// Splits a line of scanned text that holds several multi-part frames printed without a separator.
///
/// zbar 0.23.92 (`zbarimg --raw -q -Sbinary *.png`) prints one symbol after another with no newline between them, so
/// every frame of an animation arrives as one line. A frame of each multi-part format starts with a prefix that its
/// body cannot hold — `B$` (BBQr: hex or Base32 bodies, no `$`), `UR:` (bytewords and digits, no `:`), `CHUNK:`
/// (Base64 bodies, no `:`) — so a line that starts with one of these prefixes is cut before every later occurrence of
/// the same prefix. Any other line is one symbol, as is.
public enum SymbolSplitter {
    /// The prefixes that start a frame, as ASCII bytes (matched without regard to case for `UR:` and `CHUNK:`).
    static let prefixes: [[UInt8]] = [Array("B$".utf8), Array("UR:".utf8), Array("CHUNK:".utf8)]

    /// The symbols of one line, in order (the line itself when it is not a run of frames).
    public static func symbols(in line: [UInt8]) -> [[UInt8]] {
        guard let prefix = prefixes.first(where: { matches(line, at: 0, $0) }) else { return [line] }
        var symbols: [[UInt8]] = []
        var start = 0
        var index = prefix.count
        while index + prefix.count <= line.count {
            if matches(line, at: index, prefix) {
                symbols.append(Array(line[start..<index]))
                start = index
                index += prefix.count
            } else {
                index += 1
            }
        }
        symbols.append(Array(line[start...]))
        return symbols
    }

    /// Whether a symbol is a UR text (starts with `UR:` in either case).
    public static func isUR(_ symbol: [UInt8]) -> Bool { matches(symbol, at: 0, prefixes[1]) }

    /// Whether a symbol is a `CHUNK:` frame (in either case).
    public static func isChunk(_ symbol: [UInt8]) -> Bool { matches(symbol, at: 0, prefixes[2]) }

    /// Whether `line` holds `prefix` at `offset` (ASCII letters compared without case).
    private static func matches(_ line: [UInt8], at offset: Int, _ prefix: [UInt8]) -> Bool {
        guard offset + prefix.count <= line.count else { return false }
        for (position, byte) in prefix.enumerated() where upper(line[offset + position]) != byte { return false }
        return true
    }

    /// An ASCII lower-case letter as upper case; any other byte as is.
    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }
}
