/// QR codes as image files: PNG out, PNG and binary PGM/PPM in.
///
/// Images are black modules on white with a quiet zone of 4 modules (the ISO minimum) and whole pixels per module,
/// at least 3 (zbar needs about 2.5 in a camera image; docs/reference/qr-transport.md §4.6).
public enum QRImage {
    /// The quiet zone around every symbol, in modules.
    public static let quietZoneModules = 4
    /// The pixels per module an image gets unless the caller asks otherwise.
    public static let defaultPixelsPerModule = 4
    /// The allowed pixels per module.
    public static let pixelsPerModuleRange = 3...64

    /// A PNG of one BBQr frame (alphanumeric mode).
    /// - Parameters:
    ///   - frame: the frame text (from `BBQrSeries.parts`).
    ///   - version: the series' version, so that every frame of an animation has the same size; nil for the smallest.
    ///   - errorCorrection: the series' level.
    ///   - pixelsPerModule: 3…64.
    /// - Throws: `QRError` from `QRSymbol(alphanumeric:…)` or `.invalidModuleSize`.
    public static func png(
        for frame: String, version: Int? = nil, errorCorrection: QRErrorCorrection = .low,
        pixelsPerModule: Int = defaultPixelsPerModule
    ) throws(QRError) -> [UInt8] {
        try png(for: QRSymbol(alphanumeric: frame, errorCorrection: errorCorrection, version: version),
                pixelsPerModule: pixelsPerModule)
    }

    /// A PNG of a symbol.
    /// - Throws: `QRError.invalidModuleSize` outside 3…64 pixels per module.
    public static func png(for symbol: QRSymbol, pixelsPerModule: Int = defaultPixelsPerModule) throws(QRError)
        -> [UInt8]
    {
        PNG.encode(try GrayImage(symbol: symbol, pixelsPerModule: pixelsPerModule))
    }

    /// `image` as an 8-bit grayscale PNG file.
    public static func png(for image: GrayImage) -> [UInt8] { PNG.encode(image) }

    /// Reads a PNG, PGM (`P5`) or PPM (`P6`) file, told apart by content.
    /// - Throws: `QRError.unsupportedImageFormat`, `.malformedImage` or `.imageTooLarge`.
    public static func decode(_ bytes: [UInt8]) throws(QRError) -> GrayImage {
        if bytes.starts(with: PNG.signature) { return try PNG.decode(bytes) }
        if PNMDecoder.recognizes(bytes) { return try PNMDecoder.decode(bytes) }
        throw .unsupportedImageFormat
    }

    /// Whether `bytes` look like an image this module reads (PNG signature, or `P5`/`P6`).
    public static func isImage(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: PNG.signature) || PNMDecoder.recognizes(bytes)
    }

    /// The largest pixels per module (at least 3) for a symbol of `version` to fit in `side` pixels with its quiet
    /// zone; 3 when even that does not fit.
    public static func pixelsPerModule(fitting side: Int, version: Int) -> Int {
        let modules = QRCapacity.modules(version: version) + 2 * quietZoneModules
        return min(max(side / modules, pixelsPerModuleRange.lowerBound), pixelsPerModuleRange.upperBound)
    }
}
