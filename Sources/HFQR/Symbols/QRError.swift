/// Why a QR symbol or image could not be made or read.
public enum QRError: Error, Hashable, Sendable {
    /// A QR version outside 1…40 was asked for.
    case invalidVersion(Int)
    /// Text for an alphanumeric symbol holds a character outside `0-9 A-Z space $ % * + - . / :` (at `offset`).
    case notAlphanumeric(offset: Int)
    /// Digits for a numeric symbol hold a character other than `0-9` (at `offset`).
    case notNumeric(offset: Int)
    /// The data (`size` characters or bytes) does not fit in one symbol of the version asked for, or of version 40.
    case dataTooLarge(size: Int)
    /// There is no data to encode.
    case emptyData
    /// libqrencode failed for a reason it does not report in detail (`errno` value).
    case encoderFailed(errno: Int32)
    /// An image would have fewer than 3 pixels per module (`pixels` asked), or more than 64.
    case invalidModuleSize(pixels: Int)
    /// The image is neither PNG nor binary PGM/PPM.
    case unsupportedImageFormat
    /// The image is `width` × `height` pixels, beyond the 16384-pixel side or 64-megapixel limit.
    case imageTooLarge(width: Int, height: Int)
    /// The image data is damaged or malformed (`reason` says where).
    case malformedImage(reason: String)
    /// zbar could not be set up or failed on the image.
    case scannerFailed
}

extension QRError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .invalidVersion(let version): "QR version \(version) does not exist; versions are 1 to 40"
        case .notAlphanumeric(let offset):
            "the character at offset \(offset) is not in the QR alphanumeric set (0-9, A-Z, space, $%*+-./:)"
        case .notNumeric(let offset): "the character at offset \(offset) is not a digit 0-9"
        case .dataTooLarge(let size):
            "\(size) characters or bytes do not fit in one QR code of the version asked for; use a higher version"
        case .emptyData: "there is no data to put in a QR code"
        case .encoderFailed(let code): "libqrencode failed (errno \(code))"
        case .invalidModuleSize(let pixels):
            "\(pixels) pixels per module is outside 3 to 64; scanners need at least 3 pixels per module"
        case .unsupportedImageFormat: "the image is not a PNG, PGM (P5) or PPM (P6) file"
        case .imageTooLarge(let width, let height):
            "the image is \(width)×\(height) pixels, larger than the 16384-pixel side or 64-megapixel limit"
        case .malformedImage(let reason): "the image is damaged: \(reason)"
        case .scannerFailed: "zbar could not scan the image"
        }
    }
}
