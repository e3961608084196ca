public import HFCommandLine
import HFSystem

/// The camera of a live scan: `zbarcam --raw --nodisplay [DEVICE]` started as a child process (found on `PATH`), its
/// output read one symbol per line. The camera code lives in that child; these programs link no video code.
///
/// Used by `qr scan --camera` and `hf-signer scan --camera`; the child is stopped and reaped on every path out.
public enum CameraScanner {
    /// The scanner program.
    public static let program = "zbarcam"

    /// The options the camera commands declare.
    public enum Option {
        /// `--camera`.
        public static let camera = OptionHelp(
            flag: "--camera", help: "Start zbarcam (package zbar-tools) and read the camera through it.")
        /// `--timeout SECONDS`.
        public static let timeout = QRFollow.Option.timeout

        /// Reads `--timeout`: a whole number of seconds from 1 to 86400, or nil.
        /// - Throws: `UsageError` for any other value.
        public static func parseTimeout(_ arguments: inout Arguments) throws(UsageError) -> Int? {
            try QRFollow.Option.parseTimeout(&arguments)
        }
    }

    /// Refuses a device argument that cannot be a video device path.
    /// - Throws: `UsageError` for an empty text or one that starts with `-`.
    public static func check(device: String) throws(UsageError) {
        if device.isEmpty || device.hasPrefix("-") {
            throw UsageError("'\(device)' is not a video device path; give one such as /dev/video0")
        }
    }

    /// Scans from the camera until a bundle is complete, a plain QR code is one `stopsAt` wants, or zbarcam ends,
    /// and returns the scan for the caller to route; live progress goes to stderr as for `qr scan`.
    /// - Parameters:
    ///   - device: the video device, or nil for zbarcam's default.
    ///   - timeout: seconds before giving up, or nil.
    ///   - stopsAt: whether a plain QR code that is not a bundle ends the scan (a throw ends it with the error).
    /// - Throws: `CommandError` 69 without zbarcam, 75 at the timeout, 130/143 at SIGINT/SIGTERM (naming the
    ///   missing parts); what `stopsAt` throws.
    public static func scan(device: String?, timeout: Int?, context: CommandContext,
                            stopsAt: @escaping ([UInt8]) throws -> Bool) throws -> QRScan
    {
        let follow = QRFollow(timeout: timeout, reportsJSON: false, stopsAt: stopsAt)
        return try withChild(device: device) { child in
            try follow.collect(reading: child.standardOutput, source: program, context)
        }
    }

    /// Starts zbarcam, runs `body` on it, and stops and reaps the child however `body` ends.
    /// - Throws: `CommandError` 69 when zbarcam is not on `PATH` or cannot be started; what `body` throws.
    static func withChild<Result>(device: String?, _ body: (ChildProcess) throws -> Result) throws -> Result {
        guard let path = ChildProcess.find(program, inSearchPath: ChildProcess.environment("PATH")) else {
            throw CommandError(
                .unavailable, "\(program) was not found on PATH; install the Debian package zbar-tools "
                    + "(apt-get install zbar-tools), or pipe any scanner's text into 'qr scan' without --camera",
                code: "scannerMissing")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(path, arguments: ["--raw", "--nodisplay"] + (device.map { [$0] } ?? []))
        } catch {
            throw CommandError(.unavailable, "cannot start \(path): \(error.message)", code: "scannerMissing")
        }
        defer { child.stop() }
        return try body(child)
    }
}
