public import HFQR

/// What a finished scan yields: exactly one valid bundle, or the reason there is none.
public struct QRDecodeOutcome {
    /// The result.
    public enum Result {
        /// The one valid bundle (several complete animations that carry the same bytes count as one).
        case bundle(ScannedPayload)
        /// Why nothing is written: a sentence naming the animations and the missing parts.
        case failure(String)
    }

    public var result: Result
    /// Things worth telling even when a bundle is written (other animations that were seen and ignored).
    public let warnings: [String]
    /// One entry per BBQr animation, and per plain QR that holds a valid bundle.
    let animations: [QRDecodeReport.Animation]

    /// Decides the outcome of a scan.
    public init(_ scan: QRScan) {
        let session = scan.session
        var valid: [ScannedPayload] = []
        var invalid: [(ScanProgress, String)] = []
        var incomplete: [ScanProgress] = []
        var plainFailures: [String] = []
        var animations: [QRDecodeReport.Animation] = []
        for progress in session.progress {
            let isPlain = if case .plain = progress.animation { true } else { false }
            guard progress.isComplete else {
                incomplete.append(progress)
                animations.append(.init(progress, valid: nil, reason: nil))
                continue
            }
            do {
                let payload = try session.payload(for: progress.animation, validate: QRBundle.validate)
                if !valid.contains(where: { $0.bytes == payload.bytes }) { valid.append(payload) }
                animations.append(.init(progress, valid: true, reason: nil))
            } catch {
                let reason = Self.reason(error)
                if isPlain {
                    plainFailures.append(reason)
                } else {
                    invalid.append((progress, reason))
                    animations.append(.init(progress, valid: false, reason: reason))
                }
            }
        }
        self.animations = animations
        var warnings: [String] = []
        switch valid.count {
        case 1:
            result = .bundle(valid[0])
            warnings = incomplete.map { "also seen and ignored: \(QRPartList.summary($0))" }
                + invalid.map { "also seen and ignored: \($0.0.animation) is complete but \($0.1)" }
        case 2...:
            result = .failure("the input holds \(valid.count) different complete bundles ("
                + valid.map(\.animation.description).joined(separator: "; ")
                + "); decode each animation's frames separately")
        default:
            var parts: [String] = []
            if incomplete.count == 1 {
                parts.append("incomplete: " + QRPartList.summary(incomplete[0]))
            } else if incomplete.count > 1 {
                parts.append("\(incomplete.count) animations are present and none is complete: "
                    + incomplete.map(QRPartList.summary).joined(separator: "; "))
            }
            parts += invalid.map { "\($0.0.animation) is complete but \($0.1)" }
            let seenSeries = Set(session.progress.map(\.animation))
            for header in scan.heldLastParts where !seenSeries.contains(where: { Self.key($0, matches: header) }) {
                parts.append("only part \(header.count) of a BBQr \(header.encoding.rawValue)/\(header.fileType) "
                    + "animation of \(header.count) parts was found; missing parts "
                    + ScanProgress.ranges(Array(1..<header.count)))
            }
            if parts.isEmpty, let first = plainFailures.first {
                parts.append("no BBQr frames were found, and no QR code holds a valid bundle (\(first))")
            }
            result = .failure(parts.isEmpty ? "no QR code was found in the input" : parts.joined(separator: "; "))
        }
        self.warnings = warnings
    }

    /// The `--json` report, without the written file's details.
    func report(warnings: [String]) -> QRDecodeReport {
        QRDecodeReport(complete: false, animations: animations, warnings: warnings)
    }

    /// Whether `key` is a BBQr animation of the series `header` belongs to.
    private static func key(_ key: AnimationKey, matches header: BBQrHeader) -> Bool {
        guard case .bbqr(let encoding, let fileType, let count, _) = key else { return false }
        return encoding == header.encoding && fileType == header.fileType && count == header.count
    }

    /// What to say about a complete animation that yields no valid bundle.
    private static func reason(_ error: ScanError) -> String {
        switch error {
        case .validationFailed(_, let reason): reason
        case .undecodable(_, let error): "does not decode (\(error)); a frame may be corrupt or from another bundle"
        default: "\(error)"
        }
    }
}

extension QRDecodeOutcome {
    /// The bytes of the one valid bundle, or nil.
    public var bundleBytes: [UInt8]? {
        if case .bundle(let payload) = result { payload.bytes } else { nil }
    }

    /// Why there is no bundle, or nil when there is one.
    public var failureMessage: String? {
        if case .failure(let message) = result { message } else { nil }
    }

    /// Where the bundle came from (`BBQr Z/J, 3 parts …` or `a plain QR code`), or nil.
    public var bundleSource: String? {
        if case .bundle(let payload) = result { payload.animation.description } else { nil }
    }
}
