import Foundation
import HFCrypto
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-devnet reorg` as a user runs it: through a server's `--url` and on a stopped `--state`, its `--json` report,
/// its refusals (64, nothing changed), and a SIGKILL at every durable system call leaving the old chain or the new.
@Suite struct DevnetReorgCLITests {
    let tool = BuiltTool("hf-devnet")
    let home: TemporaryDirectory
    /// A regtest address (private key 31 zeros and 2).
    let address: String

    init() throws {
        home = try TemporaryDirectory()
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [2])
        address = Address(publicKey: key.publicKey, network: .regtest).string
    }

    /// Runs `arguments`, expecting exit 0, and decodes the `--json` reply.
    func json<T: Decodable>(_ arguments: [String], as type: T.Type) throws -> T {
        let result = try tool.run(arguments + ["--json"])
        #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    @Test func reorgThroughTheServerAndOnTheStateDirectory() throws {
        let state = home.path("state")
        let server = try ServeProcess(state: state)
        let funded = try json(["fund", address, "50000", "--url", server.url], as: DevnetControl.FundResult.self)
        #expect(funded.height == 101)
        _ = try json(["mine", "1", "--url", server.url], as: DevnetControl.MineResult.self)

        let result = try tool.run(["reorg", "--from", "101", "--blocks", "3", "--url", server.url, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let reorg = try JSONDecoder().decode(DevnetControl.ReorgResult.self, from: Data(result.stdout.utf8))
        #expect(reorg.from == 101 && reorg.oldTip == 102 && reorg.newTip == 103 && reorg.disconnected == 2)
        #expect(reorg.dropped == [funded.txid] && reorg.evicted.isEmpty && reorg.hashes.count == 3)
        #expect(reorg.newTipHash == reorg.hashes.last && reorg.disconnectedHashes.count == 2)
        // Numbers are JSON numbers.
        #expect(result.stdout.contains("\"oldTip\":102") && result.stdout.contains("\"disconnected\":2"))

        // Refused by the running chain: 64, a sentence, nothing changed.
        let notHeavier = try tool.run(["reorg", "--from", "102", "--blocks", "2", "--url", server.url])
        #expect(notHeavier.exitCode == 64, "\(notHeavier.stderr)")
        #expect(notHeavier.stderr.hasPrefix("error: ") && notHeavier.stderr.contains("give --blocks 3 or more"))
        let aboveTip = try tool.run(["reorg", "--from", "104", "--blocks", "9", "--url", server.url])
        #expect(aboveTip.exitCode == 64 && aboveTip.stderr.contains("give --from 1 to 103"), "\(aboveTip.stderr)")
        let locked = try tool.run(["reorg", "--from", "103", "--blocks", "2", "--state", state])
        #expect(locked.exitCode == 75 && locked.stderr.contains("'reorg' its --url"), "\(locked.stderr)")
        #expect(try json(["mine", "1", "--url", server.url], as: DevnetControl.MineResult.self).height == 104)

        #expect(server.terminate().status == 0)
        let human = try tool.run(["reorg", "--from", "104", "--blocks", "2", "--to", address, "--state", state])
        #expect(human.exitCode == 0, "\(human.stderr)")
        #expect(human.stdout.split(separator: "\n").count == 2)
        #expect(human.stderr.contains("disconnected 1 block(s) (heights 104 to 104) and mined 2; the tip is at height 105"))
        let refused = try tool.run(["reorg", "--from", "100", "--blocks", "6", "--state", state])
        #expect(refused.exitCode == 64 && refused.stderr.contains("not heavier"), "\(refused.stderr)")
        let chain = try DevnetChain(stateDirectory: state)
        defer { chain.close() }
        let payment = try Txid(displayHex: funded.txid)
        let payee = try Address(string: address, network: .regtest)
        #expect(chain.height == 105 && chain.status(of: payment) == .unknown)
        #expect(chain.unspentOutputs(of: payee).count == 2, "two coinbases")
    }

    @Test func usageErrors() throws {
        let state = home.path("state")
        for arguments in [
            ["reorg", "--blocks", "2", "--state", state], ["reorg", "--from", "1", "--state", state],
            ["reorg", "--from", "0", "--blocks", "2", "--state", state],
            ["reorg", "--from", "x", "--blocks", "2", "--state", state],
            ["reorg", "--from", "1", "--blocks", "0", "--state", state],
            ["reorg", "--from", "1", "--blocks", "10001", "--state", state],
            ["reorg", "--from", "1", "--blocks", "2", "--to", "nonsense", "--state", state],
            ["reorg", "--from", "1", "--blocks", "2"],
        ] {
            let result = try tool.run(arguments)
            #expect(result.exitCode == 64 && result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: state))
        let empty = try tool.run(["reorg", "--from", "1", "--blocks", "2", "--state", state])
        #expect(empty.exitCode == 64 && empty.stderr.contains("only genesis"), "\(empty.stderr)")
        let help = try tool.run(["reorg", "--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("--blocks") && help.stdout.contains("heavier"))
        #expect(try tool.run(["--help"]).stdout.contains("reorg"))
    }

    /// SIGKILL at each write, sync, truncation, rename, unlink and open of `reorg --state`: the chain reopens on the
    /// old blocks or on the whole new branch, never on the prefix alone or a mix, and nothing is cut on open.
    @Test func aKilledReorgLeavesTheOldChainOrTheNew() throws {
        guard SyscallKiller.strace != nil else {
            Issue.record("strace is not installed (Debian package strace)")
            return
        }
        let template = home.path("template")
        let oldTip: BlockHash
        let payment: Txid
        do {
            let chain = try DevnetChain(stateDirectory: template)
            payment = try chain.fund(address: try Address(string: address, network: .regtest), satoshis: 5_000)
            try chain.mine(2)
            oldTip = chain.chainInfo().bestBlockHash
            chain.close()
        }
        let state = home.path("state")
        let arguments = ["reorg", "--from", "101", "--blocks", "4", "--state", state]
        try SyscallKiller.restore(template, to: state)
        // hf-devnet's main is async: the command runs off the main thread.
        let points = try SyscallKiller.points(tool.url.path, arguments: arguments, after: state, threads: true)
        #expect(points.count >= 5, "\(points)")
        var outcomes: Set<String> = []
        for point in points {
            try SyscallKiller.restore(template, to: state)
            try SyscallKiller.kill(tool.url.path, arguments: arguments, at: point, threads: true)
            let chain = try DevnetChain(stateDirectory: state)
            defer { chain.close() }
            #expect(chain.openReport.blocksDropped == 0 && chain.openReport.blockBytesDropped == 0, "\(point)")
            if chain.chainInfo().bestBlockHash == oldTip {
                #expect(chain.height == 103 && chain.status(of: payment).confirmation?.height == 101, "\(point)")
                outcomes.insert("old")
            } else {
                #expect(chain.height == 104, "\(point)")
                #expect(chain.status(of: payment) == .unknown, "\(point)")
                #expect((101...104).allSatisfy { chain.block(atHeight: $0)?.transactions.count == 1 }, "\(point)")
                outcomes.insert("new")
            }
        }
        #expect(outcomes == ["old", "new"], "kills before and after the rename")
    }
}
