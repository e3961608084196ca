import HFBundles
import HFCommandLine
import HFQR

/// The BBQr series of a bundle, with the errors turned into command errors.
enum QRAnimation {
    /// The series for a validated bundle.
    /// - Throws: `CommandError` 65 when the bundle needs more than 1295 frames at these settings.
    static func series(for bytes: [UInt8], kind: BundleKind, settings: QRSettings) throws(CommandError)
        -> BBQrSeries
    {
        do {
            return try QREncoder.series(for: bytes, fileType: QRBundle.fileType(of: kind), settings: settings)
        } catch {
            throw .dataError("\(error); choose a higher --density or --qr-version")
        }
    }
}
