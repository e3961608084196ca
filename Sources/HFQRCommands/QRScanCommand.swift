import HFCommandLine
import HFSystem

/// `qr scan [--camera [DEVICE]] [--timeout SECONDS] --out FILE`: a live scan from the camera (through `zbarcam`) or
/// from stdin.
struct QRScanCommand: Command {
    static let name = "scan"
    static let abstract = "Scan a bundle live: from the camera (zbarcam) or from a scanner's text on stdin."
    static let discussion: String? = """
        Reads scanned text one symbol per line as it arrives and stops the moment the bundle is complete and \
        valid: writes --out (which must not exist), prints the summary and exits 0, as 'qr decode --follow' does. \
        With --camera it starts 'zbarcam --raw --nodisplay [DEVICE]' (found on PATH; the camera code lives in that \
        child, never in this program) and reads its output; the child is ended and reaped on completion, timeout, \
        error and SIGINT. Without zbarcam, --camera exits 69: install the Debian package zbar-tools. Without \
        --camera, stdin is read (any scanner's output, or a pipe). A complete but invalid bundle, or the end of the \
        input first, exits 65; --timeout exits 75 and SIGINT 130, naming the missing parts; nothing is written then.
        """
    static let arguments = [
        ArgumentHelp("device", help: "With --camera: the video device (e.g. /dev/video1); zbarcam's default else.",
                     optional: true)
    ]
    static let options = [
        Option.out,
        CameraScanner.Option.camera,
        CameraScanner.Option.timeout,
    ]

    /// `--out`, required here.
    enum Option {
        static let out = OptionHelp(
            "--out", value: "file", help: "Where to write the bundle (must not exist).", required: true)
    }

    let out: String
    let camera: Bool
    let device: String?
    let timeout: Int?

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.requiredOption(Option.out)
        camera = try arguments.flag(CameraScanner.Option.camera)
        timeout = try CameraScanner.Option.parseTimeout(&arguments)
        device = arguments.optionalPositional("device")
        if device != nil, !camera { throw UsageError("a device needs --camera; without it stdin is read") }
        if let device { try CameraScanner.check(device: device) }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try QRDecodeFinish.checkOutAbsent(out)
        let follow = QRFollow(timeout: timeout)
        guard camera else { return try follow.run(reading: .standardInput, source: "stdin", out: out, context) }
        return try CameraScanner.withChild(device: device) { child in
            try follow.run(reading: child.standardOutput, source: CameraScanner.program, out: out, context)
        }
    }
}
