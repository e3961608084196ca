public import HFQR

/// What a finished scan yields: every valid bundle it holds, or the reason there is none.
public struct QRDecodeOutcome {
    /// The result.
    public enum Result {
        /// The valid bundles, in the order their animations were first seen (several complete animations that carry
        /// the same bytes count as one).
        case bundles([ScannedPayload])
        /// Why nothing is written: a sentence naming the animations and the missing parts.
        case failure(String)
    }

    public var result: Result
    /// Things worth telling even when one bundle is written (other animations that were seen and ignored).
    public let warnings: [String]
    /// One sentence per animation that yields no bundle — incomplete (with its missing parts, numbered from 1) or
    /// complete but invalid — for the commands that take every complete bundle (`scan`, `qr decode --out-dir`).
    public let unfinished: [String]
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
                for payload in try session.payloads(for: progress.animation, validate: QRBundle.validate)
                where !valid.contains(where: { $0.bytes == payload.bytes }) {
                    valid.append(payload)
                }
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
        var unfinished = incomplete.map { "incomplete: " + QRPartList.summary($0) }
            + invalid.map { "\($0.0.animation) is complete but \($0.1)" }
        let seenSeries = Set(session.progress.map(\.animation))
        for header in scan.heldLastParts where !seenSeries.contains(where: { Self.key($0, matches: header) }) {
            unfinished.append("only part \(header.count) of a BBQr \(header.encoding.rawValue)/\(header.fileType) "
                + "animation of \(header.count) parts was found; missing parts "
                + ScanProgress.ranges(Array(1..<header.count)))
        }
        self.unfinished = unfinished
        var warnings: [String] = []
        if !valid.isEmpty {
            result = .bundles(valid)
            if valid.count == 1 {
                warnings = incomplete.map { "also seen and ignored: \(QRPartList.summary($0))" }
                    + invalid.map { "also seen and ignored: \($0.0.animation) is complete but \($0.1)" }
            }
        } else {
            var parts: [String] = []
            if incomplete.count == 1 {
                parts.append("incomplete: " + QRPartList.summary(incomplete[0]))
            } else if incomplete.count > 1 {
                parts.append("\(incomplete.count) animations are present and none is complete: "
                    + incomplete.map(QRPartList.summary).joined(separator: "; "))
            }
            parts += unfinished.dropFirst(incomplete.count)
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
    /// Every valid bundle (empty when there is none).
    public var bundles: [ScannedPayload] {
        if case .bundles(let payloads) = result { payloads } else { [] }
    }

    /// The one valid bundle, or why there is not exactly one (for the commands that write one file).
    public var single: Swift.Result<ScannedPayload, SingleFailure> {
        switch result {
        case .bundles(let payloads) where payloads.count == 1: .success(payloads[0])
        case .bundles(let payloads):
            .failure(SingleFailure(message: "the input holds \(payloads.count) different complete bundles ("
                + payloads.map(\.animation.description).joined(separator: "; ")
                + "); give --out-dir DIR to write each, or decode each animation's frames separately"))
        case .failure(let message): .failure(SingleFailure(message: message))
        }
    }

    /// Why a scan holds not exactly one bundle.
    public struct SingleFailure: Error {
        /// The sentence to show.
        public let message: String
    }

    /// The bytes of the one valid bundle, or nil.
    public var bundleBytes: [UInt8]? { try? single.get().bytes }

    /// Why there is no single bundle, or nil when there is one.
    public var failureMessage: String? {
        if case .failure(let failure) = single { failure.message } else { nil }
    }

    /// Where the one bundle came from (`BBQr Z/J, 3 parts …` or `a plain QR code`), or nil.
    public var bundleSource: String? { try? single.get().animation.description }
}
