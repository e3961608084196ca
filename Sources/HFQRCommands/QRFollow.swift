import HFCommandLine
import HFQR
import HFSystem

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

    /// Seconds before giving up, or nil.
    let timeout: Int?
    /// Whether a stop before completion prints the `qr decode` report with `--json` (the `qr` commands) rather than
    /// leaving the error to the runner (`hf-signer scan --camera`).
    var reportsJSON = true
    /// Whether a plain QR code that is not a bundle ends the scan too (`hf-signer scan` stops at an address, a WIF
    /// or an `hfauth:` request); nil: such codes are foreign, counted and skipped. A throw ends the scan with it.
    var stopsAt: (([UInt8]) throws -> Bool)?

    /// Reads `input` until a bundle is complete and valid (written to `out`, exit 0), a complete animation is invalid
    /// or the input ends first (65), the timeout passes (75), or SIGINT/SIGTERM arrives (128 + the signal).
    /// Nothing is written unless the result is 0. `source` names the input in warnings.
    func run(reading input: FileDescriptor, source: String, out: String, _ context: CommandContext) throws
        -> ExitCode
    {
        var scan = try collect(reading: input, source: source, context)
        return try QRDecodeFinish.finish(&scan, out: out, context: context)
    }

    /// Reads `input` until an animation is complete (valid or not), a plain QR code holds a valid bundle or is one
    /// `stopsAt` wants, or the input ends, and returns the scan for the caller to finish.
    /// - Throws: `CommandError` 75 at the timeout and 130/143 at SIGINT/SIGTERM, naming the missing parts; what
    ///   `stopsAt` throws.
    func collect(reading input: FileDescriptor, source: String, _ context: CommandContext) throws -> QRScan {
        let interrupt = try InterruptPipe.install()
        var reader = LineReader(input, interrupt: interrupt)
        var scan = QRScan(showsProgress: false)
        var progress = FollowProgress(onTerminal: Terminal.isTerminal(.standardError), quiet: context.globals.json)
        let deadline = timeout.map { InputReadiness.now + $0 * 1_000_000_000 }
        while true {
            switch try reader.next(deadline: deadline) {
            case .line(let text):
                if text.contains(where: { !$0.isWhitespace }) { progress.countFrame(scan: &scan) }
                let event = scan.add(frameLine: text, source: source)
                guard case .accepted(let state) = event else { continue }
                if case .plain(let key) = state.animation {
                    let plain = AnimationKey.plain(sha256: key)
                    if (try? scan.session.payload(for: plain, validate: QRBundle.validate)) != nil { return scan }
                    let bytes = (try? scan.session.payload(for: plain) { _ in }.bytes) ?? []
                    if let stopsAt, try stopsAt(bytes) { return scan }
                    progress.foreign(bytes, scan: &scan)
                    continue
                }
                progress.part(state, scan: &scan)
                if state.isComplete { return scan }
            case .overlong:
                scan.warn("\(source): a line of more than \(LineReader.maximumLineBytes) bytes is not a QR frame; "
                    + "it was skipped")
            case .end:
                if let signal = InterruptPipe.received() { throw try interrupted(signal, &scan, context) }
                return scan
            case .timedOut:
                throw try QRDecodeFinish.stop(
                    &scan, .tryAgain, code: "timedOut",
                    reason: "no valid bundle was complete after \(timeout ?? 0) seconds", reportsJSON: reportsJSON,
                    context: context)
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
            reportsJSON: reportsJSON, context: context)
    }
}
