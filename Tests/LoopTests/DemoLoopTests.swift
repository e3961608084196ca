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
        // The lines a person reads (no --json). Funded 150,000 + 50,000; paid 60,000 with a 1-satoshi fee: both
        // sides agree on 139,999. The second update starts where the .hftx said the signer stands (102) and carries
        // only the spend's receipt, which clears the pending payment.
        #expect(output.contains("confirmed:   200000 satoshis in 2 outputs\n"))
        #expect(output.contains("pending out: 60001 satoshis\n"))
        #expect(output.contains(": SEEN_ON_NETWORK via devnet\n"))
        #expect(output.contains(": headers 103…103, 1 receipt ("))
        #expect(output.contains("pending: none\n"))
        #expect(output.contains("confirmed:   139999 satoshis in 2 outputs\npending out: 0 satoshis\n"))
        #expect(output.contains("confirmed: 139999 satoshis; unconfirmed: 0 satoshis\n"))
    }
}
