/// Where a command's output goes: results to stdout, messages to stderr.
///
/// Use these instead of `print`, which writes through a separate buffer. While a tool runs through
/// ``CommandRunner``, the sinks are the ones the runner was given, so tests capture a command's output in memory.
public enum Output {
    /// The pair of sinks in use.
    public struct Sinks: Sendable {
        /// Results.
        public let standardOutput: OutputSink
        /// Messages, warnings, progress, prompts and errors.
        public let standardError: OutputSink

        /// Pairs two sinks.
        public init(standardOutput: OutputSink, standardError: OutputSink) {
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The process's stdout and stderr.
        public static let process = Sinks(standardOutput: .standardOutput, standardError: .standardError)
    }

    /// The sinks of the current task (the process's own unless bound with `Output.$sinks.withValue`).
    @TaskLocal public static var sinks: Sinks = .process

    /// Writes one result line to stdout (`text` and a newline).
    public static func result(_ text: String) { sinks.standardOutput.write(text + "\n") }

    /// Writes raw bytes to stdout unchanged (for example, a bundle piped to another tool).
    public static func resultBytes(_ bytes: [UInt8]) { sinks.standardOutput.write(bytes) }

    /// Writes one message line to stderr (`text` and a newline).
    public static func message(_ text: String) { sinks.standardError.write(text + "\n") }

    /// Writes `value` as canonical JSON (sorted keys, no whitespace, `/` not escaped) and a newline to stdout.
    /// - Throws: ``CommandError`` (exit 70) when the value cannot be encoded, which is a bug in the command.
    public static func json(_ value: some Encodable) throws(CommandError) {
        sinks.standardOutput.write(try CanonicalJSON.encode(value) + [0x0A])
    }
}
