import Foundation
import HFBundles
import HFCrypto
import HFQR
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `CHUNK:` frames (vault-manager's format) of an Atomic BEEF, read by `scan` and imported (issue 30).
@Suite struct ScanChunkTests {
    @Test func aChunkAnimationOfAnAtomicBeefIsScannedAndImported() throws {
        let t = BeefImportTests()
        let s = try t.setup()
        let bump = try s.block.tree.merklePath(indices: [1], blockHeight: 1)
        let atomic = try AtomicBeef(subject: s.pay.txid, beef: Beef(version: .v1, bumps: [bump], transactions: [s.pay]))
        let file = try s.f.write("pay.beef", atomic.serialized)
        let frames = s.f.dir.path("chunks")
        let encoded = try s.f.signer.run(["qr", "encode", file, "--format", "chunk", "--out-dir", frames, "--json"])
        #expect(encoded.exitCode == 0, "stderr: \(encoded.stderr)")
        #expect(encoded.stdout.contains("\"format\":\"chunk\""))
        let count = try FileManager.default.contentsOfDirectory(atPath: frames).count
        #expect(count > 2, "a real CHUNK: animation")
        // The frames as vault-manager makes them: CHUNK:<id>:<i>:<n>:<80 Base64 characters>.
        let series = ChunkSeries(bytes: atomic.serialized, digest: Hash.sha256(atomic.serialized))
        #expect(series.frames.count == count && series.frames.allSatisfy { $0.hasPrefix("CHUNK:") })
        #expect(series.frames.dropLast().allSatisfy { $0.split(separator: ":").last?.count == 80 })
        // Read as text too (pasted), in any order.
        let pasted = try s.f.signer.run(
            ["--home", s.f.home, "--network", "regtest", "--passphrase-file", s.f.passphraseFile, "scan", "--text",
             "--json"], stdin: series.frames.reversed().joined(separator: "\n"))
        #expect(pasted.exitCode == 0, "stderr: \(pasted.stderr)")
        #expect(pasted.stdout.contains("already imported") || pasted.stdout.contains("\"kind\":\"atomic-beef\""))
        let scanned = try s.f.run(["scan", frames, "--json"], network: "regtest")
        #expect(scanned.exitCode == 0, "stderr: \(scanned.stderr)")
        #expect(scanned.stdout.contains("\"kind\":\"atomic-beef\"") && scanned.stdout.contains("\"received\":42000"))
        #expect(try t.balance(s.f).contains("\"confirmed\":42000"))
        // A receipt is not sent as CHUNK: frames.
        let refused = try s.f.signer.run(["qr", "encode", s.f.write("h.hfheaders", SignerFixtures.regtestBundle([s.block])),
                                          "--format", "chunk", "--out-dir", s.f.dir.path("no")])
        #expect(refused.exitCode == 65 && refused.stderr.contains("CHUNK: frames carry an Atomic BEEF"))
    }
}
