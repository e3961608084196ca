/// What adding one frame to a scan session did.
public enum ScanEvent: Hashable, Sendable {
    /// A blank line: nothing to do.
    case ignored
    /// A new part was placed (or a plain single QR recorded); the progress is its animation's.
    case accepted(ScanProgress)
    /// The exact part was already held.
    case duplicate(ScanProgress)
    /// The frame differs from the part already held at `index` of its animation: it is reported and held aside, not
    /// merged. (Another series with the same header and part length, or a misread.) If the animation later fails
    /// validation, the held-aside frames are tried in its place.
    case contradiction(index: Int, ScanProgress)
    /// The last part of a series whose part length is not known yet; it is held until another part of the series
    /// arrives.
    case heldLastPart(BBQrHeader)
    /// The frame cannot be used; the error says why.
    case rejected(ScanError)

    /// The progress the event reports, if any.
    public var progress: ScanProgress? {
        switch self {
        case .accepted(let progress), .duplicate(let progress), .contradiction(_, let progress): progress
        case .ignored, .heldLastPart, .rejected: nil
        }
    }
}
