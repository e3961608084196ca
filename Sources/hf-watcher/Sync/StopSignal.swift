import Foundation

/// SIGINT/SIGTERM as a flag a loop checks, and a sleep that ends early when it is raised.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.raise() }
            source.resume()
            sources.append(source)
        }
    }

    var requested: Bool { lock.withLock { raised } }

    private func raise() { lock.withLock { raised = true } }

    /// Sleeps up to `seconds`, waking every 200 ms to check the flag.
    func sleep(seconds: Int) async {
        for _ in 0..<(seconds * 5) where !requested {
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
