import Foundation
import HFTestSupport
import Testing

/// `hf-signer keys derive` and `keys identity` run as a user would, checking stdout, stderr and exit codes.
@Suite struct KeysDeriveTests {
    let signer = BuiltTool("hf-signer")
    static let samplePhrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    struct Entry: Decodable, Equatable {
        let index: Int
        let scheme: String
        let reference: String
        let address: String
        let publicKey: String
    }

    func derive(_ phrase: String, passphrase: String? = nil, _ extra: [String]) throws -> [Entry] {
        let dir = try TemporaryDirectory()
        var arguments = ["keys", "derive", "--mnemonic-file", try dir.write("phrase", phrase + "\n"), "--json"]
        if let passphrase { arguments += ["--bip39-passphrase-file", try dir.write("pass", passphrase)] }
        let result = try signer.run(arguments + extra)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try JSONDecoder().decode([Entry].self, from: Data(result.stdout.utf8))
    }

    @Test func bip44ReceiveOfTheSamplePhrase() throws {
        let entries = try derive(Self.samplePhrase, ["--scheme", "bip44", "--count", "2"])
        #expect(entries.count == 2)
        #expect(entries[0] == Entry(
            index: 0, scheme: "bip44", reference: "m/44'/236'/0'/0/0", address: "1K6LZdwpKT5XkEZo2T2kW197aMXYbYMc4f",
            publicKey: "03ded5f2bd986575aa364aafdf80756d8e215752f38a6ab217923a9dc314d37c71"))
        #expect(entries[1].address == "1DhquSu6ky8QQnf88b1d3tRYeUkMLASZg9")
        #expect(entries[1].reference == "m/44'/236'/0'/0/1")
    }

    @Test func type42ReceiveUsesTheInvoiceAsReference() throws {
        let entries = try derive(Self.samplePhrase, ["--scheme", "type42", "--count", "1"])
        #expect(entries.map(\.reference) == ["1-wallet-0"])
        #expect(entries[0].address == "12gn2vxr1r6tbpP7m5X9MhsPV2qmYtgMkB")
        let change = try derive(Self.samplePhrase, ["--scheme", "type42", "--chain", "change", "--start", "4", "--count", "1"])
        #expect(change.map(\.reference) == ["0-change-4"])
        #expect(change[0].address != entries[0].address)
    }

    /// Known answers computed with the independent Python `bip_utils` (BIP44, coin BITCOIN_SV) for random phrases.
    @Test(arguments: [
        ("bread armed honey betray pact elder strike silk harbor fantasy express broom", "",
         ["18FubqpTvFEkWvycBDDpSv7WXxRUBGMqwf", "12jW4W4qS466CXMejAahRjqtJr4GQszzph"],
         ["1PXKKuN1bqs7BrakjZfTpqQ4k1k68PKKxz"]),
        ("easily split indicate property sick earn orbit floor joy plate drill captain elephant riot flavor mercy "
            + "away grocery zero pencil shine tragic company flush", "correct horse",
         ["1M7g36qQZRYnC3WvTWocew4kGUKVQuzgVp", "176368VF2ByETHegnyMwzLswtwWi9ZdX98"],
         ["149p41kWZa5ju7J5R96K79UdirGvFGdaZD"]),
        ("mushroom tribe utility kit yard camera exchange direct invest loan grain cotton october limb zoo rather "
            + "hawk faculty weekend obey evolve devote access traffic", "",
         ["1Drd42M873zR6XfpqyoJLazeK3uoBdZpVk", "1HDzHrAfsMHwmJAHvCmGZ2J6wvvruRMj8M"],
         ["18i9ehg3GCudt9oVeKQWrNE3jSG3hTB29v"]),
    ])
    func bip44AgreesWithAnIndependentImplementation(
        phrase: String, passphrase: String, receive: [String], change: [String]
    ) throws {
        let pass = passphrase.isEmpty ? nil : passphrase
        #expect(try derive(phrase, passphrase: pass, ["--scheme", "bip44", "--count", "2"]).map(\.address) == receive)
        #expect(try derive(phrase, passphrase: pass, ["--scheme", "bip44", "--chain", "change", "--count", "1"])
            .map(\.address) == change)
    }

    @Test func testNetworkAddressesUseTheTestVersion() throws {
        let entries = try derive(Self.samplePhrase, ["--scheme", "bip44", "--count", "3", "--network", "test"])
        #expect(entries.allSatisfy { $0.address.hasPrefix("m") || $0.address.hasPrefix("n") })
        #expect(entries[0].publicKey == "03ded5f2bd986575aa364aafdf80756d8e215752f38a6ab217923a9dc314d37c71")
    }

    @Test func humanOutputIsOneLinePerAddress() throws {
        let dir = try TemporaryDirectory()
        let result = try signer.run(["keys", "derive", "--mnemonic-file", try dir.write("p", Self.samplePhrase),
                                     "--scheme", "bip44", "--start", "0", "--count", "3"])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "m/44'/236'/0'/0/0\t1K6LZdwpKT5XkEZo2T2kW197aMXYbYMc4f")
    }

    @Test func identityOfTheSamplePhrase() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("phrase", Self.samplePhrase)
        let result = try signer.run(["keys", "identity", "--mnemonic-file", file, "--json"])
        #expect(result.exitCode == 0)
        #expect(result.stdout == """
            {"identityKey":"0242bdc5d667a519ab0c1f0cee6b44fc735a7b48bfdba2a9b20fd594f094bee407","network":"main",\
            "walletId":"1402c0b07958d0603c0f9b49ae6788fecee72ff98efd0bf8f9f20d89c8d674d2"}

            """)
        let test = try signer.run(["keys", "identity", "--mnemonic-file", file, "--json", "--network", "test"])
        #expect(test.stdout.contains("\"network\":\"test\""))
        #expect(!test.stdout.contains("1402c0b07958d0603c0f9b49ae6788fecee72ff98efd0bf8f9f20d89c8d674d2"))
        #expect(test.stdout.contains("0242bdc5d667a519ab0c1f0cee6b44fc735a7b48bfdba2a9b20fd594f094bee407"))
    }
}
