import Foundation
import HFTestSupport
import Testing

/// `hf-signer init` with the vault, and `wallet create|import|list|show|default`.
@Suite struct WalletCommandTests {
    struct Summary: Decodable, Equatable {
        let walletId: String
        let title: String
        let network: String
        let derivation: String
    }

    static let sampleWalletID = "1402c0b07958d0603c0f9b49ae6788fecee72ff98efd0bf8f9f20d89c8d674d2"

    func initialized() throws -> SignerFixtures {
        let f = try SignerFixtures()
        let result = try f.run(["init"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return f
    }

    func importSample(_ f: SignerFixtures, title: String = "Sample", extra: [String] = []) throws -> BuiltTool.Result {
        let phrase = try f.dir.write("sample-\(UUID().uuidString)", KeysDeriveTests.samplePhrase)
        return try f.run(["wallet", "import", "--title", title, "--mnemonic-file", phrase, "--json"] + extra)
    }

    @Test func importTheSamplePhrase() throws {
        let f = try initialized()
        let result = try importSample(f)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8)) == Summary(
            walletId: Self.sampleWalletID, title: "Sample", network: "main", derivation: "type42"))
        let show = try f.run(["wallet", "show", "--json"])
        #expect(show.stdout.contains("\"identityKey\":\"0242bdc5d667a519ab0c1f0cee6b44fc735a7b48bfdba2a9b20fd594f094bee407\""))
        #expect(show.stdout.contains("\"isDefault\":true"))
        #expect(!show.stdout.contains("abandon"))
    }

    @Test func theSameSeedTwiceIsAClearErrorNotADuplicate() throws {
        let f = try initialized()
        #expect(try importSample(f).exitCode == 0)
        let again = try importSample(f, title: "Again")
        #expect(again.exitCode == 65)
        #expect(again.stderr.contains("already wallet 1402c0b07958d060"))
        let list = try f.run(["wallet", "list", "--json"])
        #expect(list.stdout.components(separatedBy: "walletId").count == 2, "one wallet only")
        // The same seed with a BIP39 passphrase is another wallet.
        let pass = try f.dir.write("bip39pass", "TREZOR")
        #expect(try importSample(f, title: "With passphrase", extra: ["--bip39-passphrase-file", pass]).exitCode == 0)
    }

    @Test func createWritesThePhraseFileAndStoresOnlyCiphertext() throws {
        let f = try initialized()
        let out = f.dir.path("new.mnemonic")
        let result = try f.run(["wallet", "create", "--title", "Fresh", "--words", "24", "--mnemonic-out", out,
                                "--derivation", "bip44", "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let summary = try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
        #expect(summary.derivation == "bip44")
        let phrase = try String(contentsOfFile: out, encoding: .utf8)
        #expect(phrase.split(separator: " ").count == 24)
        let database = try Data(contentsOf: URL(fileURLWithPath: f.home + "/signer.sqlite"))
        let firstWords = phrase.split(separator: " ").prefix(3).joined(separator: " ")
        #expect(database.range(of: Data(firstWords.utf8)) == nil, "the phrase is not in the database in the clear")
        // The file's phrase imports to the same wallet: refused as a duplicate.
        let again = try f.run(["wallet", "import", "--mnemonic-file", out])
        #expect(again.exitCode == 65)
    }

    @Test func createWithoutATerminalOrFileIsAUsageError() throws {
        let f = try initialized()
        let result = try f.run(["wallet", "create"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--mnemonic-out"))
    }

    @Test func wrongStorePassphraseExits77AndStoresNothing() throws {
        let f = try initialized()
        let wrong = try f.dir.write("wrong", "not it")
        let phrase = try f.dir.write("p", KeysDeriveTests.samplePhrase)
        let result = try f.signer.run(["--home", f.home, "--passphrase-file", wrong, "wallet", "import", "--mnemonic-file", phrase])
        #expect(result.exitCode == 77)
        #expect(result.stderr.contains("store passphrase is wrong"))
        #expect(try f.run(["wallet", "list", "--json"]).stdout == "[]\n")
    }

    @Test func defaultAndSelectionByPrefix() throws {
        let f = try initialized()
        #expect(try importSample(f).exitCode == 0)
        let second = try f.run(["wallet", "create", "--title", "Second", "--mnemonic-out", f.dir.path("m2"), "--json"])
        let secondID = try JSONDecoder().decode(Summary.self, from: Data(second.stdout.utf8)).walletId
        #expect(try f.run(["wallet", "show", "--json"]).stdout.contains(Self.sampleWalletID), "first wallet is default")
        #expect(try f.run(["wallet", "default", "--wallet", String(secondID.prefix(10))]).exitCode == 0)
        let show = try f.run(["wallet", "show", "--json"])
        #expect(show.stdout.contains(secondID))
        let shortPrefix = try f.run(["wallet", "show", "--wallet", "1402"])
        #expect(shortPrefix.exitCode == 65)
        #expect(shortPrefix.stderr.contains("at least 8 hex digits"))
        let unknown = try f.run(["wallet", "show", "--wallet", "ffffffffffff"])
        #expect(unknown.exitCode == 65)
        // Wallets are per network.
        #expect(try f.run(["wallet", "list", "--json"], network: "test").stdout == "[]\n")
    }

    @Test func initWithoutAPassphraseSourceOffTerminalIsRefused() throws {
        let f = try SignerFixtures()
        let result = try f.signer.run(["--home", f.home, "init"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--passphrase-file"))
    }
}
