/// A process exit status, with the values of DESIGN §8 (BSD `sysexits.h` where one exists).
///
/// Commands return an `ExitCode` from `run`, or throw one to stop without printing anything. Throw a
/// ``CommandError`` instead when the user needs to be told what went wrong.
public struct ExitCode: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric status handed to `exit(3)`.
    public let rawValue: Int32

    /// Wraps a numeric status.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Wraps a numeric status.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// True for status 0.
    public var isSuccess: Bool { rawValue == 0 }

    /// The number, for messages and logs.
    public var description: String { String(rawValue) }

    /// 0: the command did what was asked.
    public static let success = ExitCode(0)
    /// 1: anything that has no more specific code.
    public static let failure = ExitCode(1)
    /// 64 (`EX_USAGE`): the command line was wrong (unknown option, missing argument, bad value).
    public static let usage = ExitCode(64)
    /// 65 (`EX_DATAERR`): bad input data: a rejected bundle, a bad proof, a wrong backup password, a tampered file.
    public static let dataError = ExitCode(65)
    /// 66 (`EX_NOINPUT`): an input file does not exist or is not a readable regular file.
    public static let noInput = ExitCode(66)
    /// 70 (`EX_SOFTWARE`): an internal error (a bug).
    public static let software = ExitCode(70)
    /// 71 (`EX_OSERR`): the operating system refused something the program needs to run safely (turning core
    /// dumps off at start).
    public static let osError = ExitCode(71)
    /// 73 (`EX_CANTCREAT`): an output file cannot be created (for example, it already exists).
    public static let cannotCreate = ExitCode(73)
    /// 74 (`EX_IOERR`): reading or writing failed.
    public static let ioError = ExitCode(74)
    /// 75 (`EX_TEMPFAIL`): try again later (migration deferred, service unavailable).
    public static let tryAgain = ExitCode(75)
    /// 77 (`EX_NOPERM`): permission: a home or secret file too open, a wrong store passphrase.
    public static let noPermission = ExitCode(77)

    /// The name of a known status (`dataError` for 65, …), the default `code` of a ``CommandError``.
    public var name: String {
        switch rawValue {
        case 0: "success"
        case 1: "failure"
        case 64: "usage"
        case 65: "dataError"
        case 66: "noInput"
        case 70: "software"
        case 71: "osError"
        case 73: "cannotCreate"
        case 74: "ioError"
        case 75: "tryAgain"
        case 77: "noPermission"
        default: "exit\(rawValue)"
        }
    }
}

