/// A mistake on the command line: unknown option, missing value or argument, leftover argument, bad value.
///
/// The runner prints `error: <message>`, then `Usage: <usage line>` and `See '<path> --help'.` to stderr, and exits
/// with ``ExitCode/usage`` (64).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, without the `error: ` prefix.
    public let message: String

    /// Creates a usage error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
