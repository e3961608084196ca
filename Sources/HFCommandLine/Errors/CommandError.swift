/// An error a command throws to stop with a specific exit code and a one-line message.
///
/// The runner prints exactly one line, `error: <message>`, to stderr and exits with ``exitCode``. When the code is
/// ``ExitCode/usage`` it also prints the command's `Usage:` line and `See '<path> --help'.`. The message should say
/// what was wrong and what to do; it must never contain a secret.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The status the process exits with.
    public let exitCode: ExitCode
    /// The message, without the `error: ` prefix, with every control character and bidi override escaped
    /// (``UntrustedText``; newlines stay here and are replaced by spaces when printed).
    public let message: String
    /// The stable name of the cause (`blockHeaderNotFound`, `homeInUse`, …), the `code` of the `--json` error
    /// object; by default the name of the exit code (``ExitCode/name``).
    public let code: String

    /// Creates an error with an explicit exit code.
    /// Whether the command already printed this error inside its own `--json` report (the runner then prints no
    /// second JSON line).
    public let isInJSONReport: Bool

    /// Creates an error with an explicit exit code and, optionally, the stable code of its cause.
    public init(_ exitCode: ExitCode, _ message: String, code: String? = nil) {
        self.init(exitCode, message, code: code ?? exitCode.name, isInJSONReport: false)
    }

    private init(_ exitCode: ExitCode, _ message: String, code: String, isInJSONReport: Bool) {
        self.exitCode = exitCode
        self.message = UntrustedText.escaped(message, newlines: .keep)
        self.code = code
        self.isInJSONReport = isInJSONReport
    }

    /// The same error, marked as already carried inside the command's `--json` report.
    public func carriedInJSONReport() -> CommandError {
        CommandError(exitCode, message, code: code, isInJSONReport: true)
    }

    /// The `--json` error object: `{"code","exit","message"}`.
    public var jsonObject: JSONError { JSONError(code: code, exit: exitCode.rawValue, message: message) }

    /// The message.
    public var description: String { message }

    /// Exit 1: a failure with no more specific code.
    public static func failure(_ message: String) -> CommandError { CommandError(.failure, message) }
    /// Exit 64: the command line was wrong.
    public static func usage(_ message: String) -> CommandError { CommandError(.usage, message) }
    /// Exit 65: the input data was rejected.
    public static func dataError(_ message: String) -> CommandError { CommandError(.dataError, message) }
    /// Exit 66: an input file is missing or unreadable.
    public static func noInput(_ message: String) -> CommandError { CommandError(.noInput, message) }
    /// Exit 73: an output file cannot be created.
    public static func cannotCreate(_ message: String) -> CommandError { CommandError(.cannotCreate, message) }
    /// Exit 74: an I/O error.
    public static func ioError(_ message: String) -> CommandError { CommandError(.ioError, message) }
    /// Exit 75: a temporary failure; try again later.
    public static func tryAgain(_ message: String) -> CommandError { CommandError(.tryAgain, message) }
    /// Exit 77: permission denied, or a file or directory is too open.
    public static func noPermission(_ message: String) -> CommandError { CommandError(.noPermission, message) }
}

/// The name the brief and the watcher use for ``CommandError``.
public typealias CLIError = CommandError

/// The error object of a failed command's `--json` result, `{"error":{"code","exit","message"}}`, printed as the
/// last line on stdout (docs/design.md §8); a command whose report covers failure carries it as its `error` field.
public struct JSONError: Encodable, Equatable, Sendable {
    /// The stable name of the cause.
    public let code: String
    /// The exit code.
    public let exit: Int32
    /// The same message as the `error:` line on stderr.
    public let message: String

    /// `{"error": self}`.
    public var result: some Encodable & Sendable { Wrapped(error: self) }

    struct Wrapped: Encodable, Sendable {
        let error: JSONError
    }
}
