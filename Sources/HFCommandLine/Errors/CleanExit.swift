/// A request to stop early successfully, printing to stdout and exiting 0.
///
/// Commands rarely throw this themselves: ``CommandGroup`` throws ``helpRequest`` from its default `run`, so a parent
/// command given no subcommand prints its help.
public enum CleanExit: Error, Equatable, Sendable {
    /// Print the help of the command being run.
    case helpRequest
    /// Print this text (followed by a newline).
    case message(String)
}
