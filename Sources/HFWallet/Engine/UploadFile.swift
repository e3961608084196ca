/// A file to upload on chain with the B:// protocol: its bytes, media type and name.
public struct UploadFile: Hashable, Sendable {
    /// The file's bytes.
    public let data: [UInt8]
    /// Its media type.
    public let mediaType: MediaType
    /// Its name without any directory (the B:// filename field).
    public let filename: String

    // MARK: - Initializers

    /// An upload of `data` named `filename` (a base name) of type `mediaType`.
    public init(data: [UInt8], mediaType: MediaType, filename: String) {
        self.data = data
        self.mediaType = mediaType
        self.filename = filename
    }
}
