import HFCommandLine
import Foundation

/// Progress of an address search on stderr: nothing for a search that ends within a second, then one line about
/// every second (`address search: 12000 of 40000 addresses derived`). Never with `--json`.
final class SearchProgress {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastLine: ContinuousClock.Instant?
    private let quiet: Bool

    /// A progress display for one command; silent when `quiet`.
    init(quiet: Bool) {
        started = clock.now
        self.quiet = quiet
    }

    /// The display for `context`: silent with `--json`.
    convenience init(_ context: CommandContext) { self.init(quiet: context.globals.json) }

    /// The handler to give the search.
    var handler: (Int, Int) -> Void { { [self] derived, total in report(derived, total) } }

    private func report(_ derived: Int, _ total: Int) {
        guard !quiet, derived < total else { return }
        let now = clock.now
        guard now - started >= .seconds(1), lastLine.map({ now - $0 >= .seconds(1) }) ?? true else { return }
        lastLine = now
        Output.message("address search: \(derived) of \(total) addresses derived")
    }
}
