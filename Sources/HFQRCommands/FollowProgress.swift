import HFBundles
import HFCommandLine
import HFQR
import HFSystem

/// What a live scan tells the user on stderr while frames arrive.
///
/// On a terminal: one status line updated in place (`[#####.....] 57/115 parts, missing 3-9, 41 — BBQr Z/J, …`),
/// with a line of its own for each other animation and each foreign QR text. Without a terminal: one line per
/// change — `scan: [##........] 2/9 parts, …` for each new part, `scan: another animation in view, kept apart: …`,
/// `scan: foreign QR code N ignored: "…"`. Repeats print nothing. The terminal line also shows the frames read per
/// second (every non-blank scanned line counts, repeats included: the camera's pace), redrawn with every frame.
struct FollowProgress {
    /// Whether stderr is a terminal (status line) rather than a log (a line per change).
    let onTerminal: Bool
    /// Nothing is printed (`--json`).
    let quiet: Bool
    /// The BBQr animation seen first: the one the status line follows.
    private var primary: AnimationKey?
    /// The other BBQr animations seen.
    private var others: Set<AnimationKey> = []
    /// Distinct foreign QR texts seen.
    private(set) var foreignCount = 0
    /// The frame rate meter.
    private var rate = FrameRate()
    /// The primary animation's last progress, redrawn with a new rate.
    private var shown: ScanProgress?
    /// The bundle kind of each animation whose first parts already show it.
    private var kinds: [AnimationKey: BundleKind] = [:]

    init(onTerminal: Bool, quiet: Bool) {
        self.onTerminal = onTerminal
        self.quiet = quiet
    }

    /// Reports a new part of a BBQr animation.
    mutating func part(_ progress: ScanProgress, scan: inout QRScan) {
        if case .plain = progress.animation { return }
        if primary == nil { primary = progress.animation }
        if progress.animation != primary, others.insert(progress.animation).inserted {
            say("another animation in view, kept apart: \(progress.animation)", scan: &scan)
        }
        guard !quiet else { return }
        if kinds[progress.animation] == nil,
            let kind = scan.session.leadingBytes(of: progress.animation).flatMap(QRBundle.kind(glancing:))
        {
            kinds[progress.animation] = kind
        }
        if !onTerminal {
            scan.inform("scan: " + UntrustedText.escaped(Self.status(progress, kind: kinds[progress.animation])))
        } else if progress.animation == primary {
            shown = progress
            redraw(scan: &scan)
        }
    }

    /// Counts one scanned line (at the monotonic time `now`, nanoseconds) and, on a terminal, redraws the status
    /// line with the new rate.
    mutating func countFrame(scan: inout QRScan, now: Int = InputReadiness.now) {
        rate.count(at: now)
        if onTerminal, !quiet { redraw(scan: &scan) }
    }

    /// Reports a QR text that is not a frame and not a bundle (a URL, an address), quoted — unless it may be a
    /// secret: 48 or 96 digits are the size of a Standard SeedQR (a wallet's recovery phrase), and bytes that are
    /// not text may be part of a Compact one; those are described, never shown.
    mutating func foreign(_ bytes: [UInt8], scan: inout QRScan) {
        foreignCount += 1
        let prefix = "foreign QR code \(foreignCount) ignored (not a frame or a bundle)"
        if Self.mayBeSecret(bytes) {
            say(prefix + ": \(bytes.count) bytes, not shown (it may be a SeedQR, a wallet's recovery phrase)",
                scan: &scan)
            return
        }
        var text = UntrustedText.escaped(bytes: Array(bytes.prefix(80)))
        if bytes.count > 80 { text += "…" }
        say(prefix + ": \"\(text)\"", scan: &scan)
    }

    /// Whether a foreign code is shaped like a SeedQR: 48 or 96 ASCII digits, or bytes that are not text (not
    /// UTF-8, or holding U+FFFD, which the line reader puts where a line was not UTF-8).
    static func mayBeSecret(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 48 || bytes.count == 96,
            bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        {
            return true
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return true }
        return text.unicodeScalars.contains("\u{FFFD}")
    }

    /// `[#####.....] 57/115 parts, missing 3-9, 41 — hfaddrpack, BBQr Z/J, 115 parts of 300 characters` (parts from
    /// 1; at most eight runs of missing parts are listed; the bundle kind once the first parts show it).
    static func status(_ progress: ScanProgress, kind: BundleKind? = nil) -> String {
        let filled = progress.total == 0 ? 0 : progress.received * 10 / progress.total
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 10 - filled) + "] "
            + "\(progress.received)/\(progress.total) "
            + (progress.animation.isFountain ? "independent parts (\(progress.partsReceived) received)" : "parts")
        let missing = QRPartList.missing(progress)
        if !missing.isEmpty {
            let runs = ScanProgress.ranges(missing).split(separator: ", ", omittingEmptySubsequences: true)
            text += ", missing " + runs.prefix(8).joined(separator: ", ") + (runs.count > 8 ? ", …" : "")
        }
        return text + " — " + (kind.map { QRBundle.name(of: $0) + ", " } ?? "") + "\(progress.animation)"
    }

    /// Draws the terminal status line of the primary animation with the frame rate, once a rate is known.
    private func redraw(scan: inout QRScan) {
        guard let shown else { return }
        let rateText = rate.perSecond.map { ", \($0) frames/s" } ?? ""
        scan.showStatus(Self.status(shown, kind: kinds[shown.animation]) + rateText)
    }

    private func say(_ text: String, scan: inout QRScan) {
        guard !quiet else { return }
        scan.inform("scan: " + text)
    }
}
