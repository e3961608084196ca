/// A QR error-correction level: how much of a symbol may be damaged and still read (ISO/IEC 18004).
public enum QRErrorCorrection: String, Hashable, Sendable, CaseIterable {
    /// `L`: about 7% recoverable; the most data per symbol, and BBQr's recommendation for screens.
    case low = "L"
    /// `M`: about 15%; for paper.
    case medium = "M"
    /// `Q`: about 25%.
    case quartile = "Q"
    /// `H`: about 30%.
    case high = "H"

    /// The level named by `L`, `M`, `Q` or `H` (either case), as `--ecc` takes it.
    public init?(letter: String) {
        self.init(rawValue: letter.uppercased())
    }

    /// The column of `QRCapacity.dataCodewords`.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
