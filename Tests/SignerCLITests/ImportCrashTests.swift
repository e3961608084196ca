import Foundation
import HFBundles
import HFPrimitives
import HFTestSupport
import Testing

/// Kills `hf-signer import` at random moments, many times: the chain always reopens on a whole bundle boundary with
/// the real hash at its tip, and importing again completes it.
@Suite struct ImportCrashTests {
    @Test func killedImportsAlwaysReopenConsistent() throws {
        guard let headers = try SignerFixtures.mainnetHeaders() else { return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let bundles = try stride(from: 887_001, through: 887_901, by: 100).map { start in
            try f.write("h\(start).hfheaders", SignerFixtures.mainnetBundle(headers, from: start, to: start + 99, encoding: .noPrev48))
        }
        var interrupted = 0
        for iteration in 0..<25 {
            let child = try f.signer.start(["--home", f.home, "import"] + bundles
            )
            usleep(UInt32.random(in: 0...120_000))
            child.send(SIGKILL)
            _ = child.finish()
            if child.wasSignalled { interrupted += 1 }

            let status = try f.run(["headers", "status", "--json"])
            #expect(status.exitCode == 0, "iteration \(iteration): \(status.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let tip = object?["validatedTipHeight"] as? Int ?? -1
            #expect((tip - 887_000) % 100 == 0 && (887_000...888_000).contains(tip), "tip \(tip) is not a bundle boundary")
            let expected = tip == 887_000 ? "00000000000000000c7212aaf757a0e27454fded346baa40e8bd96ef01a83327"
                : headers[tip - 886_001].hash.displayHex
            #expect(object?["validatedTipHash"] as? String == expected, "iteration \(iteration)")
            if tip == 888_000, iteration % 5 == 4 {
                // Start over from the checkpoint so later kills land mid-import again.
                try FileManager.default.removeItem(atPath: f.home)
                #expect(try f.run(["init"]).exitCode == 0)
            }
        }
        #expect(interrupted > 0, "at least one import was killed")
        let finish = try f.run(["import"] + bundles)
        #expect(finish.exitCode == 0, "stderr: \(finish.stderr)")
        let status = try f.run(["headers", "status", "--json"])
        #expect(status.stdout.contains("\"validatedTipHeight\":888000"))
    }
}
