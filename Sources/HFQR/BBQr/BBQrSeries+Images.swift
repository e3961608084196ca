extension BBQrSeries {
    /// The symbol of part `index`, at the series' version and level.
    /// - Throws: `QRError` (never for a series this module made).
    public func symbol(at index: Int) throws(QRError) -> QRSymbol {
        try QRSymbol(alphanumeric: parts[index], errorCorrection: errorCorrection, version: version)
    }

    /// A PNG of part `index`, at the series' version and level.
    /// - Throws: `QRError.invalidModuleSize` outside 3…64 pixels per module.
    public func png(at index: Int, pixelsPerModule: Int = QRImage.defaultPixelsPerModule) throws(QRError) -> [UInt8] {
        try QRImage.png(for: symbol(at: index), pixelsPerModule: pixelsPerModule)
    }
}
