import Dispatch
import HFCrypto
import HFPrimitives
import Synchronization
import Testing

@testable import HFDevnet

/// The HTTP server calls one `DevnetChain` from several threads: submissions, mining and queries interleave safely.
@Suite struct ConcurrencyTests {
    @Test func submitMineAndQueryFromManyThreads() throws {
        let chain = DevnetChain()
        let alice = try TestWallet(seed: 2)
        let coin = try chain.fundedCoin(alice, 800_000)
        let split = try alice.spend([coin], to: try (0..<8).map { _ in try alice.output(99_000) })
        #expect(try chain.rejection(of: split) == nil)
        try chain.mine()
        let spends = try (0..<8).map { try alice.spend([Coin(split, $0)], to: [try alice.output(98_000)]) }
        let accepted = Counter()
        DispatchQueue.concurrentPerform(iterations: 10) { worker in
            switch worker {
            case 0..<8:
                if case .success = try? chain.submit(spends[worker]) { accepted.increment() }
            case 8:
                for _ in 0..<5 { _ = try? chain.mine() }
            default:
                for _ in 0..<50 {
                    _ = chain.chainInfo()
                    _ = chain.unspentOutputs(of: alice.address)
                    _ = chain.latestHeaders(count: 3)
                }
            }
        }
        #expect(accepted.value == 8)
        #expect(chain.height == 107)
        try chain.mine()
        #expect(spends.allSatisfy { chain.status(of: $0.txid).confirmation != nil })
        #expect(chain.unspentOutputs(of: alice.address).count == 8)
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
