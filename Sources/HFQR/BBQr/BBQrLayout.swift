/// How a BBQr encoder sizes its parts once it knows how many it needs.
public enum BBQrLayout: Hashable, Sendable {
    /// Every part but the last is filled to the chosen version's capacity, as upstream BBQr (`split_qrs`) does;
    /// choose the fewest parts, then the lowest version. Reproduces upstream's part strings exactly.
    case fill
    /// The fewest parts at the largest allowed version, then the data spread evenly over them (each part but the last
    /// rounded up to whole bytes), then the lowest version that holds one part. Same part count as `fill`, but
    /// usually a smaller version, and no nearly empty last frame.
    case even
}
