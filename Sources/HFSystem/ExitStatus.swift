/// A process exit status of docs/design.md §8 (BSD `sysexits.h` where one exists): the class of a failure as the programs'
/// cores name it (each core's one table maps its causes to these), and what the command line exits with.
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    /// The numeric status handed to `exit(3)`.
    public let rawValue: Int32

    /// Wraps a numeric status.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// 0: the command did what was asked.
    public static let success = ExitStatus(rawValue: 0)
    /// 1: anything that has no more specific code.
    public static let failure = ExitStatus(rawValue: 1)
    /// 64 (`EX_USAGE`): the command line was wrong (unknown option, missing argument, bad value).
    public static let usage = ExitStatus(rawValue: 64)
    /// 65 (`EX_DATAERR`): bad input data: a rejected bundle, a bad proof, a wrong backup password, a tampered file.
    public static let dataError = ExitStatus(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file does not exist or is not a readable regular file.
    public static let noInput = ExitStatus(rawValue: 66)
    /// 69 (`EX_UNAVAILABLE`): a program the command needs is not installed (`zbarcam` for `qr scan --camera`).
    public static let unavailable = ExitStatus(rawValue: 69)
    /// 70 (`EX_SOFTWARE`): an internal error (a bug).
    public static let software = ExitStatus(rawValue: 70)
    /// 71 (`EX_OSERR`): the operating system refused something the program needs to run safely (turning core
    /// dumps off at start).
    public static let osError = ExitStatus(rawValue: 71)
    /// 73 (`EX_CANTCREAT`): an output file cannot be created (for example, it already exists).
    public static let cannotCreate = ExitStatus(rawValue: 73)
    /// 74 (`EX_IOERR`): reading or writing failed.
    public static let ioError = ExitStatus(rawValue: 74)
    /// 75 (`EX_TEMPFAIL`): try again later (migration deferred, service unavailable, home in use).
    public static let tryAgain = ExitStatus(rawValue: 75)
    /// 77 (`EX_NOPERM`): permission: a home or secret file too open, a wrong store passphrase.
    public static let noPermission = ExitStatus(rawValue: 77)

    /// The name of a known status (`dataError` for 65, …; `exitN` for others).
    public var name: String {
        switch rawValue {
        case 0: "success"
        case 1: "failure"
        case 64: "usage"
        case 65: "dataError"
        case 66: "noInput"
        case 69: "unavailable"
        case 70: "software"
        case 71: "osError"
        case 73: "cannotCreate"
        case 74: "ioError"
        case 75: "tryAgain"
        case 77: "noPermission"
        default: "exit\(rawValue)"
        }
    }

    /// Ends the process with this status, after flushing the C library's buffered output (`exit`).
    public func exitProcess() -> Never { system_exit(rawValue) }
}
