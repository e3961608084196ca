import HFCrypto

/// The file a completed animation (or a plain single QR) carried.
public struct ScannedPayload: Hashable, Sendable {
    /// Where it came from.
    public let animation: AnimationKey
    /// The BBQr file type, or nil for a plain single QR.
    public let fileType: BBQrFileType?
    /// The file's bytes, exactly as the sender's file.
    public let bytes: [UInt8]

    /// A payload from its parts.
    public init(animation: AnimationKey, fileType: BBQrFileType?, bytes: [UInt8]) {
        self.animation = animation
        self.fileType = fileType
        self.bytes = bytes
    }

    /// The SHA-256 of `bytes`, for showing the user what arrived.
    public var sha256: [UInt8] { Hash.sha256(bytes) }
}
