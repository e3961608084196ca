import Foundation
import HFPrimitives
import HFTestSupport
import RegtestFixtures
import Testing

/// Issue 27, "only a person or an explicit --yes signs": every command that signs, answers or writes a secret,
/// run without a terminal (the test's stdin is a pipe) and without `--yes`, is refused with 64 naming `--yes`; no
/// file is written and the home is byte-for-byte unchanged. With `--yes` the same command succeeds.
@Suite struct ConsentTests {
    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    /// Runs `arguments` without `--yes` (refused, nothing changed), then with it (done).
    func refusedThenDone(
        _ f: SignerFixtures, _ arguments: [String], out: String, network: String = "regtest",
        run: (([String]) throws -> BuiltTool.Result)? = nil
    ) throws {
        let invoke = run ?? { try f.run($0, network: network) }
        let before = try f.homeDigest()
        let refused = try invoke(arguments)
        #expect(refused.exitCode == 64, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr.contains("--yes"), "the refusal names --yes: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote \(out)")
        #expect(try f.homeDigest() == before, "\(arguments) changed the home")
        let done = try invoke(arguments + ["--yes"])
        #expect(done.exitCode == 0, "\(arguments) --yes: \(done.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func sendWithoutATerminalNeedsYes() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000, 100_000])
        let out = f.dir.path("a.hftx")
        try refusedThenDone(f, ["send", "--to", Self.stranger.string, "--amount", "1000", "--out", out], out: out)
        // The JSON form is refused the same way (the review would be in its result).
        let json = f.dir.path("b.hftx")
        try refusedThenDone(f, ["send", "--to", Self.stranger.string, "--amount", "1000", "--out", json, "--json"], out: json)
    }

    @Test func splitWithoutATerminalNeedsYes() throws {
        let (f, block) = try ReorgLedgerTests.funded([100_000])
        let txid = Txid(hashing: block.transactions[0]).displayHex
        let out = f.dir.path("s.hftx")
        try refusedThenDone(f, ["split", "--outpoint", "\(txid):0", "--outputs", "3", "--out", out], out: out)
    }

    @Test func authApproveAndScanWithoutATerminalNeedYes() throws {
        let s = try ScanFixtures()
        let out = s.f.dir.path("a.hfauth")
        try refusedThenDone(s.f, ["auth", "approve", "--text", ScanFixtures.authPayload, "--out", out], out: out)
        let scanned = s.f.dir.path("b.hfauth")
        let image = try s.plainImage("auth.png", ScanFixtures.authPayload)
        try refusedThenDone(s.f, [image, "--out", scanned], out: scanned, run: { try s.scan($0) })
    }

    @Test func scanOfAPaymentURIWithoutATerminalNeedsYes() throws {
        let s = try ScanFixtures()
        try s.fund()
        let out = s.f.dir.path("pay.hftx")
        let uri = "bitcoin:\(Self.stranger.string)?amount=0.0003"
        try refusedThenDone(s.f, ["--text", "--out", out], out: out, run: { try s.scan($0, stdin: uri + "\n") })
    }

    @Test func showSeedToAFileWithoutATerminalNeedsYes() throws {
        let (f, _) = try SeedQRCommandTests.home(with: SeedQRCommandTests.phrase12)
        let out = f.dir.path("seed.png")
        try refusedThenDone(f, ["wallet", "show-seed", "--seedqr", "--out", out], out: out, network: "main")
    }
}
