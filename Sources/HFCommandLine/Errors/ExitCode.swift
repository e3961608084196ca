public import HFSystem

/// A process exit status, with the values of docs/design.md §8 (BSD `sysexits.h` where one exists): HFSystem's
/// ``ExitStatus`` as the command line returns and throws it.
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
    public static let success = ExitCode(.success)
    /// 1: anything that has no more specific code.
    public static let failure = ExitCode(.failure)
    /// 64 (`EX_USAGE`): the command line was wrong.
    public static let usage = ExitCode(.usage)
    /// 65 (`EX_DATAERR`): bad input data.
    public static let dataError = ExitCode(.dataError)
    /// 66 (`EX_NOINPUT`): an input file does not exist or is not readable.
    public static let noInput = ExitCode(.noInput)
    /// 69 (`EX_UNAVAILABLE`): a program the command needs is not installed.
    public static let unavailable = ExitCode(.unavailable)
    /// 70 (`EX_SOFTWARE`): an internal error (a bug).
    public static let software = ExitCode(.software)
    /// 71 (`EX_OSERR`): the operating system refused something the program needs to run safely (turning core
    /// dumps off at start).
    public static let osError = ExitCode(.osError)
    /// 73 (`EX_CANTCREAT`): an output file cannot be created.
    public static let cannotCreate = ExitCode(.cannotCreate)
    /// 74 (`EX_IOERR`): reading or writing failed.
    public static let ioError = ExitCode(.ioError)
    /// 75 (`EX_TEMPFAIL`): try again later.
    public static let tryAgain = ExitCode(.tryAgain)
    /// 77 (`EX_NOPERM`): permission.
    public static let noPermission = ExitCode(.noPermission)

    /// The name of a known status (`dataError` for 65, …), the default `code` of a ``CommandError``.
    public var name: String { status.name }

    /// The status as the cores name it.
    public var status: ExitStatus { ExitStatus(rawValue: rawValue) }

    /// The exit code of a status a core named (its failure table's answer).
    public init(_ status: ExitStatus) { rawValue = status.rawValue }
}

extension ExitCode {
    /// Ends the process with this code (after the C library flushes its buffers).
    public func exitProcess() -> Never { ExitStatus(rawValue: rawValue).exitProcess() }
}
