import Foundation
import HFBundles
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-watcher broadcast --dry-run FILE.hftx` (issue 16, Review): the watcher's view of the signer's outputs,
/// amounts and fee, and nothing sent: the devnet's mempool is unchanged, then a real broadcast is the control.
@Suite struct BroadcastDryRunLoopTests {
    @Test func aDryRunShowsTheOutputsAndSendsNothing() throws {
        let loop = try PaymailLoopTests()
        try loop.fundedWallet(100_000)
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = loop.dir.path("pay.hftx")
        let sent = try loop.sign(["send", "--yes", "--to", stranger.string, "--amount", "30000", "--out", out, "--json"])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let signed = try loop.json(sent.stdout)
        let signerOutputs = try #require((signed["review"] as? [String: Any])?["outputs"] as? [[String: Any]])
        #expect(loop.chain.mempool.count == 0)

        let dry = try loop.watch(["broadcast", "--dry-run", out, "--json"])
        #expect(dry.exitCode == 0, "stderr: \(dry.stderr)")
        let preview = try loop.json(dry.stdout)
        #expect(Set(preview.keys) == ["broadcast", "fee", "feeRate", "inputs", "nLockTime", "outputs", "signatures", "size", "txid"])
        #expect(preview["signatures"] as? [String: Int] == ["inputs": 1, "notVerified": 0, "verified": 1])
        #expect(preview["broadcast"] as? Bool == false)
        #expect(preview["txid"] as? String == signed["txid"] as? String)
        #expect(preview["fee"] as? Int == signed["fee"] as? Int)
        #expect(JSONTypes.notNumbers(preview, ["fee", "feeRate", "size", "nLockTime"]).isEmpty)
        let outputs = try #require(preview["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["address"] as? String } == signerOutputs.map { $0["address"] as? String })
        #expect(outputs.map { $0["satoshis"] as? Int } == signerOutputs.map { $0["satoshis"] as? Int })
        #expect(outputs[0]["address"] as? String == stranger.string && outputs[0]["watched"] as? Bool == false)
        #expect(outputs.allSatisfy { $0["kind"] as? String == "p2pkh" })
        // The change address is in the signer's address pack: the watcher sees it as watched, with its reference.
        #expect(outputs[1]["watched"] as? Bool == true && outputs[1]["reference"] as? String == "0-change-0",
                "\(outputs[1])")
        #expect(loop.chain.mempool.count == 0, "a dry run sent something")

        let text = try loop.watch(["broadcast", "--dry-run", out])
        #expect(text.exitCode == 0, "stderr: \(text.stderr)")
        #expect(text.stdout.contains("not broadcast (--dry-run)"))
        #expect(text.stdout.contains("  output 0: 0.0003 BSV (30,000 sat) to \(stranger.string), not watched\n"), "\(text.stdout)")
        #expect(loop.chain.mempool.count == 0, "a dry run sent something")

        // The control: the same file broadcast for real reaches the mempool.
        #expect(try loop.watch(["broadcast", out]).exitCode == 0)
        #expect(loop.chain.mempool.count == 1)
    }
}
