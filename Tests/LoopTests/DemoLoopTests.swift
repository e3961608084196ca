import Foundation
import HFTestSupport
import Testing

/// The README's main job as an automated test: `samples/demo.sh` runs the whole air-gap loop on the built binaries.
@Suite struct DemoLoopTests {
    @Test func theDemoRunsTheWholeLoop() throws {
        let child = try Subprocess(
            path: "/bin/sh",
            arguments: [Vectors.repositoryRoot.appendingPathComponent("samples/demo.sh").path, BuiltTool.productsDirectory.path])
        let (status, output, messages) = child.finish()
        #expect(status == 0, "stderr: \(messages.suffix(2000))")
        #expect(messages.contains("demo: ok"))
        // Funded 150,000 + 50,000; paid 60,000 with a 1-satoshi fee: both sides agree on 139,999.
        #expect(output.contains("{\"confirmed\":200000,\"pendingOut\":0,\"utxoCount\":2,"))
        #expect(output.contains("\"pendingOut\":60001"))
        #expect(output.contains("{\"confirmed\":139999,\"pendingOut\":0,\"utxoCount\":2,"))
        #expect(output.contains("{\"confirmed\":139999,\"unconfirmed\":0}"))
        #expect(output.contains("\"status\":\"SEEN_ON_NETWORK\""))
    }
}
