public import HFBundles
import HFCommandLine
import HFPrimitives
public import HFQR

/// What the `qr` commands carry: the bundles HFBundles decodes strictly, with the BBQr file type each travels as.
public enum QRBundle {
    /// The largest file the `qr` commands read: 64 MiB, the bundle limit.
    static let maximumFileBytes = ScanSession.maximumFileBytes

    /// Why a file is not something the `qr` commands carry.
    public struct Refusal: Error, CustomStringConvertible {
        /// A sentence saying what was wrong.
        public let description: String
    }

    /// The kind of `bytes` after strict decoding with that kind's codec (no store, no SPV, any network).
    ///
    /// `.hfheaders`, `.hfreceipt`, `.hfaddrpack` (signature checked), `.hftx`, `.hfpayreq`, `.hfauth`, `.hfsweep` and
    /// `.hfanswer` (signatures checked), `.hfcall`, BEEF, and `.bep` and `.hfwallet` (structure only; no password or key is needed) are carried. A
    /// decrypted backup document or wallet file is refused: it must never leave the machine as plaintext.
    /// - Throws: `Refusal` saying why.
    public static func validate(_ bytes: [UInt8]) throws(Refusal) -> BundleKind {
        let kind: BundleKind
        do {
            kind = try BundleKind.detect(bytes)
            switch kind {
            case .headers: _ = try HeadersBundle(decoding: bytes, expectedNetwork: nil)
            case .receipt: _ = try ReceiptBundle(decoding: bytes, expectedNetwork: nil)
            case .addressPack: try AddressPackBundle(decoding: bytes, expectedNetwork: nil).verify()
            case .transaction: _ = try TransactionBundle(decoding: bytes, expectedNetwork: nil)
            case .encryptedBackup: _ = try EncryptedBackup(decoding: bytes)
            case .backupDocument:
                throw Refusal(description: "it is a decrypted backup document, which never travels as plaintext; "
                    + "use the encrypted .bep")
            case .beef: _ = try BeefFile(decoding: bytes)
            case .paymentRequest: _ = try PaymentRequestBundle(decoding: bytes, expectedNetwork: nil)
            case .authResponse: try AuthResponseBundle(decoding: bytes, expectedNetwork: nil).verify()
            case .sweepRequest: try SweepRequestBundle(decoding: bytes, expectedNetwork: nil).verify()
            case .walletCall: _ = try WalletCallBundle(decoding: bytes, expectedNetwork: nil)
            case .walletAnswer: try WalletAnswerBundle(decoding: bytes, expectedNetwork: nil).verify()
            case .walletFile: _ = try EncryptedWalletFile(decoding: bytes)
            case .state: try StateBundle(decoding: bytes, expectedNetwork: nil).state.verify()
            case .update: _ = try UpdateBundle(decoding: bytes, expectedNetwork: nil)
            case .probe: _ = try ProbeBundle(decoding: bytes, expectedNetwork: nil)
            case .probeResult: _ = try ProbeResultBundle(decoding: bytes, expectedNetwork: nil)
            case .walletFileDocument:
                throw Refusal(description: "it is a decrypted wallet file, which never travels as plaintext; "
                    + "use the encrypted .hfwallet")
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(description: "it is not a valid bundle: \(error)")
        }
        return kind
    }

    /// The BBQr file type a bundle of `kind` travels as: `B` for `.bep`, `.hfwallet` and BEEF, `J` for the JSON
    /// bundles.
    static func fileType(of kind: BundleKind) -> BBQrFileType {
        [.encryptedBackup, .walletFile, .beef].contains(kind) ? .binary : .json
    }

    /// The validator handed to a scan session: strict decoding, and a BBQr file type that matches the kind.
    public static func validate(_ payload: ScannedPayload) throws {
        let kind = try validate(payload.bytes)
        if let fileType = payload.fileType, fileType != Self.fileType(of: kind) {
            throw Refusal(description: "it is a \(name(of: kind)) but was sent as BBQr file type \(fileType), "
                + "not \(Self.fileType(of: kind))")
        }
    }

    /// The kind the first bytes of a bundle show, once they show it: a binary magic (`.bep`, `.hfwallet`, BEEF),
    /// or the `"format":"…"` member of a JSON bundle once it has arrived (a canonical bundle's members are sorted,
    /// so it comes after the shorter-named ones). A glance for the live status line while parts arrive; the file
    /// itself is only ever validated whole.
    public static func kind(glancing bytes: [UInt8]) -> BundleKind? {
        guard bytes.first == UInt8(ascii: "{") else { return try? BundleKind.detect(bytes) }
        guard let start = bytes.firstRange(of: Array(#""format":""#.utf8))?.upperBound,
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), end - start <= 64
        else { return nil }
        return BundleKind(formatName: String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The usual file extension of a kind, as users know it: `hfheaders`, `bep`.
    public static func name(of kind: BundleKind) -> String {
        kind.formatName ?? (kind == .encryptedBackup ? "bep" : kind.rawValue)
    }

    /// Reads a bundle file given on the command line and checks it is one the `qr` commands carry.
    /// - Throws: `CommandError` 66 when it cannot be read, 65 when it is not a carried bundle.
    static func read(_ path: String) throws(CommandError) -> (bytes: [UInt8], kind: BundleKind) {
        let bytes = try InputFile.read(path, limit: maximumFileBytes)
        do {
            return (bytes, try validate(bytes))
        } catch {
            throw .dataError("'\(path)': \(error.description)")
        }
    }
}
