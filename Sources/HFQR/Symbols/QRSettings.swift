/// How an animation's symbols are made: a density or an explicit version, and an error-correction level.
///
/// These are the `--density low|normal|high`, `--qr-version N` and `--ecc L|M|Q|H` options of the `qr` commands.
public struct QRSettings: Hashable, Sendable {
    /// The smallest version the encoder picks on its own (as upstream BBQr does): smaller symbols hold too little.
    public static let minimumAutomaticVersion = 5

    /// The density, used when `version` is nil.
    public let density: QRDensity
    /// An explicit version for every frame, 1…40, or nil to choose from the payload and the density.
    public let version: Int?
    /// The error-correction level (L for screens, M for paper).
    public let errorCorrection: QRErrorCorrection

    // MARK: - Initializers

    /// Settings; the defaults are normal density at level L.
    /// - Throws: `QRError.invalidVersion` for a version outside 1…40.
    public init(
        density: QRDensity = .normal, version: Int? = nil, errorCorrection: QRErrorCorrection = .low
    ) throws(QRError) {
        if let version, !QRCapacity.versions.contains(version) { throw .invalidVersion(version) }
        self.density = density
        self.version = version
        self.errorCorrection = errorCorrection
    }

    // MARK: - Properties

    /// The versions the encoder may choose from: exactly `version` if given, else 5 up to the density's maximum.
    public var versions: ClosedRange<Int> {
        if let version { return version...version }
        return Self.minimumAutomaticVersion...density.maximumVersion
    }

    /// The default: normal density, level L.
    public static let standard = QRSettings(uncheckedDensity: .normal)

    /// Settings known to be valid.
    private init(uncheckedDensity density: QRDensity) {
        self.density = density
        version = nil
        errorCorrection = .low
    }
}
