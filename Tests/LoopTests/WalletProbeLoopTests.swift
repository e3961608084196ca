import Foundation
import HFTestSupport
import Testing

/// Issue 32's probe across the air gap on hf-devnet: a phrase paid on one address of the ElectrumSV layout only is
/// probed by the signer (no home needed, nothing stored), looked up by the watcher in bulk, and the signer's import
/// of the answer names exactly that preset with the command to import it, changing nothing in its home.
@Suite struct WalletProbeLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// Every file under the signer's home with its bytes (SQLite's `-shm` index aside).
    func homeFiles() throws -> [String: Data] {
        let root = dir.path("signer")
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: root) ?? FileManager.DirectoryEnumerator()
        where !name.hasSuffix("-shm") {
            var isDirectory: ObjCBool = false
            let path = root + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    @Test func aProbeFindsTheOnePresetWithHistory() throws {
        let phrase = try dir.write("old", "legal winner thank year wave sausage worth useful legal winner thank yellow")
        let derived = try sign(
            ["keys", "derive", "--mnemonic-file", phrase, "--preset", "electrumsv", "--chain", "change", "--start", "2",
             "--count", "1", "--json"])
        let paid = ((try JSONSerialization.jsonObject(with: Data(derived.stdout.utf8)) as? [[String: Any]])?.first?[
            "address"] as? String) ?? ""
        #expect(!paid.isEmpty, "stderr: \(derived.stderr)")

        let probeFile = dir.path("old.hfprobe")
        let probed = try sign(["wallet", "probe", "--mnemonic-file", phrase, "--out", probeFile, "--json"])
        #expect(probed.exitCode == 0, "stderr: \(probed.stderr)")
        let made = object(probed.stdout)
        #expect(made["presets"] as? [String] == ["hf-airgap", "electrumsv", "twetch", "yours"])
        #expect(made["skipped"] as? [String] == ["centbee"])
        #expect(made["addresses"] as? Int == 160)
        let digest = made["digest"] as? String ?? ""
        #expect(!FileManager.default.fileExists(atPath: dir.path("signer")), "a probe needs no home and makes none")
        let probeText = try String(contentsOfFile: probeFile, encoding: .utf8)
        #expect(probeText.contains(paid) && !probeText.contains("legal"))
        let again = try sign(["wallet", "probe", "--mnemonic-file", phrase, "--out", probeFile])
        #expect(again.exitCode == 73, "a taken --out is refused: \(again.stderr)")

        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try BuiltTool("hf-devnet").run(["fund", paid, "30000", "--url", serve.url]).exitCode == 0)
        try setUp(try watch(["init"]), "watch init")
        try setUp(try watch(["config", "set", "devnet", serve.url]), "watch config set")
        let resultFile = dir.path("old.hfproberesult")
        let looked = try watch(["probe", probeFile, "--out", resultFile])
        #expect(looked.exitCode == 0, "stderr: \(looked.stderr)")
        #expect(looked.stdout == """
            hf-airgap: 0 of 40 addresses have history
            electrumsv: 1 of 40 addresses have history
            twetch: 0 of 40 addresses have history
            yours: 0 of 40 addresses have history

            """)
        let wrongWay = try watch(["probe", resultFile, "--out", dir.path("x")])
        #expect(wrongWay.exitCode == 65 && wrongWay.stderr.contains("`hf-signer import"), "\(wrongWay.stderr)")

        try setUp(try sign(["init"]), "sign init")
        let before = try homeFiles()
        let read = try sign(["import", resultFile, "--json"])
        #expect(read.exitCode == 0, "stderr: \(read.stderr)")
        let report = object(read.stdout)
        #expect(report["kind"] as? String == "hfproberesult" && report["probe"] as? String == digest)
        let presets = report["presets"] as? [[String: Any]] ?? []
        #expect(presets.map { $0["name"] as? String } == ["electrumsv"])
        #expect(presets.first?["used"] as? Int == 1 && presets.first?["checked"] as? Int == 40)
        #expect(presets.first?["command"] as? String == "hf-signer wallet import --mnemonic-file F --preset electrumsv")
        let text = try sign(["import", resultFile])
        #expect(text.exitCode == 0)
        #expect(text.stdout.contains("import it with: hf-signer wallet import --mnemonic-file F --preset electrumsv"))
        #expect(text.stdout.contains("probe \(digest.prefix(16))"))
        #expect(!text.stdout.contains("twetch") && !text.stdout.contains("yours"))
        #expect(try homeFiles() == before, "reading a probe result changes nothing in the home")
    }
}
