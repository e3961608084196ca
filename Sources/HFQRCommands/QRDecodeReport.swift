import HFCommandLine
import HFQR

/// The `--json` report of `qr decode`.
struct QRDecodeReport: Encodable {
    /// One animation (or plain QR) seen in the input.
    struct Animation: Encodable {
        /// E.g. `BBQr Z/J, 12 parts of 1240 characters`.
        let animation: String
        /// `bbqr`, `ur`, `chunk` or `plain`.
        let format: String
        /// `Z`, `2` or `H`; absent for a plain QR.
        let encoding: String?
        /// The BBQr file type letter; absent for a plain QR.
        let fileType: String?
        /// Parts in the animation (1 for a plain QR).
        let parts: Int
        /// Distinct parts received; for UR the independent ones (the rank).
        let received: Int
        /// The missing parts, numbered from 1.
        let missing: [Int]
        /// Frames held aside because they contradicted a part already received.
        let conflicts: Int
        /// Whether every part is in.
        let complete: Bool
        /// Whether the complete bytes are a valid bundle; absent while incomplete.
        let valid: Bool?
        /// Why the complete bytes are not a valid bundle.
        let reason: String?

        init(_ progress: ScanProgress, valid: Bool?, reason: String?) {
            animation = progress.animation.description
            format = switch progress.animation {
            case .bbqr: "bbqr"
            case .ur: "ur"
            case .chunk: "chunk"
            case .plain: "plain"
            }
            if case .bbqr(let encoding, let fileType, _, _) = progress.animation {
                self.encoding = encoding.rawValue
                self.fileType = fileType.description
            } else {
                encoding = nil
                fileType = nil
            }
            parts = progress.total
            received = progress.received
            missing = QRPartList.missing(progress)
            conflicts = progress.conflicts
            complete = progress.isComplete
            self.valid = valid
            self.reason = reason
        }
    }

    /// Whether a bundle was written.
    var complete: Bool
    /// The file written.
    var out: String?
    /// The bundle kind written (`hfheaders`, `hfreceipt`, `hfaddrpack`, `hftx`, `bep`).
    var kind: String?
    /// Its size.
    var bytes: Int?
    /// Its SHA-256, hex.
    var sha256: String?
    /// The animation it came from.
    var source: String?
    /// With `--out-dir`: the directory and one entry per bundle written there.
    var outDir: String?
    /// With `--out-dir`: the files written, one per complete bundle.
    var files: [WrittenFile]?
    /// With `--out-dir`: one sentence per animation that gave no bundle (incomplete, with its missing parts).
    var unfinished: [String]?
    /// Every animation seen.
    var animations: [Animation]
    /// Warnings (files without codes, rejected or contradicting frames, animations ignored).
    var warnings: [String]
    /// Why nothing was written: the error object a failed `--json` command prints (`{"code","exit","message"}`).
    var error: JSONError?

    /// One bundle written by `--out-dir`.
    struct WrittenFile: Encodable {
        let out: String
        let kind: String?
        let bytes: Int
        let sha256: String
        let source: String
    }

    init(complete: Bool, animations: [Animation], warnings: [String]) {
        self.complete = complete
        self.animations = animations
        self.warnings = warnings
    }
}
