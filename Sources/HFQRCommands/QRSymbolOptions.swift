import HFCommandLine
import HFQR

/// The `--density`, `--qr-version` and `--ecc` options of `qr encode` and `qr show`.
struct QRSymbolOptions: Sendable {
    /// The options' help lines.
    static let help = [
        Option.density,
        Option.qrVersion,
        Option.ecc,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let density = OptionHelp(
            "--density", value: "low|normal|high|max",
            help: "Largest QR version 10, 20, 27 or 40 (default normal; max needs a 720p camera).")
        static let qrVersion = OptionHelp(
            "--qr-version", value: "n", help: "Draw every frame at exactly this version (1-40).")
        static let ecc = OptionHelp(
            "--ecc", value: "L|M|Q|H", help: "Error-correction level (default L, for screens; M for paper).")
    }

    /// The settings the options describe.
    let settings: QRSettings
    /// Whether `--density` or `--qr-version` was given (else `qr show` may fit the terminal).
    let sizeGiven: Bool

    /// Reads the options.
    /// - Throws: `UsageError` for an unknown density or level, a version outside 1-40, or both a density and a
    ///   version.
    init(parsing arguments: inout Arguments) throws(UsageError) {
        let densityText = try arguments.option(Option.density)
        let versionText = try arguments.option(Option.qrVersion)
        let eccText = try arguments.option(Option.ecc)
        if densityText != nil, versionText != nil {
            throw UsageError("give either --density or --qr-version, not both")
        }
        var density = QRDensity.normal
        if let densityText {
            guard let value = QRDensity(rawValue: densityText) else {
                throw UsageError("--density must be low, normal, high or max, not '\(densityText)'")
            }
            density = value
        }
        var version: Int?
        if let versionText {
            guard let value = Int(versionText), (1...40).contains(value) else {
                throw UsageError("--qr-version must be a whole number from 1 to 40, not '\(versionText)'")
            }
            version = value
        }
        var level = QRErrorCorrection.low
        if let eccText {
            guard let value = QRErrorCorrection(letter: eccText) else {
                throw UsageError("--ecc must be L, M, Q or H, not '\(eccText)'")
            }
            level = value
        }
        do {
            settings = try QRSettings(density: density, version: version, errorCorrection: level)
        } catch {
            throw UsageError("\(error)")
        }
        sizeGiven = densityText != nil || versionText != nil
    }
}
