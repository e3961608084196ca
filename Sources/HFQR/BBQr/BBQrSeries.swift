/// A file split into BBQr parts, with the QR version and level the parts were sized for.
public struct BBQrSeries: Hashable, Sendable {
    /// The encoding actually used (`Z` may have fallen back to `2`).
    public let encoding: BBQrEncoding
    /// The file type every header carries.
    public let fileType: BBQrFileType
    /// The QR version every part fits in; show every frame at this version so that the display stays steady.
    public let version: Int
    /// The error-correction level the version was chosen for.
    public let errorCorrection: QRErrorCorrection
    /// The payload characters of every part but the last (the last may be shorter).
    public let partLength: Int
    /// The parts in order, each a header and its payload: the text of one QR code.
    public let parts: [String]

    /// The number of parts.
    public var count: Int { parts.count }
}
