import HFBundles
import HFCommandLine
import HFQR
import HFSystem

/// `qr show FILE… [--period MS] [--density …] [--qr-version N] [--ecc L|M|Q|H]`.
struct QRShowCommand: Command {
    static let name = "show"
    static let abstract = "Animate a bundle's BBQr frames in the terminal for a camera to read."
    static let discussion: String? = """
        Frames are drawn with Unicode half blocks, black on white whatever the terminal's colours, with a 4-module \
        quiet zone and a "part k of N" line. Keys: + lengthens and - shortens the frame period, space pauses and \
        resumes, n or . shows the next frame and p or , the previous one while paused, q quits, Ctrl-C quits and exits \
        130 (interrupted). The \
        terminal is restored on exit and on SIGINT, SIGTERM or SIGHUP. Without --density or --qr-version the \
        densest frames that fit the terminal are chosen. When stdout is not a terminal, every frame is printed \
        once, in order, each after its "part k of N" line, and the command exits. Several FILEs are shown one after \
        another, each its own animation (its own BBQr series, so a scanner never mixes them): on a terminal q ends \
        the current one and starts the next, Ctrl-C ends the whole run (130); without a terminal each file's \
        frames follow a "file k of N: FILE" \
        line. Every file is checked before the first frame is shown. \
        On a terminal, without --format, a bundle of more than one frame is shown as UR (measured with hf-bench \
        qr.loss on 600 real headers: from a random start the fountain shows 1.28x fewer frames than the BBQr cycle \
        at 10% frame loss and 1.79x fewer at 30%, 1.42x more without loss; a camera loses frames); --format bbqr \
        keeps BBQr, which other wallets read. Without a terminal BBQr stays the default. \
        With --format ur the frames are UR parts of type bytes (as 'qr encode --format ur' writes them): on a \
        terminal new parts are made for as long as it runs (parts 1..n are the fragments, then ever-new XOR mixes, \
        so a camera that joins late or misses frames completes from about n + 4 of any of them); without a \
        terminal the first N are printed (--frames N, default 1.5 × (n + 8)). With --format chunk the CHUNK: \
        frames of an Atomic BEEF are shown in a cycle, as vault-manager shows them.
        """
    static let arguments = [ArgumentHelp("file", help: "The bundles to show.", repeating: true)]
    static let options = [
        Option.period,
        QRFormat.Option.format,
        QRFormat.Option.frames,
    ] + QRSymbolOptions.help
    /// The options, declared once for help and parsing.
    enum Option {
        static let period = OptionHelp(
            "--period", value: "ms", help: "Time each frame is shown, 50-5000 ms (default 250).")
    }

    let files: [String]
    let period: Int
    let symbols: QRSymbolOptions
    /// `--format`, or nil: UR for a bundle of several frames on a terminal (a camera loses frames: measured with
    /// `hf-bench qr.loss`, the fountain shows 1.28× fewer frames than BBQr's cycle at 10% loss and 1.79× fewer at
    /// 30%, though 1.42× more without loss), BBQr otherwise.
    let requestedFormat: QRFormat?
    let frameCount: Int?
    /// The format shown when it is not BBQr's.
    var format: QRFormat { requestedFormat ?? .ur }

    init(parsing arguments: inout Arguments) throws {
        let periodText = try arguments.option(Option.period) ?? String(TerminalAnimation.defaultPeriod)
        guard let period = Int(periodText), TerminalAnimation.periods.contains(period) else {
            throw UsageError("--period must be a whole number of milliseconds from 50 to 5000, not '\(periodText)'")
        }
        self.period = period
        symbols = try QRSymbolOptions(parsing: &arguments)
        (requestedFormat, frameCount) = try QRFormat.parse(&arguments, framesWithout: true)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let isTerminal = Terminal.isTerminal(.standardOutput)
        if let requestedFormat, requestedFormat != .bbqr { return try QRShowOther(command: self).run(context) }
        let severalFrames = isTerminal ? try files.contains { try Self.needsSeveralFrames($0) } : false
        if requestedFormat == nil, frameCount != nil || severalFrames {
            return try QRShowOther(command: self).run(context)
        }
        let screen = isTerminal ? TerminalAnimation.screenSize() : nil
        var animations: [(series: BBQrSeries, frames: [String])] = []
        for file in files {
            let (bytes, kind) = try QRBundle.read(file)
            let series = try Self.series(for: bytes, kind: kind, symbols: symbols, fitting: screen)
            animations.append((series, try Self.frames(of: series)))
        }
        for (number, (series, frames)) in animations.enumerated() {
            guard isTerminal else {
                if files.count > 1 { Output.result("file \(number + 1) of \(files.count): \(files[number])") }
                for (index, frame) in frames.enumerated() {
                    Output.result("part \(index + 1) of \(frames.count)")
                    Output.sinks.standardOutput.write(frame)
                }
                continue
            }
            if let screen, !TerminalAnimation.fits(symbolSize: try series.symbol(at: 0).size, in: screen) {
                Output.message("warning: the frames (QR version \(series.version)) are larger than this terminal; "
                    + "enlarge it or use a smaller font" + (symbols.sizeGiven ? ", or choose a lower --density" : ""))
            }
            var animation = TerminalAnimation(frames: frames, period: period, last: number == animations.count - 1)
            if try animation.run() == .interrupt {
                let left = animations.count - number - 1
                throw CommandError(
                    ExitCode(130), "stopped by Ctrl-C" + (left == 0 ? "" : "; \(left) of \(animations.count) files "
                        + "were not shown (run qr show again with them)"), code: "interrupted")
            }
        }
        return .success
    }

    /// Whether a bundle needs more than one BBQr frame at the normal density (then `qr show` on a terminal shows UR).
    static func needsSeveralFrames(_ file: String) throws(CommandError) -> Bool {
        let (bytes, kind) = try QRBundle.read(file)
        return ((try? QRAnimation.series(for: bytes, kind: kind, settings: .standard))?.count ?? 2) > 1
    }

    /// Every frame of `series`, drawn for the terminal.
    static func frames(of series: BBQrSeries) throws(CommandError) -> [String] {
        let renderer = TerminalRenderer()
        var frames: [String] = []
        for index in 0..<series.count {
            do {
                frames.append(renderer.render(try series.symbol(at: index)))
            } catch {
                throw CommandError(.software, "cannot draw part \(index + 1): \(error)")
            }
        }
        return frames
    }

    /// The series at the settings given, or (without `--density`/`--qr-version`) the densest of high, normal and
    /// low whose frames fit `screen`, else the largest version that fits, else low.
    static func series(for bytes: [UInt8], kind: BundleKind, symbols: QRSymbolOptions,
                       fitting screen: TerminalAnimation.Size?) throws(CommandError) -> BBQrSeries
    {
        guard !symbols.sizeGiven, let screen else {
            return try QRAnimation.series(for: bytes, kind: kind, settings: symbols.settings)
        }
        let level = symbols.settings.errorCorrection
        var candidates = [QRDensity.high, .normal, .low].compactMap {
            try? QRSettings(density: $0, errorCorrection: level)
        }
        if let largest = (1...40).last(where: { TerminalAnimation.fits(symbolSize: 17 + 4 * $0, in: screen) }),
            let settings = try? QRSettings(version: largest, errorCorrection: level)
        {
            candidates.append(settings)
        }
        var fallback: BBQrSeries?
        for settings in candidates {
            guard let series = try? QRAnimation.series(for: bytes, kind: kind, settings: settings) else { continue }
            if TerminalAnimation.fits(symbolSize: 17 + 4 * series.version, in: screen) { return series }
            if settings.version == nil, settings.density == .low { fallback = series }
        }
        if let fallback { return fallback }
        return try QRAnimation.series(for: bytes, kind: kind, settings: symbols.settings)
    }
}
