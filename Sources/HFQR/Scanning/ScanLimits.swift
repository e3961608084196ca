/// The bounds a scan session keeps to, so that a hostile or noisy stream of frames cannot exhaust memory or time.
public struct ScanLimits: Hashable, Sendable {
    /// Animations (and plain single QRs) tracked at once; beyond it the oldest with at most one part is dropped.
    public var maximumAnimations: Int
    /// Distinct frames kept per part index (the first and the contradicting ones held aside).
    public var maximumVariantsPerPart: Int
    /// Combinations of held-aside frames tried when a completed animation fails validation.
    public var maximumCombinations: Int
    /// The largest decoded file, in bytes (64 MiB, the bundle limit, by default).
    public var maximumPayloadBytes: Int

    /// The most fragments a UR animation may announce (as many as BBQr's parts): bounds the elimination's work.
    public static let maximumURFragments = 1295
    /// The largest UR message, in bytes (8 MiB): bounds each UR decoder's memory.
    public static let maximumURMessageBytes = 8 << 20

    /// Limits; the defaults suit bundles.
    public init(
        maximumAnimations: Int = 16, maximumVariantsPerPart: Int = 4, maximumCombinations: Int = 64,
        maximumPayloadBytes: Int = BBQrJoiner.defaultPayloadLimit
    ) {
        precondition(maximumAnimations > 0 && maximumVariantsPerPart > 0 && maximumCombinations > 0,
                     "ScanLimits: every limit must be positive")
        self.maximumAnimations = maximumAnimations
        self.maximumVariantsPerPart = maximumVariantsPerPart
        self.maximumCombinations = maximumCombinations
        self.maximumPayloadBytes = maximumPayloadBytes
    }
}
