import HFBundles
import HFCrypto
import HFDevnet
import HFPrimitives
import HFSPV
import HFSystem
import HFTestSupport
import HFWatcherCore
import Testing

/// Two header sources (issue 17), in-process against two real in-memory devnets on loopback: one answers as JungleBus,
/// the other as WhatsOnChain. Both mine the same blocks (same coinbase key, same clock) until the test makes one of
/// them fork (a heavier valid-PoW branch paying another address) or lag (fewer blocks).
@Suite struct TwoHeaderSourcesTests {
    /// A watcher home whose JungleBus is devnet `jungle` and whose WhatsOnChain is devnet `woc`.
    struct Fixture {
        static let key = try! PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [7])
        static let other = Address(
            publicKey: try! PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [8]).publicKey, network: .regtest)

        let dir: TemporaryDirectory
        let jungle = DevnetChain(key: Fixture.key, clock: { 1_760_000_000 })
        let woc = DevnetChain(key: Fixture.key, clock: { 1_760_000_000 })
        let jungleServer: HTTPServer
        let wocServer: HTTPServer
        let junglePort: UInt16
        let session: WatcherSession

        init(jungleBlocks: Int, wocBlocks: Int) throws {
            dir = try TemporaryDirectory()
            let home = try WatcherHome.create(explicit: dir.path("home"))
            try jungle.mine(jungleBlocks)
            try woc.mine(wocBlocks)
            let jungleRouter = DevnetAPI.router(for: jungle)
            let wocRouter = DevnetAPI.router(for: woc)
            jungleServer = HTTPServer { request in jungleRouter.respond(to: request) }
            wocServer = HTTPServer { request in wocRouter.respond(to: request) }
            junglePort = try jungleServer.start()
            let wocPort = try wocServer.start()
            try home.setConfig("devnet", "http://127.0.0.1:\(junglePort)")
            try home.setConfig("woc.url", "http://127.0.0.1:\(wocPort)/woc/v1/bsv/regtest")
            try home.setConfig("net.attempts", "1")
            session = try WatcherSession.open(home: home, network: .regtest)
        }

        var conflict: HeaderSourceConflict { HeaderSourceConflict(homePath: session.home.path, network: .regtest) }

        func stop() {
            jungleServer.stop()
            wocServer.stop()
        }
    }

    @Test func agreeingSourcesSyncToTheTipAndAreNamed() async throws {
        let f = try Fixture(jungleBlocks: 30, wocBlocks: 30)
        defer { f.stop() }
        #expect(f.jungle.header(atHeight: 30)?.hash == f.woc.header(atHeight: 30)?.hash, "the devnets mine alike")
        let outcome = try await f.session.sync()
        #expect(outcome.validatedTipHeight == 30 && outcome.headerNotes.isEmpty)
        #expect(f.conflict.read() == nil)
        #expect(HeaderSync.sources(f.session.services) == ["junglebus", "whatsonchain"])
        let bundle = try WatcherExport.headers(
            chain: f.session.chain, from: 1, count: 30, feeQuote: nil, sources: HeaderSync.sources(f.session.services))
        #expect(bundle.sources == ["junglebus", "whatsonchain"])
    }

    @Test func aBranchTenDeepStopsTheSyncWithExit65AndBlocksTheExport() async throws {
        let f = try Fixture(jungleBlocks: 21, wocBlocks: 21)
        defer { f.stop() }
        // WhatsOnChain's devnet follows a heavier branch from 12: 11 blocks, so 12…22 differ, 10 below its tip 22.
        _ = try f.woc.reorg(from: 12, blocks: 11, to: Fixture.other)
        try f.jungle.mine(1)
        let jungle12 = try #require(f.jungle.header(atHeight: 12)).hash
        let woc12 = try #require(f.woc.header(atHeight: 12)).hash
        #expect(jungle12 != woc12 && f.jungle.header(atHeight: 11)?.hash == f.woc.header(atHeight: 11)?.hash)

        let error = await #expect(throws: WatcherError.self) { try await f.session.sync() }
        #expect(error?.exitStatus == .dataError)
        let reason = error?.description ?? ""
        #expect(reason.contains("height 12") && reason.contains(jungle12.displayHex) && reason.contains(woc12.displayHex))
        #expect(reason.contains("junglebus") && reason.contains("whatsonchain") && reason.contains("10 below the tip"))
        #expect(f.session.chain.validatedTipHeight == 0, "nothing of the disputed run is stored")

        // Recorded: the export refuses (exit 65) until a sync finds the sources agreeing.
        let recorded = try #require(f.conflict.read())
        #expect(recorded.contains("height 12"))
        let refusal = #expect(throws: WatcherError.self) { try f.conflict.requireNone() }
        #expect(refusal?.exitStatus == .dataError && refusal?.description.contains("sync") == true)

        // The operator replaces the wrong service (here: WhatsOnChain answered by JungleBus's devnet): the sources
        // agree again, the sync goes through and clears the record.
        try f.session.home.setConfig("woc.url", "http://127.0.0.1:\(f.junglePort)/woc/v1/bsv/regtest")
        let fixed = WatcherSession(
            home: f.session.home,
            services: try WatcherServices(config: f.session.home.config(network: .regtest), network: .regtest),
            chain: f.session.chain)
        let outcome = try await fixed.sync()
        #expect(outcome.validatedTipHeight == 22 && outcome.headerNotes.isEmpty)
        #expect(f.conflict.read() == nil)
        #expect(throws: Never.self) { try f.conflict.requireNone() }
    }

    @Test func aDisagreementNearTheTipKeepsOnlyTheCommonPart() async throws {
        let f = try Fixture(jungleBlocks: 20, wocBlocks: 20)
        defer { f.stop() }
        _ = try f.woc.reorg(from: 18, blocks: 4, to: Fixture.other)  // 18…21 differ, 3 below its tip 21
        try f.jungle.mine(1)
        let outcome = try await f.session.sync()
        #expect(outcome.validatedTipHeight == 17)
        #expect(f.session.chain.hash(at: 17) == f.woc.header(atHeight: 17)?.hash)
        #expect(outcome.headerNotes.count == 1 && outcome.headerNotes[0].contains("height 18"))
        #expect(outcome.headerNotes[0].contains("near the tip"))
        #expect(f.conflict.read() == nil, "a race near the tip is not recorded")
    }

    @Test(arguments: zip([25, 40], [40, 25]))
    func aLaggingSourceLimitsTheSyncToTheCommonPart(jungleBlocks: Int, wocBlocks: Int) async throws {
        let blocks = (jungle: jungleBlocks, woc: wocBlocks)
        let f = try Fixture(jungleBlocks: blocks.jungle, wocBlocks: blocks.woc)
        defer { f.stop() }
        let outcome = try await f.session.sync()
        #expect(outcome.validatedTipHeight == 25)
        #expect(f.session.chain.hash(at: 25) == f.jungle.header(atHeight: 25)?.hash)
        #expect(f.conflict.read() == nil)
        if blocks.jungle < blocks.woc {
            #expect(outcome.headerNotes.count == 1 && outcome.headerNotes[0].contains("junglebus answered only up to 25"))
        } else {
            #expect(outcome.headerNotes.isEmpty, "WhatsOnChain sets the remote height: JungleBus is asked only up to it")
        }
        // Both catch up: the next sync goes on from the common part.
        if blocks.jungle < blocks.woc { try f.jungle.mine(blocks.woc - blocks.jungle) } else { try f.woc.mine(blocks.jungle - blocks.woc) }
        #expect(try await f.session.sync().validatedTipHeight == 40)
    }
}
