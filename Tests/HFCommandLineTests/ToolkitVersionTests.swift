import Foundation
import HFCommandLine
import HFTestSupport
import Testing

/// The version is written once (`ToolkitVersion.current`): the programs print it (`SignerLinkageTests` runs
/// `hf-signer --version`), and every man page's title line must name the same one, so a release that changes it
/// cannot leave a page behind (issue 31).
@Suite struct ToolkitVersionTests {
    @Test func theVersionIsMajorMinorPatch() {
        let parts = ToolkitVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(
            parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(ToolkitVersion.current)")
    }

    @Test(arguments: ["man/hf-signer.1", "man/hf-watcher.1", "man/hf-devnet.1", "man/hf-bundles.5"])
    func everyManPageNamesIt(page: String) throws {
        let text = try String(contentsOf: Vectors.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        let title = try #require(text.split(separator: "\n").first { $0.hasPrefix(".TH ") })
        #expect(title.contains("\"hf-airgap \(ToolkitVersion.current)\""), "\(page): \(title)")
    }
}
