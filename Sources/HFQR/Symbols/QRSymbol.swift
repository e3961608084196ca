/// A QR code as a square of modules, made by libqrencode.
///
/// BBQr text goes in alphanumeric mode (11 bits per 2 characters); a Standard SeedQR's digits in numeric mode (10
/// bits per 3 digits); other data in byte mode, which keeps NUL and any other byte exactly.
public struct QRSymbol: Hashable, Sendable {
    /// The version, 1…40.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection
    /// The side in modules, `17 + 4 × version` (without the quiet zone).
    public let size: Int
    /// The modules row by row, top to bottom; `true` is dark.
    public let modules: [Bool]

    // MARK: - Initializers

    /// A symbol holding `text` in alphanumeric mode (the mode BBQr text is meant for).
    /// - Parameters:
    ///   - text: characters of the QR alphanumeric set only (`0-9 A-Z space $ % * + - . / :`).
    ///   - errorCorrection: the level; L by default.
    ///   - version: the version to use, or nil for the smallest that holds the text. A version too small is an error,
    ///     never silently raised.
    /// - Throws: `QRError.emptyData`, `.notAlphanumeric`, `.invalidVersion`, `.dataTooLarge` or `.encoderFailed`.
    public init(alphanumeric text: String, errorCorrection: QRErrorCorrection = .low, version: Int? = nil)
        throws(QRError)
    {
        let bytes = Array(text.utf8)
        if let offset = bytes.firstIndex(where: { !Self.isAlphanumeric($0) }) { throw .notAlphanumeric(offset: offset) }
        let fits = { (candidate: Int) in
            QRCapacity.alphanumericCharacters(version: candidate, level: errorCorrection) >= bytes.count
        }
        self = try QREncode.symbol(
            bytes, mode: .alphanumeric, level: errorCorrection, version: try Self.version(version, bytes, fits))
    }

    /// A symbol holding `bytes` in byte mode.
    /// - Parameters:
    ///   - bytes: any bytes (a whole bundle, for a plain single QR).
    ///   - errorCorrection: the level; L by default.
    ///   - version: the version to use, or nil for the smallest that holds the bytes.
    /// - Throws: `QRError.emptyData`, `.invalidVersion`, `.dataTooLarge` or `.encoderFailed`.
    public init(bytes: [UInt8], errorCorrection: QRErrorCorrection = .low, version: Int? = nil) throws(QRError) {
        let fits = { (candidate: Int) in QRCapacity.bytes(version: candidate, level: errorCorrection) >= bytes.count }
        self = try QREncode.symbol(
            bytes, mode: .byte, level: errorCorrection, version: try Self.version(version, bytes, fits))
    }

    /// A symbol holding `digits` in numeric mode (10 bits for each group of three digits), as SeedQR's Standard kind
    /// is drawn.
    /// - Parameters:
    ///   - digits: ASCII digits `0-9` only.
    ///   - errorCorrection: the level; L by default.
    ///   - version: the version to use, or nil for the smallest that holds the digits.
    /// - Throws: `QRError.emptyData`, `.notNumeric`, `.invalidVersion`, `.dataTooLarge` or `.encoderFailed`.
    public init(numeric digits: [UInt8], errorCorrection: QRErrorCorrection = .low, version: Int? = nil)
        throws(QRError)
    {
        if let offset = digits.firstIndex(where: { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            throw .notNumeric(offset: offset)
        }
        let fits = { (candidate: Int) in
            QRCapacity.numericDigits(version: candidate, level: errorCorrection) >= digits.count
        }
        self = try QREncode.symbol(
            digits, mode: .numeric, level: errorCorrection, version: try Self.version(version, digits, fits))
    }

    /// A symbol from its parts (the libqrencode funnel's result).
    init(version: Int, errorCorrection: QRErrorCorrection, modules: [Bool]) {
        self.version = version
        self.errorCorrection = errorCorrection
        size = QRCapacity.modules(version: version)
        precondition(modules.count == size * size, "QRSymbol: \(modules.count) modules for version \(version)")
        self.modules = modules
    }

    // MARK: - Methods

    /// Whether the module at `row`, `column` (0-based, without the quiet zone) is dark.
    public subscript(row: Int, column: Int) -> Bool { modules[row * size + column] }

    // MARK: - Static members

    /// Whether `byte` is in the QR alphanumeric set.
    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: Array(" $%*+-./:".utf8).contains(byte)
        }
    }

    /// The version to encode at: the one asked for if the data fits, else the smallest that fits.
    private static func version(_ asked: Int?, _ data: [UInt8], _ fits: (Int) -> Bool) throws(QRError) -> Int {
        guard !data.isEmpty else { throw .emptyData }
        if let asked {
            guard QRCapacity.versions.contains(asked) else { throw .invalidVersion(asked) }
            guard fits(asked) else { throw .dataTooLarge(size: data.count) }
            return asked
        }
        guard let smallest = QRCapacity.versions.first(where: fits) else { throw .dataTooLarge(size: data.count) }
        return smallest
    }
}
