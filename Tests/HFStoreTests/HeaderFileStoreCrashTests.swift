import Foundation
import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

/// The real thing: a child process (`hf-store-crashtest`) appends and rewrites suffixes as fast as it can and is
/// killed with SIGKILL at a random moment; after every kill the store must reopen on exactly the chain before the
/// operation in flight or the chain after it.
@Suite struct HeaderFileStoreCrashTests {
    /// What the child did in one run: its starting count and the operations it began, in order.
    private struct ChildRun {
        var startCount: Int?
        var operations: [Operation] = []
    }

    /// One operation the child began.
    private enum Operation: Equatable {
        case replace(index: Int, count: Int, generation: UInt64)
        case reset
    }

    /// How the runs ended, for the summary line.
    private struct Tally {
        var kills = 0
        var inFlightKept = 0
        var inFlightLost = 0
        var rewritesInFlight = 0
        var redosRolledForward = 0
        var operations = 0
    }

    @Test func survivesSIGKILLAtRandomMoments() throws {
        let tool = BuiltTool("hf-store-crashtest")
        let fixture = try StoreFixture()
        var model: [[UInt8]] = []
        var tally = Tally()
        var random = SystemRandomNumberGenerator()
        for iteration in 1...50 {
            let run = try runChild(tool, directory: fixture.path, seed: UInt64(iteration), random: &random)
            let startCount = try #require(run.startCount, "the child never opened the store")
            #expect(startCount == model.count, "iteration \(iteration): the child saw another count")
            // Every operation but the last finished; the last was in flight when the child died.
            var before = model
            var after = model
            for operation in run.operations {
                before = after
                after = Self.apply(operation, to: after)
            }
            tally.kills += 1
            tally.operations += run.operations.count
            if case .replace(let index, _, _) = run.operations.last, index < before.count {
                tally.rewritesInFlight += 1
            }

            if (try? pendingRedo(fixture)) == true { tally.redosRolledForward += 1 }
            let reopened = try fixture.reopenRecords()
            let matchesBefore = reopened == before
            let matchesAfter = reopened == after
            #expect(matchesBefore || matchesAfter, "iteration \(iteration): reopened on a chain that is neither")
            if matchesAfter, before != after { tally.inFlightKept += 1 }
            if matchesBefore, before != after { tally.inFlightLost += 1 }
            #expect(Fixtures.size(of: fixture.headerPath()) == reopened.count * 80)
            #expect(!Fixtures.exists(fixture.sidePath()))
            model = reopened
        }
        print(
            "hf-store-crashtest: \(tally.kills) kills after \(tally.operations) operations; in-flight change kept "
                + "\(tally.inFlightKept), lost \(tally.inFlightLost); \(tally.rewritesInFlight) kills during a "
                + "suffix rewrite, \(tally.redosRolledForward) pending redos rolled forward on reopen")
    }

    /// Starts the child, waits until it has opened the store, lets it work for 0–40 ms, kills it with SIGKILL and
    /// collects what it reported.
    private func runChild(
        _ tool: BuiltTool, directory: String, seed: UInt64, random: inout SystemRandomNumberGenerator
    ) throws -> ChildRun {
        let child = try tool.start([directory, String(seed)])
        let first = child.readLine()  // nil when the child exited before opening the store.
        usleep(UInt32.random(in: 0...40_000, using: &random))
        child.send(SIGKILL)
        let (_, rest, diagnostics) = child.finish()
        #expect(child.wasSignalled, "the child exited by itself: \(diagnostics)")
        let received = (first.map { $0 + "\n" } ?? "") + rest
        return try Self.parse(received)
    }

    /// Whether the store's row records a pending rewrite (read before the store is opened and completes it).
    private func pendingRedo(_ fixture: StoreFixture) throws -> Bool {
        let table = HeaderStoreTable(database: try fixture.database(), network: "main")
        return try table.read()?.redo != nil
    }

    /// Reads the child's complete lines (a killed child never leaves a torn line: each is one short pipe write).
    private static func parse(_ text: String) throws -> ChildRun {
        var run = ChildRun()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "ready":
                run.startCount = try #require(fields.count == 2 ? Int(fields[1]) : nil)
            case "reset":
                run.operations.append(.reset)
            case "replace":
                let numbers = fields.dropFirst().compactMap { UInt64($0) }
                try #require(numbers.count == 3, "bad line: \(line)")
                run.operations.append(.replace(index: Int(numbers[0]), count: Int(numbers[1]), generation: numbers[2]))
            default:
                Issue.record("unexpected line from the child: \(line)")
            }
        }
        return run
    }

    /// The chain after `operation`.
    private static func apply(_ operation: Operation, to chain: [[UInt8]]) -> [[UInt8]] {
        switch operation {
        case .reset:
            return []
        case .replace(let index, let count, let generation):
            return Array(chain.prefix(index)) + Fixtures.records(generation, index..<index + count)
        }
    }
}
