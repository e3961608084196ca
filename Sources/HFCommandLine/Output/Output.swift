import HFSystem
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

    /// True when the process's stdout is a terminal (a person reads it), false for a pipe or a file.
    public static var isStandardOutputTerminal: Bool { Terminal.isTerminal(.standardOutput) }

    /// Writes one result line to stdout (`text` and a newline).
    ///
    /// Controls and bidi overrides in `text` are shown escaped (``UntrustedText``); newlines of a multi-line report
    /// and the tabs of a table stay.
    public static func result(_ text: String) { sinks.standardOutput.write(terminalSafe(text) + "\n") }

    /// Writes raw bytes to stdout unchanged (for example, a bundle piped to another tool).
    public static func resultBytes(_ bytes: [UInt8]) { sinks.standardOutput.write(bytes) }

    /// Writes one message line to stderr (`text` and a newline), escaped like ``result(_:)``.
    public static func message(_ text: String) { sinks.standardError.write(terminalSafe(text) + "\n") }

    /// `text` as a human line may show it: every control and bidi override escaped except newlines and tabs.
    ///
    /// The defensive layer at the sink; text from outside is escaped where it is built as well.
    static func terminalSafe(_ text: String) -> String {
        UntrustedText.escaped(text, newlines: .keep, keepingTabs: true)
    }

    /// Writes `value` as canonical JSON (sorted keys, no whitespace, `/` not escaped) and a newline to stdout.
    /// - Throws: ``CommandError`` (exit 70) when the value cannot be encoded, which is a bug in the command.
    public static func json(_ value: some Encodable) throws(CommandError) {
        sinks.standardOutput.write(try CanonicalJSON.encode(value) + [0x0A])
    }

    /// Writes the `--json` report of a command whose report covers its failure, with `error`'s object as the report's
    /// `error` field, and returns the error marked as carried (throw it: the runner prints no second JSON line).
    public static func jsonFailure(_ report: some Encodable, _ error: CommandError) throws(CommandError) -> CommandError {
        try json(ReportWithError(report: report, error: error.jsonObject))
        return error.carriedInJSONReport()
    }
}

/// A command's report with the error object of its failure as one more key, `error`.
struct ReportWithError<Report: Encodable>: Encodable {
    let report: Report
    let error: JSONError

    enum Key: String, CodingKey { case error }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(error, forKey: .error)
    }
}

