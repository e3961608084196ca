import Foundation
import HFBundles
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// `export wallet` / `import F`: an encrypted wallet file synced between two homes that share the vault key.
@Suite struct WalletFileLoopTests {
    @Test func roundTripBetweenHomesAndRefusals() throws {
        let loop = try PaymailLoopTests()
        let dir = loop.dir
        func sign(_ home: String, _ arguments: [String]) throws -> BuiltTool.Result {
            try BuiltTool("hf-signer").run(
                ["--home", dir.path(home), "--network", "regtest", "--passphrase-file", loop.passphrase] + arguments)
        }
        #expect(try sign("signer", ["init"]).exitCode == 0)
        #expect(try sign("signer", ["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        // The first export creates the vault key; a copy of the home made now shares it.
        let first = try sign("signer", ["export", "wallet", "--out", dir.path("w0.hfwallet"), "--json"])
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        try FileManager.default.copyItem(atPath: dir.path("signer"), toPath: dir.path("twin"))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dir.path("twin"))

        // The original learns coins and hands out addresses; the twin does not.
        #expect(try loop.watch(["init"]).exitCode == 0)
        #expect(try loop.watch(["config", "set", "devnet", loop.url]).exitCode == 0)
        let identity = try loop.json(sign("signer", ["wallet", "show", "--json"]).stdout)["identityKey"] as! String
        #expect(try sign("signer", ["export", "addrpack", "--out", dir.path("p")]).exitCode == 0)
        #expect(try loop.watch(["import", dir.path("p"), "--trust-identity", identity]).exitCode == 0)
        let next = try loop.json(sign("signer", ["address", "next", "--json"]).stdout)["address"] as! String
        _ = try sign("signer", ["address", "next"])
        _ = try loop.chain.fund(address: Address(string: next, network: .regtest), satoshis: 42_000)
        try loop.syncToSigner(receipts: "r1")
        let balance = try sign("signer", ["balance", "--json"]).stdout
        #expect(balance.contains("\"confirmed\":42000"))

        let exported = try sign("signer", ["export", "wallet", "--out", dir.path("w1.hfwallet")])
        #expect(exported.exitCode == 0, "stderr: \(exported.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path("w1.hfwallet"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("w1.hfwallet"))))
        #expect(bytes.starts(with: Array("HFWF1".utf8)))
        #expect(try BundleKind.detect(bytes) == .walletFile)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("hfreceipt"), "the content is encrypted")

        // Tampered: refused, nothing changes on the twin.
        var tampered = bytes
        tampered[60] ^= 1
        try Data(tampered).write(to: URL(fileURLWithPath: dir.path("t.hfwallet")))
        let refused = try sign("twin", ["import", dir.path("t.hfwallet")])
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("does not authenticate"))
        #expect(try sign("twin", ["balance", "--json"]).stdout.contains("\"confirmed\":0"))

        // Genuine: the twin gets the receipts (the header chain lets it verify them once headers arrive) and indexes.
        let imported = try sign("twin", ["import", dir.path("r1.hfheaders"), dir.path("w1.hfwallet"), "--json"])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("\"kind\":\"hfwallet\""))
        #expect(try sign("twin", ["balance", "--json"]).stdout == balance)
        let twinNext = try loop.json(sign("twin", ["address", "next", "--json"]).stdout)["address"] as! String
        let originalNext = try loop.json(sign("signer", ["address", "next", "--json"]).stdout)["address"] as! String
        #expect(twinNext == originalNext)
        #expect(try sign("twin", ["import", dir.path("w1.hfwallet")]).stdout.contains("0 new of 1"), "idempotent")

        // Another home with the same wallet but its own key: refused (no key, then wrong key).
        #expect(try sign("other", ["init"]).exitCode == 0)
        #expect(try sign("other", ["wallet", "import", "--mnemonic-file", dir.path("m")]).exitCode == 0)
        let noKey = try sign("other", ["import", dir.path("w1.hfwallet")])
        #expect(noKey.exitCode == 65)
        #expect(noKey.stderr.contains("no key"))
        #expect(try sign("other", ["export", "wallet", "--out", dir.path("o.hfwallet")]).exitCode == 0)
        let wrongKey = try sign("twin", ["import", dir.path("o.hfwallet")])
        #expect(wrongKey.exitCode == 65)
        #expect(wrongKey.stderr.contains("does not authenticate"))
        // A home without the wallet.
        #expect(try sign("empty", ["init"]).exitCode == 0)
        #expect(try sign("empty", ["import", dir.path("w1.hfwallet")]).exitCode == 65)
    }
}
