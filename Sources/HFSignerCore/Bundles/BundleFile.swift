import HFBundles

/// Reading a bundle file: bounded by the 64 MiB bundle limit before anything is parsed.
public enum BundleFile {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: `SignerError.unreadable` for a missing or unreadable file, `.rejected` for one over the limit.
    public static func read(_ path: String) throws(SignerError) -> [UInt8] {
        try BoundedFile.read(
            path, limit: BundleLimits.maxBundleBytes, tooLarge: "'\(path)' is larger than the 64 MiB bundle limit")
    }
}
