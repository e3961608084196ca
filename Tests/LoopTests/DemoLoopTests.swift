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
        #expect(output.contains("confirmed:   0.002 BSV (200,000 sat) in 2 outputs\n"), "\(output)")
        #expect(output.contains("pending out: 0.00060001 BSV (60,001 sat)\n"))
        #expect(output.contains(": SEEN_ON_NETWORK via devnet\n"))
        #expect(output.contains(": header 103, 1 receipt ("))
        #expect(output.contains("pending: none\n"))
        #expect(output.contains("confirmed:   0.00139999 BSV (139,999 sat) in 2 outputs\npending out: 0 BSV (0 sat)\n"))
        #expect(output.contains("confirmed: 0.00139999 BSV (139,999 sat); unconfirmed: 0 BSV (0 sat)\n"))
        // The history and both status screens close the story.
        #expect(output.contains("\n103\tsent\t-0.00060001 BSV (60,001 sat)\tfee 1 sat\tto "))
        #expect(output.contains("\nnext: nothing to do\n"), "the signer is current")
        #expect(output.contains("\n  update:      1 header and 1 receipt to carry\n"), "the watcher knows the .hftx's state")
    }
}
