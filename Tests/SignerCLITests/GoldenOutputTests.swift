import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// The signer's human screens, whole, against golden files in `Tests/Golden/` (issue 28): `status`, `balance`,
/// the review of a `send`, `pending list`, `history` and `utxos` of one deterministic regtest wallet (the sample
/// phrase, a payment with a fixed outpoint, blocks mined on the regtest genesis). What depends on the run is
/// replaced before the comparison: the fixture's directory by `<DIR>`, an age by `<AGE>` and a time of this century
/// (a payment's signing time; the blocks are from 2011) by `<TIME>` (`GoldenScreens`). A change to a screen is a
/// change to its golden file, reviewed in the diff; `HF_GOLDEN_RECORD=1` rewrites the files.
@Suite struct GoldenOutputTests {
    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    /// The screens of one wallet's life, in order, each as `$ command` then its stdout and stderr.
    static func screens() throws -> String {
        let f = try ReorgLedgerTests.wallet()
        let input = TransactionInput(
            previousOutput: OutPoint(txid: Txid(hashing: [UInt8](repeating: 0x07, count: 32)), vout: 0),
            unlockingScript: Script(bytes: [0x51]))
        let address = try ReceiptImportTests.sampleAddress(f, index: 0)
        let outputs = try [40_000, 25_000].map {
            try TransactionOutput(satoshis: $0, lockingScript: Script(p2pkhPaying: address))
        }
        let block = try SignerFixtures.mineBlock(
            on: Checkpoint.regtest.header, containing: [Transaction(inputs: [input], outputs: outputs).serialized])
        try ReorgLedgerTests.importFiles(f, [
            ("h1", try SignerFixtures.regtestBundle([block])), ("r1", try block.receipt(index: 0, height: 1).encoded()),
        ])
        var screens = GoldenScreens()
        func screen(_ arguments: [String]) throws {
            let result = try f.run(arguments, network: "regtest")
            screens.add(
                "hf-signer", arguments, exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr)
        }
        try screen(["status"])
        try screen(["balance"])
        try screen(
            ["send", "--to", Self.stranger.string, "--amount", "0.0001BSV", "--out", f.dir.path("pay.hftx"), "--yes"])
        try screen(["pending", "list"])
        try screen(["history"])
        try screen(["utxos"])
        try screen(["status"])
        return GoldenScreens.normalized(screens.text, directory: f.dir.path(""))
    }

    @Test func theSignersScreensAreTheGoldenOnes() throws {
        let screens = try Self.screens()
        let mismatch = try GoldenScreens.mismatch(screens, golden: "signer-screens.txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // The run is deterministic: a second wallet's screens are the same text.
        #expect(try Self.screens() == screens)
    }
}
