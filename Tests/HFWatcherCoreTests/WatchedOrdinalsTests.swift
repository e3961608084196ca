import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import HFTestSupport
import HFWatcherCore
import Testing

/// Issue 17, "Ordinals, third level", in-process: the watcher's 1-satoshi outputs (alice's 10 000 of the
/// `WatcherBestChainTests` fixture split into 1 sat to alice, 1 sat to bob and 8 000 back to alice, mined and
/// synced) are `unknown` until the indexer is asked; the devnet's real indexer says `notOrdinal`; a stub indexer on
/// loopback (standing in for GorillaPool, which cannot be reached here) answering an inscription, a 500, garbage or
/// too late gives `ordinal`, `unknown`, `unknown`, `unknown`; no indexer leaves `unknown`. Larger outputs have no
/// state. The mainnet default `ordinals.url` is pinned.
@Suite("Ordinals: the watcher's tri-state, 5xx → unknown (protected)")
struct WatchedOrdinalsTests {
    typealias Fixture = WatcherBestChainTests.Fixture

    /// The fixture with alice's coin split into two 1-satoshi outputs and change, mined and synced; the two
    /// 1-satoshi outpoints.
    static func split() async throws -> (Fixture, Txid) {
        let f = try await Fixture()
        let split = try WatcherSpendingTests.spend(
            f.alice, key: WatcherSpendingTests.alice,
            paying: [(WatcherSpendingTests.alice, 1), (WatcherSpendingTests.bob, 1), (WatcherSpendingTests.alice, 8_000)],
            on: f.devnet)
        try WatcherSpendingTests.submit(split, to: f.devnet)
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        return (f, split.txid)
    }

    /// The states of the unspent outputs, `txid:vout` → state (nil for outputs larger than 1 satoshi).
    static func states(_ ledger: WatchOnlyLedger) -> [String: OrdinalState?] {
        Dictionary(uniqueKeysWithValues: ledger.unspent.map { ("\($0.txid):\($0.vout)", $0.ordinal) })
    }

    /// `states` of the split's outputs; every other output (bob's 20 000) has no state.
    static func states(_ ledger: WatchOnlyLedger, of txid: Txid) -> [String: OrdinalState?] {
        let all = states(ledger)
        #expect(all.filter { !$0.key.hasPrefix(txid.displayHex) }.values.allSatisfy { $0 == nil })
        #expect(all.count == 4)
        return all.filter { $0.key.hasPrefix(txid.displayHex) }
    }

    /// The indexer the configuration of `f`'s home gives once `ordinals.url` is `url`.
    static func indexer(_ f: Fixture, url: String) throws -> OrdinalsClient? {
        try f.session.home.setConfig("ordinals.url", url)
        return try WatcherServices(config: f.session.home.config(network: .regtest), network: .regtest).ordinals
    }

    /// A loopback indexer answering every request with `response` after `delay`, standing in for GorillaPool.
    static func stub(_ response: @escaping @Sendable (HTTPRequest) -> HTTPResponse, delay: Duration = .zero) throws
        -> (HTTPServer, String)
    {
        let server = HTTPServer { request in
            if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.seconds)) }
            return response(request)
        }
        return (server, "http://127.0.0.1:\(try server.start())/api")
    }

    @Test func oneSatoshiOutputsAreUnknownUntilTheIndexerAnswersAndUnknownOnEveryFailure() async throws {
        let (f, txid) = try await Self.split()
        defer { f.server.stop() }
        let one = "\(txid.displayHex):0", two = "\(txid.displayHex):1", change = "\(txid.displayHex):2"
        let ledger = try f.ledger
        #expect(Self.states(ledger, of: txid) == [one: .unknown, two: .unknown, change: nil])

        // The devnet's indexer (real routes over loopback) knows both as plain.
        let devnet = await WatchedOrdinals.resolve(ledger, indexer: f.session.services.ordinals)
        #expect(Self.states(devnet, of: txid) == [one: .notOrdinal, two: .notOrdinal, change: nil])

        // A stub knowing the first as a transferred inscription (its origin elsewhere) and not listing the second.
        let inscription = #"[{"outpoint":"\#(txid.displayHex)_0","satoshis":1,"origin":{"outpoint":"\#(f.bob.displayHex)_0"},"data":{}}]"#
        let (known, knownURL) = try Self.stub { _ in .json(text: inscription) }
        defer { known.stop() }
        let answered = await WatchedOrdinals.resolve(ledger, indexer: try Self.indexer(f, url: knownURL))
        #expect(Self.states(answered)[one] == .ordinal && Self.states(answered)[two] == .unknown)

        // 500, garbage, too late, no indexer: unknown, protected.
        let (failing, failingURL) = try Self.stub { _ in .json(text: #"{"message":"internal"}"#, status: 500) }
        defer { failing.stop() }
        let (garbage, garbageURL) = try Self.stub { _ in .json(text: "<html>not json") }
        defer { garbage.stop() }
        try f.session.home.setConfig("net.timeout", "1")
        let (slow, slowURL) = try Self.stub({ _ in .json(text: "[]") }, delay: .seconds(2))
        defer { slow.stop() }
        for url in [failingURL, garbageURL, slowURL] {
            let resolved = await WatchedOrdinals.resolve(ledger, indexer: try Self.indexer(f, url: url))
            #expect(Self.states(resolved)[one] == .unknown && Self.states(resolved)[two] == .unknown, "\(url)")
            #expect(resolved.unspent.allSatisfy { $0.ordinal?.isProtected ?? true })
        }
        let none = try Self.indexer(f, url: "")
        #expect(none == nil)
        #expect(Self.states(await WatchedOrdinals.resolve(ledger, indexer: none)) == Self.states(ledger))
    }

    @Test func theJSONHasAStringStateOnlyForOneSatoshiOutputsAndNumbersStayNumbers() async throws {
        let (f, txid) = try await Self.split()
        defer { f.server.stop() }
        let resolved = await WatchedOrdinals.resolve(try f.ledger, indexer: f.session.services.ordinals)
        let objects = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(resolved.unspent)) as? [[String: Any]])
        for object in objects {
            let satoshis = try #require(object["satoshis"] as? Int)
            #expect(object["vout"] is Int && object["height"] is Int)
            if satoshis == 1 {
                #expect(object["ordinal"] as? String == "notOrdinal")
                #expect(object["txid"] as? String == txid.displayHex)
            } else {
                #expect(object["ordinal"] == nil)
            }
        }
        #expect(objects.filter { $0["ordinal"] != nil }.count == 2)
    }

    /// The session's use case behind `hf-watcher utxos` asks the indexer the home configures (the devnet's) for the
    /// 1-satoshi outputs only, and names each state as the text output prints it; `balance` and `history` are the
    /// ledger's. They open the home's chain themselves, as `utxos` does, so they read a copy of the fixture's home
    /// (the fixture's session holds the chain of its own).
    @Test func theSessionsUnspentAsksTheConfiguredIndexer() async throws {
        let (f, txid) = try await Self.split()
        defer { f.server.stop() }
        let copy = f.dir.path("copy")
        try SyscallKiller.restore(f.session.home.path, to: copy)
        let home = try WatcherHome.open(explicit: copy)
        let unspent = try await WatcherSession.unspent(home: home, network: .regtest)
        let names = Dictionary(uniqueKeysWithValues: unspent.map { ("\($0.txid):\($0.vout)", $0.ordinalName) })
        #expect(names.count == 4)
        #expect(names["\(txid.displayHex):0"] == .some("notOrdinal"))
        #expect(names["\(txid.displayHex):1"] == .some("notOrdinal"))
        #expect(names["\(txid.displayHex):2"] == .some(nil))
        #expect(names.filter { !$0.key.hasPrefix(txid.displayHex) }.values.allSatisfy { $0 == nil })
        #expect(try WatcherSession.balance(home: home, network: .regtest) == f.ledger.balance)
        #expect(try WatcherSession.history(home: home, network: .regtest) == f.ledger.history)
    }

    @Test func theMainnetDefaultIndexerURLHasTheAPIPrefix() throws {
        let dir = try TemporaryDirectory()
        let home = try WatcherHome.create(explicit: dir.path("home"))
        let config = try home.config(network: .main)
        #expect(config["ordinals.url"] == "https://ordinals.gorillapool.io/api")
        let services = try WatcherServices(config: config, network: .main)
        #expect(services.ordinals?.baseURL.absoluteString == "https://ordinals.gorillapool.io/api")
        #expect(try home.config(network: .regtest)["ordinals.url"] == nil)
        try home.setConfig("devnet", "http://127.0.0.1:18333")
        #expect(try home.config(network: .regtest)["ordinals.url"] == "http://127.0.0.1:18333/ordinals/api")
    }
}
