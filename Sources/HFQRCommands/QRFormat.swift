import HFCommandLine

/// The frame format of `qr encode` and `qr show` (`--format bbqr|ur|chunk`, `--frames N`).
enum QRFormat: String, Sendable {
    /// BBQr (coinkite): a fixed cycle of parts; what other wallets read. `qr encode`'s default.
    case bbqr
    /// UR of type `bytes` (BCR-2020-005): fountain-coded, new mixed parts for as long as they are shown.
    case ur
    /// `CHUNK:<id>:<index>:<total>:<data>` (the BSV vault-manager and Pay-QuickR format).
    case chunk

    /// The options.
    enum Option {
        static let format = OptionHelp(
            "--format", value: "bbqr|ur|chunk",
            help: "Frame format: BBQr (default), UR fountain frames, or CHUNK: frames for BSV wallets.")
        static let frames = OptionHelp(
            "--frames", value: "n", help: "With --format ur: write exactly N frames (default: n×1.5 + 12).")
    }

    /// The largest `--frames`.
    static let maximumFrames = 65_535

    /// Reads `--format` (nil when not given) and `--frames` (only with `ur`, or with no `--format` when
    /// `framesWithout` is true: `qr show` picks UR itself).
    /// - Throws: `UsageError` for an unknown format, a bad count, or `--frames` with another format.
    static func parse(_ arguments: inout Arguments, framesWithout: Bool = false) throws(UsageError)
        -> (format: QRFormat?, frames: Int?)
    {
        var format: QRFormat?
        if let text = try arguments.option(Option.format) {
            guard let value = QRFormat(rawValue: text.lowercased()) else {
                throw UsageError("--format must be bbqr, ur or chunk, not '\(text)'")
            }
            format = value
        }
        guard let text = try arguments.option(Option.frames) else { return (format, nil) }
        guard format == .ur || (format == nil && framesWithout) else { throw UsageError("--frames is for --format ur (BBQr and CHUNK: have fixed parts)") }
        guard let count = Int(text), (1...maximumFrames).contains(count) else {
            throw UsageError("--frames must be a whole number from 1 to \(maximumFrames), not '\(text)'")
        }
        return (format, count)
    }
}
