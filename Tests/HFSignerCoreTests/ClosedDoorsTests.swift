import Foundation
import HFTestSupport
import Testing

/// The signer's doors are closed (issue 31): the executable reaches keys, the vault, the address book and the
/// spending steps only through `SignerWallet`'s use cases, so a command cannot sign without the review and the
/// policy check that `preparePayment`/`signPayment` run. The compiler enforces it while these members stay internal;
/// this test fails when one of them is made public again.
@Suite struct ClosedDoorsTests {
    static func source(_ path: String) throws -> String {
        try String(contentsOf: Vectors.repositoryRoot.appendingPathComponent("Sources/HFSignerCore/" + path), encoding: .utf8)
    }

    @Test func theWalletsKeysVaultBookAndServicesAreInternal() throws {
        let wallet = try Self.source("Session/SignerWallet.swift") + Self.source("Session/SignerWallet+UseCases.swift")
        for member in ["let keys:", "let vault:", "var book:", "var spender:", "var sweeps:"] {
            #expect(wallet.contains("    " + member), "SignerWallet no longer declares \(member)")
            #expect(!wallet.contains("public " + member), "SignerWallet.\(member) is public: keep it internal")
        }
        let spending = try Self.source("Spending/SpendService.swift")
        for step in ["func planPayment(", "func planSplit(", "func sign(_ plan:", "func commit(_ signed:"] {
            #expect(spending.contains(step), "SpendService no longer declares \(step)")
            #expect(!spending.contains("public " + step), "SpendService.\(step) is public: keep it internal")
        }
    }
}
