import Foundation
import HFTestSupport
import Testing

/// bsv-sdk's own BRC-100 client (`HTTPWalletJSON`, Python, pinned in `Tests/Interop/requirements.txt`) as the
/// application: `Tests/Interop/brc100_app.py` calls `hf-watcher wallet-api serve`, and this test plays the user,
/// answering each carried call on the signer and delivering the answer. bsv-sdk then verifies the signature itself,
/// and the Atomic BEEF of a `createAction` (its parent's BUMP against the wallet's own headers, every script).
/// The venv is `$HF_INTEROP_VENV` or `.build/interop-venv` (`make interop-venv`; `.ci/run` makes it); without it the
/// test is skipped, unless `HF_REQUIRE_VECTORS=1` (CI), where it fails.
@Suite struct BRC100InteropTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    static var python: String? {
        let venv = ProcessInfo.processInfo.environment["HF_INTEROP_VENV"]
            ?? Vectors.repositoryRoot.appendingPathComponent(".build/interop-venv").path
        let python = venv + "/bin/python"
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }

    @Test func bsvSdksHTTPWalletJSONUsesTheColdWallet() throws {
        guard let python = Self.python else {
            #expect(!Vectors.required, "no bsv-sdk venv: run `make interop-venv` (HF_REQUIRE_VECTORS=1 needs it)")
            return
        }
        let (identity, devnet) = try coldWalletWithACoin(20_000)
        defer { _ = devnet.terminate() }
        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let url = server.url
        let app = try Subprocess(
            path: python,
            arguments: [Vectors.repositoryRoot.appendingPathComponent("Tests/Interop/brc100_app.py").path, url, "--mnemonic", dir.path("m"), "--pay"])

        // The user answers the six calls that need a key as they arrive (the last is the payment).
        var answered: [String] = []
        for _ in 0..<900 where answered.count < 6 {
            Thread.sleep(forTimeInterval: 0.1)
            let pending = (try? JSONSerialization.jsonObject(with: Data(watch(["wallet-api", "pending", "--json"]).stdout.utf8)))
                as? [[String: Any]] ?? []
            for entry in pending {
                guard let file = entry["file"] as? String, let id = entry["callId"] as? String, !answered.contains(id) else { continue }
                #expect(entry["originator"] as? String == "interop.example")
                let out = dir.path(id + ".hfanswer")
                #expect([0, 77].contains(try sign(["call", "answer", file, "--out", out, "--yes"]).exitCode))
                #expect(try watch(["wallet-api", "deliver", out]).exitCode == 0)
                answered.append(id)
            }
        }
        let result = app.finish()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["network"] as? String == "testnet")
        #expect(object["version"] as? String == "hf-airgap-0.1.0")
        #expect((object["height"] as? Int ?? 0) >= 1)
        #expect((object["header"] as? String)?.count == 160)
        #expect(object["identityKey"] as? String == identity)
        #expect(object["authenticated"] as? Bool == true && object["waited"] as? Bool == true)
        let proto = try #require(object["protoWallet"] as? [String: Any], "bsv-sdk's ProtoWallet over the same keys")
        #expect(proto["identityKey"] as? String == identity, "the BRC-100 root is m/13'/0' of the phrase")
        #expect(proto["derivedKey"] as? String == object["derivedKey"] as? String)
        #expect(proto["signature"] as? String == object["signature"] as? String, "the same deterministic signature")
        #expect(proto["protoDecryptsCold"] as? Bool == true && proto["coldDecryptsProto"] as? Bool == true)
        #expect(object["outputs"] as? Int == 1)
        #expect(object["balance"] as? Int == 20_000, "BRC-112: the basket's sum in totalOutputs")
        let listed = try #require(object["listedWithBEEF"] as? [String: Any])
        #expect(listed["outpointTxid"] as? String == listed["beefTxid"] as? String, "\(listed)")
        #expect(listed["verifiedByBsvSdk"] as? Bool == true, "bsv-sdk verifies the listed coin's BEEF against the wallet's headers")
        #expect(object["signatureVerifiedByBsvSdk"] as? Bool == true, "bsv-sdk verifies the cold wallet's signature")
        let refusal = try #require(object["refusal"] as? [String: Any])
        #expect(refusal["status"] as? String == "error" && refusal["code"] as? String == "WERR_NOT_IMPLEMENTED")
        #expect(refusal["isError"] as? Bool == true && (refusal["message"] as? String)?.isEmpty == false, "\(refusal)")
        let action = try #require(object["action"] as? [String: Any])
        #expect(action["beefSubjectMatches"] as? Bool == true && action["paysTheOutput"] as? Bool == true)
        #expect(
            action["verifiedByBsvSdk"] as? Bool == true,
            "bsv-sdk verifies the Atomic BEEF: the parent's BUMP against the wallet's headers, the cold wallet's scripts")
    }
}
