import Foundation

/// Spawns short-lived children (`/bin/true`) over and over on a thread of its own while a test's body runs, as tests
/// running in parallel do: each child holds a copy of every descriptor of this process from `posix_spawn`'s clone
/// until its `exec`. Lets a test check that a lock it releases and retakes is not kept by such a copy.
public final class BackgroundSpawner: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopping = false
    private var running = true
    private var spawned = 0
    private var failure: (any Error)?

    private init() {}

    /// Runs `body` over and over while children are spawned, until `children` of them have been (the first before
    /// `body` first runs), so that the calls overlap the spawns however fast `body` is.
    /// - Throws: what `body` throws, or `Subprocess.SpawnFailed` when a child cannot be spawned.
    public static func repeatedly(whileSpawning children: Int, _ body: () throws -> Void) throws {
        let spawner = BackgroundSpawner()
        Thread { spawner.run() }.start()
        defer { spawner.stop() }
        _ = try spawner.count(waitingFor: 1)
        while try spawner.count(waitingFor: 0) < children { try body() }
    }

    /// How many children have been spawned, once at least `least` have.
    /// - Throws: the spawn failure that stopped the thread.
    private func count(waitingFor least: Int) throws -> Int {
        condition.lock()
        defer { condition.unlock() }
        while spawned < least, failure == nil { condition.wait() }
        if let failure { throw failure }
        return spawned
    }

    /// Stops spawning and waits for the thread to end.
    private func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        while running { condition.wait() }
    }

    /// Spawns and waits for one child at a time until stopped or a spawn fails.
    private func run() {
        var going = true
        while going {
            let outcome = Result { try Subprocess(path: "/bin/true", arguments: []).finish() }
            condition.lock()
            if case .failure(let error) = outcome { failure = error } else { spawned += 1 }
            going = failure == nil && !stopping
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
