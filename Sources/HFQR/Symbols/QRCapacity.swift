/// How much a QR symbol holds, from the ISO/IEC 18004 table of data codewords.
///
/// Checked against libqrencode 4.1.1 for every version and level (byte and alphanumeric mode), and against the
/// alphanumeric capacities at level L that BBQr publishes.
public enum QRCapacity {
    /// The QR versions, 1 (21 × 21 modules) to 40 (177 × 177).
    public static let versions = 1...40

    /// Alphanumeric characters (`0-9 A-Z space $ % * + - . / :`) that one symbol of `version` holds at `level`.
    public static func alphanumericCharacters(version: Int, level: QRErrorCorrection) -> Int {
        let bits = dataBits(version: version, level: level) - 4 - (version < 10 ? 9 : version < 27 ? 11 : 13)
        return bits / 11 * 2 + (bits % 11 >= 6 ? 1 : 0)
    }

    /// Digits that one numeric-mode symbol of `version` holds at `level` (10 bits for three digits, 7 for two, 4 for
    /// one; a count of 10, 12 or 14 bits).
    public static func numericDigits(version: Int, level: QRErrorCorrection) -> Int {
        let bits = dataBits(version: version, level: level) - 4 - (version < 10 ? 10 : version < 27 ? 12 : 14)
        let rest = bits % 10
        return bits / 10 * 3 + (rest >= 7 ? 2 : rest >= 4 ? 1 : 0)
    }

    /// Bytes that one byte-mode symbol of `version` holds at `level`.
    public static func bytes(version: Int, level: QRErrorCorrection) -> Int {
        (dataBits(version: version, level: level) - 4 - (version < 10 ? 8 : 16)) / 8
    }

    /// The side of a symbol of `version`, in modules (without the quiet zone).
    public static func modules(version: Int) -> Int { 17 + 4 * version }

    /// The smallest version in `range` whose alphanumeric capacity at `level` is at least `characters`.
    public static func smallestVersion(alphanumeric characters: Int, level: QRErrorCorrection,
                                       in range: ClosedRange<Int> = versions) -> Int? {
        range.first { alphanumericCharacters(version: $0, level: level) >= characters }
    }

    /// The data bits of a symbol.
    private static func dataBits(version: Int, level: QRErrorCorrection) -> Int {
        precondition(versions.contains(version), "QRCapacity: version \(version) is outside 1...40")
        return 8 * dataCodewords[version - 1][level.tableIndex]
    }

    /// Data codewords per version (row) and level (L, M, Q, H), ISO/IEC 18004 Table 7.
    static let dataCodewords: [[Int]] = [
        [19, 16, 13, 9], [34, 28, 22, 16], [55, 44, 34, 26], [80, 64, 48, 36], [108, 86, 62, 46],
        [136, 108, 76, 60], [156, 124, 88, 66], [194, 154, 110, 86], [232, 182, 132, 100], [274, 216, 154, 122],
        [324, 254, 180, 140], [370, 290, 206, 158], [428, 334, 244, 180], [461, 365, 261, 197], [523, 415, 295, 223],
        [589, 453, 325, 253], [647, 507, 367, 283], [721, 563, 397, 313], [795, 627, 445, 341], [861, 669, 485, 385],
        [932, 714, 512, 406], [1006, 782, 568, 442], [1094, 860, 614, 464], [1174, 914, 664, 514],
        [1276, 1000, 718, 538], [1370, 1062, 754, 596], [1468, 1128, 808, 628], [1531, 1193, 871, 661],
        [1631, 1267, 911, 701], [1735, 1373, 985, 745], [1843, 1455, 1033, 793], [1955, 1541, 1115, 845],
        [2071, 1631, 1171, 901], [2191, 1725, 1231, 961], [2306, 1812, 1286, 986], [2434, 1914, 1354, 1054],
        [2566, 1992, 1426, 1096], [2702, 2102, 1502, 1142], [2812, 2216, 1582, 1222], [2956, 2334, 1666, 1276],
    ]
}
