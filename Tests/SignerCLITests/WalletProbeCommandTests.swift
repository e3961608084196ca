import Foundation
import HFBundles
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-signer wallet probe` (issue 32): the phrase and passphrase from 0600 files only, no home, centbee only with
/// a PIN, the same addresses `keys derive` gives, a taken `--out` refused with nothing written.
@Suite struct WalletProbeCommandTests {
    let dir: TemporaryDirectory
    let signer = BuiltTool("hf-signer")

    init() throws { dir = try TemporaryDirectory() }

    func derive(_ phrase: String, _ extra: [String], chain: String) throws -> [String] {
        let result = try signer.run(
            ["keys", "derive", "--mnemonic-file", phrase, "--chain", chain, "--network", "regtest", "--json"] + extra)
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return list.compactMap { $0["address"] as? String }
    }

    @Test func everyLayoutIsProbedWithTheAddressesKeysDeriveGives() throws {
        let phrase = try dir.write("phrase", KeysDeriveTests.samplePhrase)
        let pin = try dir.write("pin", "4821")
        let out = dir.path("p.hfprobe")
        let result = try signer.run(
            ["--home", dir.path("nohome"), "--network", "regtest", "wallet", "probe", "--mnemonic-file", phrase,
             "--bip39-passphrase-file", pin, "--out", out])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(out): 200 addresses of hf-airgap, centbee, electrumsv, twetch, yours; probe "))
        #expect(!FileManager.default.fileExists(atPath: dir.path("nohome")))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        let probe = try ProbeBundle(decoding: bytes, expectedNetwork: .regtest)
        #expect(probe.presets.map(\.name) == ["hf-airgap", "centbee", "electrumsv", "twetch", "yours"])
        let centbee = probe.presets[1]
        #expect(centbee.receive.map(\.string) == (try derive(phrase, ["--preset", "centbee", "--bip39-passphrase-file", pin], chain: "receive")))
        #expect(centbee.change.map(\.string) == (try derive(phrase, ["--preset", "centbee", "--bip39-passphrase-file", pin], chain: "change")))
        let own = probe.presets[0]
        #expect(own.receive.map(\.string) == (try derive(phrase, ["--scheme", "type42", "--bip39-passphrase-file", pin], chain: "receive")))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("4821") && !text.contains("abandon"), "no secret in the probe")
        #expect(result.stdout.contains(String(probe.digest.map { String(format: "%02x", $0) }.joined().prefix(16))))
    }

    @Test func badInputIsRefusedAndWritesNothing() throws {
        let phrase = try dir.write("phrase", KeysDeriveTests.samplePhrase)
        let out = dir.path("p.hfprobe")
        let open = try dir.write("open", KeysDeriveTests.samplePhrase, mode: 0o644)
        let exposed = try signer.run(["wallet", "probe", "--mnemonic-file", open, "--out", out])
        #expect(exposed.exitCode == 77, "stderr: \(exposed.stderr)")
        let wrong = try dir.write("wrong", "legal winner thank year wave sausage worth useful legal winner thank thank")
        #expect(try signer.run(["wallet", "probe", "--mnemonic-file", wrong, "--out", out]).exitCode == 65)
        #expect(try signer.run(["wallet", "probe", "--mnemonic-file", phrase]).exitCode == 64)
        #expect(try signer.run(["wallet", "probe", "--out", out]).exitCode == 64)
        #expect(!FileManager.default.fileExists(atPath: out))
        let taken = try dir.write("taken.hfprobe", "keep")
        let refused = try signer.run(["wallet", "probe", "--mnemonic-file", phrase, "--out", taken])
        #expect(refused.exitCode == 73 && refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "keep")
        let noPin = try signer.run(["wallet", "probe", "--mnemonic-file", phrase, "--out", out, "--json"])
        #expect(noPin.exitCode == 0)
        #expect(noPin.stderr.isEmpty || !noPin.stderr.contains("error"))
        let object = try JSONSerialization.jsonObject(with: Data(noPin.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(object["skipped"] as? [String] == ["centbee"])
        #expect(Set(object.keys) == ["addresses", "digest", "file", "presets", "skipped"])
    }
}
