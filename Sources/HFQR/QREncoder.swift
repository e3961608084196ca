/// Turns a file into the frames of a BBQr animation: the entry point of `qr encode` and `qr show`.
///
/// Frames are `Z` (raw DEFLATE, 1 KiB window, then Base32), falling back to `2` when compression does not help;
/// the version is the smallest that holds one evenly split part within the settings' versions.
public enum QREncoder {
    /// The animation for a file.
    /// - Parameters:
    ///   - bytes: the file's bytes exactly (no re-encoding).
    ///   - fileType: `J` for JSON bundles, `B` for `.bep`, `U` for text (`BBQrFileType.suggested(for:)` guesses).
    ///   - settings: density or version, and level.
    /// - Returns: the parts with the version and level every frame must be drawn at.
    /// - Throws: `BBQrError.emptyInput` or `.doesNotFit` (more than 1295 parts).
    public static func series(for bytes: [UInt8], fileType: BBQrFileType, settings: QRSettings = .standard)
        throws(BBQrError) -> BBQrSeries
    {
        try BBQrSplitter.split(bytes, fileType: fileType, options: BBQrSplitOptions(settings: settings))
    }

    /// The frame texts of the animation for a file (`series(for:fileType:settings:).parts`).
    /// - Throws: as `series(for:fileType:settings:)`.
    public static func frames(for bytes: [UInt8], fileType: BBQrFileType, settings: QRSettings = .standard)
        throws(BBQrError) -> [String]
    {
        try series(for: bytes, fileType: fileType, settings: settings).parts
    }
}
