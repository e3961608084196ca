/// An 8-bit grayscale image, row by row from the top: 0 is black, 255 white.
public struct GrayImage: Hashable, Sendable {
    /// The largest side accepted, in pixels.
    public static let maximumSide = 16_384
    /// The largest pixel count accepted (64 megapixels).
    public static let maximumPixels = 64 << 20

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height` luminance values.
    public let pixels: [UInt8]

    // MARK: - Initializers

    /// An image from its pixels.
    /// - Throws: `QRError.imageTooLarge` beyond the size limits, `.malformedImage` when `pixels` does not hold
    ///   `width × height` values or a side is zero.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(QRError) {
        try Self.checkSize(width: width, height: height)
        guard pixels.count == width * height else {
            throw .malformedImage(reason: "\(pixels.count) pixels for a \(width)×\(height) image")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A symbol drawn black on white, `pixelsPerModule` pixels per module, with a quiet zone of `quietZone` modules.
    /// - Throws: `QRError.invalidModuleSize` outside 3…64 pixels per module.
    public init(symbol: QRSymbol, pixelsPerModule: Int = QRImage.defaultPixelsPerModule,
                quietZone: Int = QRImage.quietZoneModules) throws(QRError) {
        guard QRImage.pixelsPerModuleRange.contains(pixelsPerModule) else {
            throw .invalidModuleSize(pixels: pixelsPerModule)
        }
        precondition(quietZone >= 0, "GrayImage: negative quiet zone")
        let side = (symbol.size + 2 * quietZone) * pixelsPerModule
        var pixels = [UInt8](repeating: 255, count: side * side)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<symbol.size {
                let top = (row + quietZone) * pixelsPerModule
                for column in 0..<symbol.size where symbol[row, column] {
                    let left = (column + quietZone) * pixelsPerModule
                    for y in top..<top + pixelsPerModule {
                        let start = y * side + left
                        for x in start..<start + pixelsPerModule { buffer[x] = 0 }
                    }
                }
            }
        }
        width = side
        height = side
        self.pixels = pixels
    }

    // MARK: - Static members

    /// Checks a size against the limits.
    static func checkSize(width: Int, height: Int) throws(QRError) {
        guard width > 0, height > 0 else { throw .malformedImage(reason: "the image is \(width)×\(height) pixels") }
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
            throw .imageTooLarge(width: width, height: height)
        }
    }
}
