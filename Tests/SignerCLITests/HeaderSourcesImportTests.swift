import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// The `.hfheaders` bundle's optional `sources` (issue 17): the signer shows who agreed on import and never needs it.
@Suite struct HeaderSourcesImportTests {
    /// A regtest bundle of `blocks` from height 1, with `sources` when given.
    static func bundle(_ blocks: [Regtest.Block], sources: [String]?) throws -> [UInt8] {
        try HeadersBundle(
            network: .regtest, checkpoint: HeaderCheckpoint(height: 0, hash: Checkpoint.regtest.hash), startHeight: 1,
            fullHeaders: blocks.map(\.header.serialized), sources: sources
        ).encoded()
    }

    @Test func importShowsTheSourcesThatAgreedAndKeepsTheJSONShape() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let first = try Regtest.mineBlock(on: Checkpoint.regtest.header, transactions: 1)
        let second = try Regtest.mineBlock(on: first.header, transactions: 1)
        let named = try f.write("named.hfheaders", Self.bundle([first], sources: ["junglebus", "whatsonchain"]))
        let shown = try f.run(["import", named], network: "regtest")
        #expect(shown.exitCode == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("1 headers added, 0 replaced (sources that agreed: junglebus, whatsonchain); validated tip 1"))

        // Without the member: accepted, nothing shown about sources; --json keeps its fields.
        let plain = try f.write("plain.hfheaders", Self.bundle([first, second], sources: nil))
        let quiet = try f.run(["import", plain], network: "regtest")
        #expect(quiet.exitCode == 0 && !quiet.stdout.contains("sources"))
        let again = try f.write("again.hfheaders", Self.bundle([first, second], sources: ["whatsonchain"]))
        let json = try f.run(["import", again, "--json"], network: "regtest")
        #expect(json.exitCode == 0, "stderr: \(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["accepted", "kind", "validatedTipHeight"])
    }
}
