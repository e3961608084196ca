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

    /// The self-pipe: the installed handler writes the number, `received` reads it once without waiting, `wait`
    /// blocks until one arrives. The handler is called directly, as the kernel would (raising is unreliable here).
    @Test func theSignalPipeHandsOnEachSignalOnce() async throws {
        let user = Signal(rawValue: SIGUSR2)
        defer { user.restoreDefault() }
        let readEnd = try SignalPipe.install([user])
        #expect(action(SIGUSR2) > 1, "a handler is installed")
        #expect(try SignalPipe.install([user]) == readEnd, "one pipe per process")
        #expect(SignalPipe.received() == nil, "nothing arrived")
        system_writeSignalNumber(SIGUSR2)
        #expect(SignalPipe.received() == user)
        #expect(SignalPipe.received() == nil, "each arrival is read once")
        let later = Task.detached {
            try await Task.sleep(nanoseconds: 50_000_000)
            system_writeSignalNumber(SIGUSR2)
        }
        let started = InputReadiness.now
        #expect(SignalPipe.wait() == user)
        #expect(InputReadiness.now - started >= 40_000_000, "wait blocked until the signal came")
        try await later.value
    }
}
