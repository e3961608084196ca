import HFCommandLine
import HFQR
import HFSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The live scan behind `qr decode --follow` and `qr scan`: reads scanned text one symbol per line as it arrives,
/// feeds the same scan session as `qr decode`, and stops the moment an animation (or a plain QR) is complete and
/// valid — with the input still open.
struct QRFollow {
    /// The options both commands declare.
    enum Option {
        static let follow = OptionHelp(
            flag: "--follow",
            help: "Read stdin line by line as it arrives and stop as soon as the bundle is complete.")
        static let timeout = OptionHelp(
            "--timeout", value: "seconds", help: "Give up after this many seconds (exit 75, nothing written).")

        /// `--timeout`: a whole number of seconds from 1 to 86400, or nil.
        static func parseTimeout(_ arguments: inout Arguments) throws(UsageError) -> Int? {
            guard let text = try arguments.option(timeout) else { return nil }
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                throw UsageError("--timeout must be a whole number of seconds from 1 to 86400, not '\(text)'")
            }
            return seconds
        }
    }

    /// Where the bundle goes (must not exist).
    let out: String
    /// Seconds before giving up, or nil.
    let timeout: Int?

    /// Reads `input` until a bundle is complete and valid (written to `out`, exit 0), a complete animation is invalid
    /// or the input ends first (65), the timeout passes (75), or SIGINT/SIGTERM arrives (128 + the signal).
    /// Nothing is written unless the result is 0. `source` names the input in warnings.
    func run(reading input: FileDescriptor, source: String, _ context: CommandContext) throws -> ExitCode {
        let interrupt = try InterruptPipe.install()
        var reader = LineReader(input, interrupt: interrupt)
        var scan = QRScan(showsProgress: false)
        var progress = FollowProgress(onTerminal: isatty(2) == 1, quiet: context.globals.json)
        let deadline = timeout.map { InputReadiness.now + $0 * 1_000_000_000 }
        while true {
            switch try reader.next(deadline: deadline) {
            case .line(let text):
                let event = scan.add(frameLine: text, source: source)
                guard case .accepted(let state) = event else { continue }
                if case .plain(let key) = state.animation {
                    let plain = AnimationKey.plain(sha256: key)
                    if (try? scan.session.payload(for: plain, validate: QRBundle.validate)) != nil {
                        return try QRDecodeFinish.finish(&scan, out: out, context: context)
                    }
                    let bytes = (try? scan.session.payload(for: plain) { _ in }.bytes) ?? []
                    progress.foreign(bytes, scan: &scan)
                    continue
                }
                progress.part(state, scan: &scan)
                if state.isComplete { return try QRDecodeFinish.finish(&scan, out: out, context: context) }
            case .overlong:
                scan.warn("\(source): a line of more than \(LineReader.maximumLineBytes) bytes is not a QR frame; "
                    + "it was skipped")
            case .end:
                if let signal = InterruptPipe.received() { throw try interrupted(signal, &scan, context) }
                return try QRDecodeFinish.finish(&scan, out: out, context: context)
            case .timedOut:
                throw try QRDecodeFinish.stop(
                    &scan, .tryAgain, code: "timedOut",
                    reason: "no valid bundle was complete after \(timeout ?? 0) seconds", context: context)
            case .interrupted(let signal):
                throw try interrupted(signal, &scan, context)
            }
        }
    }

    /// The error for SIGINT (130) or SIGTERM (143).
    private func interrupted(_ signal: Signal, _ scan: inout QRScan, _ context: CommandContext) throws
        -> CommandError
    {
        let name = signal == .interrupt ? "SIGINT" : "SIGTERM"
        return try QRDecodeFinish.stop(
            &scan, ExitCode(128 + signal.rawValue), code: "interrupted", reason: "stopped by \(name)",
            context: context)
    }
}
