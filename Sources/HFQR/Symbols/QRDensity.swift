/// How much each frame of an animation holds: the largest QR version the encoder may use (`--density`).
///
/// Denser frames mean fewer frames but smaller modules, which cheap cameras read less reliably (docs/reference/qr-transport.md §4.6:
/// zbar needs about 2.5 pixels per module in the camera image).
public enum QRDensity: String, Hashable, Sendable, CaseIterable {
    /// Up to version 10 (57 modules): for low-resolution cameras and small screens.
    case low
    /// Up to version 20 (97 modules): the default; a laptop webcam reads it at arm's length.
    case normal
    /// Up to version 27 (125 modules): for good cameras close to a large screen.
    case high
    /// Up to version 40 (177 modules): for a 720p or better camera (Coldcard Q's densest).
    case max

    /// The largest version frames of this density use.
    public var maximumVersion: Int {
        switch self {
        case .low: 10
        case .normal: 20
        case .high: 27
        case .max: 40
        }
    }
}
