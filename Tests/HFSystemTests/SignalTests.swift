import Foundation
import Testing

@testable import HFSystem

@Suite struct SignalTests {
    /// The action the kernel holds for `number`, as an address (0 is `SIG_DFL`, 1 is `SIG_IGN`).
    private func action(_ number: CInt) -> Int {
        var current = sigaction()
        sigaction(number, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }

    /// Checked by reading the action back rather than by raising: the test runner's threads block most signals.
    @Test func installIgnoreAndRestore() {
        let user = Signal(rawValue: SIGUSR1)
        user.install { _ in }
        #expect(action(SIGUSR1) > 1)
        user.ignore()
        #expect(action(SIGUSR1) == unsafeBitCast(SIG_IGN, to: Int.self))
        user.restoreDefault()
        #expect(action(SIGUSR1) == unsafeBitCast(SIG_DFL, to: Int.self))
        #expect(Signal.interrupt.rawValue == SIGINT && Signal.quit.rawValue == SIGQUIT)
    }
}
