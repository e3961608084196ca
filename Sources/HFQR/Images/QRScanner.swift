/// Reads QR codes from images with zbar, in binary mode so that every payload comes back byte for byte.
public enum QRScanner {
    /// The data of every QR code in an image file (PNG, PGM `P5` or PPM `P6`).
    /// - Returns: each code's bytes; BBQr frames are ASCII text, a plain bundle is its file's bytes. Empty when the
    ///   image holds no readable code.
    /// - Throws: `QRError` for an unreadable image (`unsupportedImageFormat`, `malformedImage`, `imageTooLarge`) or
    ///   `.scannerFailed`.
    public static func decode(imageFile bytes: [UInt8]) throws(QRError) -> [[UInt8]] {
        try decode(QRImage.decode(bytes))
    }

    /// The data of every QR code in a grayscale image.
    /// - Throws: `QRError.scannerFailed`.
    public static func decode(_ image: GrayImage) throws(QRError) -> [[UInt8]] {
        try ZBar.scan(image)
    }

    /// The text of every QR code in an image file whose data is UTF-8 (BBQr frames always are).
    /// - Throws: as `decode(imageFile:)`.
    public static func frames(inImageFile bytes: [UInt8]) throws(QRError) -> [String] {
        try decode(imageFile: bytes).compactMap { String(validating: $0, as: UTF8.self) }
    }
}
