/// The choices of a BBQr split: encoding, allowed QR versions and part counts, error-correction level and layout.
///
/// The defaults are upstream BBQr's (`split_qrs`): `Z` falling back to `2`, versions 5…40, 1…1295 parts, level L;
/// the layout defaults to `.even`.
public struct BBQrSplitOptions: Hashable, Sendable {
    /// The encoding asked for; `Z` falls back to `2` when compression does not make the data smaller.
    public var encoding: BBQrEncoding
    /// The QR versions parts may use, within 1…40.
    public var versions: ClosedRange<Int>
    /// The allowed number of parts, within 1…1295.
    public var parts: ClosedRange<Int>
    /// The error-correction level whose capacities bound the parts.
    public var errorCorrection: QRErrorCorrection
    /// How parts are sized.
    public var layout: BBQrLayout

    /// Options; every parameter has upstream BBQr's default except `layout`.
    public init(
        encoding: BBQrEncoding = .zlib, versions: ClosedRange<Int> = 5...40, parts: ClosedRange<Int> = 1...1295,
        errorCorrection: QRErrorCorrection = .low, layout: BBQrLayout = .even
    ) {
        self.encoding = encoding
        self.versions = versions
        self.parts = parts
        self.errorCorrection = errorCorrection
        self.layout = layout
    }

    /// Options for an animation made with `settings`: `Z`, the settings' versions and level, even layout.
    public init(settings: QRSettings) {
        self.init(versions: settings.versions, errorCorrection: settings.errorCorrection)
    }

    /// Checks the ranges.
    func validate() throws(BBQrError) {
        guard QRCapacity.versions.contains(versions.lowerBound), QRCapacity.versions.contains(versions.upperBound)
        else { throw .invalidOptions("versions must lie within 1...40") }
        guard parts.lowerBound >= 1, parts.upperBound <= BBQrHeader.maximumCount else {
            throw .invalidOptions("part counts must lie within 1...1295")
        }
    }
}
