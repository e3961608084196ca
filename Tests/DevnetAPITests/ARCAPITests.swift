import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// The ARC imitation, driven by `ARCClient` and `Broadcaster`, with transactions signed by HFWallet.
@Suite struct ARCAPITests {
    let devnet: RunningDevnet
    let alice: TestWallet
    let bob: TestWallet

    init() throws {
        devnet = try RunningDevnet()
        alice = try TestWallet(seed: 2)
        bob = try TestWallet(seed: 3)
    }

    @Test func seenOnNetworkThenMinedWithAVerifiedMerklePath() async throws {
        let coin = try await devnet.fund(alice, 100_000)
        let spend = try alice.spend([coin], to: [try bob.output(60_000), try alice.output(39_000)])
        let txid = spend.transaction.txid
        let arc = try devnet.arc

        let outcome = try await arc.submit(spend.serialized, txid: txid)
        guard case .processed(let seen) = outcome else {
            Issue.record("not processed: \(outcome)")
            return
        }
        #expect(seen.status == .seenOnNetwork && seen.blockHash == nil && seen.merklePath == nil)
        #expect(try await arc.status(of: txid)?.status == .seenOnNetwork)

        let mined = try await devnet.mine()
        let status = try #require(try await arc.status(of: txid))
        #expect(status.status == .mined && status.blockHeight == 102)
        #expect(status.blockHash?.displayHex == mined.hashes.first)
        let path = try MerklePath(serialized: try #require(status.merklePath))
        let header = try #require(try await devnet.whatsOnChain.header(height: 102))
        #expect(try path.computeRoot(txid: txid) == header.header.merkleRoot)

        // Re-submitting is a success carrying the stored status, in every body format.
        for format in [ARCClient.SubmitOptions.BodyFormat.json, .hex, .binary] {
            let again = try await arc.submit(spend.serialized, txid: txid, options: .init(format: format))
            #expect(again.isSuccess && again.txStatus == .mined)
        }
        #expect(try await arc.status(of: Txid(hashing: [4])) == nil)
    }

    @Test func plainTransactionsInEveryBodyFormat() async throws {
        let coins = try await [devnet.fund(alice, 10_000), devnet.fund(alice, 11_000), devnet.fund(alice, 12_000)]
        let arc = try devnet.arc
        for (coin, format) in zip(coins, [ARCClient.SubmitOptions.BodyFormat.json, .hex, .binary]) {
            let spend = try alice.spend([coin], to: [try bob.output(coin.satoshis - 500)]).transaction
            let outcome = try await arc.submit(spend.serialized, txid: spend.txid, options: .init(format: format))
            #expect(outcome.txStatus == .seenOnNetwork, "\(format)")
        }
        #expect(devnet.chain.mempool.count == 3)
    }

    @Test func rejectionsSurfaceWithTheirARCStatus() async throws {
        let coin = try await devnet.fund(alice, 100_000)
        let arc = try devnet.arc

        // A signature made for another transaction grafted onto this one.
        let elsewhere = try alice.spend([coin], to: [try bob.output(90_000)])
        var forged = try alice.spend([coin], to: [try bob.output(99_000)]).transaction
        forged.inputs[0].unlockingScript = elsewhere.transaction.inputs[0].unlockingScript
        let badSignature = try await arc.submit(forged.serialized, txid: forged.txid)
        guard case .rejected(let rejection) = badSignature else {
            Issue.record("a bad signature was not rejected: \(badSignature)")
            return
        }
        #expect(rejection.status == 461 && rejection.title == "Malformed transaction" && rejection.txid == forged.txid)
        #expect(rejection.extraInfo.hasPrefix("arc error 461: input 0 does not verify"))

        let good = try alice.spend([coin], to: [try bob.output(99_000)])
        #expect(try await arc.submit(good.serialized, txid: good.transaction.txid).isSuccess)
        let conflict = try alice.spend([coin], to: [try alice.output(98_000)])
        #expect(try await status(of: arc.submit(conflict.serialized, txid: conflict.transaction.txid)) == 466)

        let noFee = try bob.spend([Coin(good.transaction, 0)], to: [try bob.output(99_000)])
        #expect(try await status(of: arc.submit(noFee.serialized, txid: noFee.transaction.txid)) == 465)

        let unknownInput = Transaction(
            inputs: [TransactionInput(previousOutput: OutPoint(txid: Txid(hashing: [8]), vout: 0))],
            outputs: [try bob.output(1_000)])
        #expect(try await status(of: arc.submit(unknownInput.serialized, txid: unknownInput.txid)) == 462)

        let garbage: [UInt8] = [1, 0, 0, 0, 0xff, 0xff]
        let malformed = try await arc.submit(garbage, txid: Txid(hashing: garbage), options: .init(format: .binary))
        guard case .rejected(let decode) = malformed else {
            Issue.record("garbage was not rejected: \(malformed)")
            return
        }
        #expect(decode.status == 463 && decode.txid == nil)
        #expect(devnet.chain.mempool.txids == [good.transaction.txid])
    }

    @Test func policyAndExtendedFormatOnlyDevnets() async throws {
        let policy = try await devnet.arc.policy()
        #expect(policy.miningFee == ARCClient.MiningFee(satoshis: 1, bytes: 1000))
        #expect(policy.maxTransactionBytes == 10_000_000 && policy.standardFormatSupported == true)

        let strict = try RunningDevnet(policy: DevnetPolicy(miningFeeSatoshis: 50, standardFormatSupported: false))
        let arc = try strict.arc
        let strictPolicy = try await arc.policy()
        #expect(strictPolicy.miningFee.satoshisPerKilobyte == 50 && strictPolicy.standardFormatSupported == false)
        let coin = try await strict.fund(alice, 100_000)
        let spend = try alice.spend([coin], to: [try bob.output(99_000)])
        let plain = try await arc.submit(spend.transaction.serialized, txid: spend.transaction.txid)
        #expect(status(of: plain) == 460)
        #expect(try await arc.submit(spend.serialized, txid: spend.transaction.txid).txStatus == .seenOnNetwork)

        let health = try await devnet.send("GET", "\(DevnetAPI.arcPrefix)/v1/health")
        #expect(
            String(decoding: health.body, as: UTF8.self) == #"{"healthy":true,"reason":null,"version":"hf-devnet"}"#)
    }

    @Test func broadcasterUsesTheDevnetAndFailsOverToIt() async throws {
        let coins = try await [devnet.fund(alice, 20_000), devnet.fund(alice, 21_000)]
        let first = try alice.spend([coins[0]], to: [try bob.output(19_000)])
        let direct = try await Broadcaster(primary: devnet.arc).broadcast(
            first.serialized, txid: first.transaction.txid)
        #expect(direct.via == "devnet" && direct.failures.isEmpty && direct.outcome.txStatus == .seenOnNetwork)

        // A primary that answers 503: service trouble, so the failover (the devnet) answers.
        let broken = HTTPServer { _ in .status(503) }
        let port = try broken.start()
        defer { broken.stop() }
        let primary = try ARCClient(
            name: "broken", baseURL: try #require(URL(string: "http://127.0.0.1:\(port)/arc")),
            transport: devnet.transport)
        let broadcaster = Broadcaster(primary: primary, failover: try devnet.arc)
        let second = try alice.spend([coins[1]], to: [try bob.output(20_000)])
        let failedOver = try await broadcaster.broadcast(second.serialized, txid: second.transaction.txid)
        #expect(failedOver.via == "devnet" && failedOver.failures.count == 1)
        #expect(failedOver.outcome.txStatus == .seenOnNetwork)

        // A rejection is a verdict about the transaction: no failover.
        let healthyFirst = Broadcaster(primary: try devnet.arc, failover: primary)
        let conflict = try alice.spend([coins[1]], to: [try alice.output(20_000)])
        let verdict = try await healthyFirst.broadcast(conflict.serialized, txid: conflict.transaction.txid)
        #expect(verdict.via == "devnet" && verdict.failures.isEmpty && status(of: verdict.outcome) == 466)
    }

    /// The ARC status of a rejection, or nil.
    private func status(of outcome: ARCClient.SubmitOutcome) -> Int? {
        if case .rejected(let rejection) = outcome { return rejection.status }
        return nil
    }
}
