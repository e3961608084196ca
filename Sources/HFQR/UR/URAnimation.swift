/// A file as UR frames of type `bytes` (BCR-2020-005), the fountain-coded alternative to a BBQr series: `qr encode
/// --format ur` and `qr show --format ur`.
///
/// The message is the CBOR byte string of the file, deflated first (raw DEFLATE with a 1 KiB window, BBQr `Z`'s
/// stream, which the readers inflate) when that is smaller. The fragment length is the largest whose frames, up to
/// sequence number 2³²−1, fit the largest version the settings allow; every frame is then drawn at the smallest
/// version that holds the longest one, so the display stays steady. Parts 1…n are the fragments, later ones mixed,
/// in the order of ``URSchedule``.
public struct URAnimation: Sendable {
    /// The UR type written.
    public static let type = "bytes"
    /// The most fragments a UR animation may have (what the readers accept).
    public static let maximumFragments = ScanLimits.maximumURFragments

    /// The encoder.
    public let encoder: URFountainEncoder
    /// Whether the message holds the deflated file.
    public let deflated: Bool
    /// The version every frame is drawn at.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrection

    /// The animation of `bytes` at `settings`.
    /// - Throws: `URAnimationError.doesNotFit` when more than `maximumFragments` fragments would be needed, or the
    ///   versions allowed cannot hold a frame.
    public init(bytes: [UInt8], settings: QRSettings) throws(URAnimationError) {
        precondition(!bytes.isEmpty, "URAnimation: an empty file")
        let compressed = Zlib.deflate(bytes)
        deflated = compressed.count < bytes.count
        let message = URBytesMessage.wrap(deflated ? compressed : bytes)
        let level = settings.errorCorrection
        let top = settings.versions.upperBound
        let capacity = QRCapacity.alphanumericCharacters(version: top, level: level)
        // Text: "UR:BYTES/" + up to 10 digits + "-" + up to 4 digits + "/" + 2 letters per byte of CBOR and CRC.
        let overhead = 9 + 10 + 1 + 4 + 1
        let most = (capacity - overhead) / 2 - 4 - 22
        guard most >= 10 else { throw .doesNotFit("QR version \(top) cannot hold a UR frame") }
        let encoder = URFountainEncoder(message: message, maximumFragmentLength: most)
        guard encoder.fragmentCount <= Self.maximumFragments else {
            throw .doesNotFit("the file needs \(encoder.fragmentCount) UR fragments at QR version \(top), more than "
                + "\(Self.maximumFragments)")
        }
        self.encoder = encoder
        errorCorrection = level
        let longest = Self.text(encoder: encoder, sequence: UInt32.max).count
        guard let version = QRCapacity.smallestVersion(alphanumeric: longest, level: level, in: settings.versions)
        else { throw .doesNotFit("QR version \(top) cannot hold a UR frame of \(longest) characters") }
        self.version = version
    }

    /// The fragment count n.
    public var fragmentCount: Int { encoder.fragmentCount }

    /// The frames a camera that misses a third of them needs: ⌈1.5 × (n + 8)⌉ (the rank decoder completes from about
    /// n + 4 received parts; 8 covers most of its tail), or 1 for a single fragment.
    public var defaultFrameCount: Int { fragmentCount == 1 ? 1 : (3 * (fragmentCount + 8) + 1) / 2 }

    /// The sequence numbers of the first `count` frames, in the order shown (``URSchedule``).
    public func sequences(count: Int) -> [UInt32] {
        var schedule = URSchedule(encoder)
        return schedule.first(count)
    }

    /// The text of part `sequence` (from 1): the single-part form when there is one fragment.
    public func text(_ sequence: UInt32) -> String { Self.text(encoder: encoder, sequence: sequence) }

    /// The symbol of part `sequence`, at the animation's version and level.
    /// - Throws: `QRError` (never for an animation this type made).
    public func symbol(_ sequence: UInt32) throws(QRError) -> QRSymbol {
        try QRSymbol(alphanumeric: text(sequence), errorCorrection: errorCorrection, version: version)
    }

    /// A PNG of part `sequence`.
    /// - Throws: `QRError.invalidModuleSize` outside 3…64 pixels per module.
    public func png(_ sequence: UInt32, pixelsPerModule: Int = QRImage.defaultPixelsPerModule) throws(QRError)
        -> [UInt8]
    {
        try QRImage.png(for: symbol(sequence), pixelsPerModule: pixelsPerModule)
    }

    private static func text(encoder: URFountainEncoder, sequence: UInt32) -> String {
        if encoder.fragmentCount == 1 {
            return URText.single(type: type, message: Array(encoder.fragments[0].prefix(encoder.messageLength)))
        }
        return URText.part(type: type, encoder.part(max(1, sequence)))
    }
}

/// Why a file cannot be written as UR frames.
public enum URAnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Too many fragments, or a version too small for a frame.
    case doesNotFit(String)

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .doesNotFit(let reason): reason
        }
    }
}
