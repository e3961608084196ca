import Foundation
import HFTestSupport
import Testing

/// The `--json` shapes of the signer's commands that need no chain (issue 15: numbers are JSON numbers, booleans
/// booleans, strings strings): each command's every field with its type, and nothing else. The commands with a
/// chain (`send`, `pending list`, `auth`) are pinned in `LoopTests/JSONShapes`.
@Suite struct SignerJSONShapeTests {
    /// A derived address, as `keys derive`, `address next|show|list` print it.
    static let address: [String: JSONTypes.Kind] = [
        "index": .number, "scheme": .string, "reference": .string, "address": .string, "publicKey": .string,
    ]

    /// The wallet as `wallet create|import|default` print it.
    static let walletSummary: [String: JSONTypes.Kind] = [
        "walletId": .string, "title": .string, "network": .string, "derivation": .string, "chains": .object,
    ]

    func json(_ result: BuiltTool.Result) -> [String: Any] {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return JSONTypes.object(result.stdout)
    }

    func array(_ result: BuiltTool.Result) -> [[String: Any]] {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return JSONTypes.objects(result.stdout)
    }

    /// The helper itself: on Linux a JSON `1` passes `is Bool` and `true` passes `is NSNumber`; `kind(of:)` tells
    /// them apart, and `notNumbers` refuses strings and booleans.
    @Test func theHelperTellsNumbersFromBooleansAndStrings() {
        let object = JSONTypes.object(#"{"t":true,"f":false,"one":1,"zero":0,"d":1.5,"s":"1","n":null,"a":[1,"x"],"o":{}}"#)
        #expect(JSONTypes.kinds(object) == [
            "t": .boolean, "f": .boolean, "one": .number, "zero": .number, "d": .number, "s": .string, "n": .null,
            "a": .array, "o": .object,
        ])
        #expect(JSONTypes.notNumbers(object, ["one", "zero", "d", "s", "t", "missing"]) == ["s", "t", "missing"])
        #expect(JSONTypes.mismatches(object, ["one": .number, "t": .number, "x": .string]) == [
            "t: number, found boolean", "x: string, found missing",
        ])
        #expect(JSONTypes.elementKinds(object["a"]) == [.number, .string] && JSONTypes.elementKinds(object["o"]) == nil)
    }

    @Test func keysWithoutAHome() throws {
        let f = try SignerFixtures()
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase + "\n")
        for scheme in ["bip44", "type42"] {
            let entries = array(try f.signer.run(
                ["keys", "derive", "--mnemonic-file", phrase, "--scheme", scheme, "--count", "2", "--json"]))
            #expect(entries.count == 2)
            for entry in entries { #expect(JSONTypes.kinds(entry) == Self.address, "\(scheme)") }
            #expect(entries.last?["index"] as? Int == 1)
        }
        let identity = json(try f.signer.run(["keys", "identity", "--mnemonic-file", phrase, "--json"]))
        #expect(JSONTypes.kinds(identity) == ["identityKey": .string, "walletId": .string, "network": .string])
        let generated = json(try f.signer.run(["keys", "generate-mnemonic", "--out", f.dir.path("new"), "--json"]))
        #expect(JSONTypes.kinds(generated) == ["file": .string, "words": .number])
        #expect(generated["words"] as? Int == 24)
    }

    @Test func homeWalletsAndAddresses() throws {
        let f = try SignerFixtures()
        let initialized = json(try f.run(["init", "--json"]))
        #expect(JSONTypes.kinds(initialized) == ["home": .string, "network": .string, "validatedTipHeight": .number])
        #expect(initialized["validatedTipHeight"] as? Int == 887_000)

        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase + "\n")
        let imported = json(try f.run(["wallet", "import", "--title", "Shapes", "--mnemonic-file", phrase, "--json"]))
        #expect(JSONTypes.kinds(imported) == Self.walletSummary)
        // Our own chains, as two path strings (issue 32).
        #expect(imported["chains"] as? [String: String] == ["receive": "m/44'/236'/0'/0", "change": "m/44'/236'/0'/1"])
        let list = array(try f.run(["wallet", "list", "--json"]))
        #expect(list.count == 1)
        #expect(JSONTypes.kinds(list.first ?? [:]) == Self.walletSummary.merging(["isDefault": .boolean]) { a, _ in a })
        let show = json(try f.run(["wallet", "show", "--json"]))
        #expect(JSONTypes.kinds(show) == Self.walletSummary.merging(
            ["isDefault": .boolean, "identityKey": .string, "createdAt": .string]) { a, _ in a })
        #expect(show["isDefault"] as? Bool == true)

        let next = json(try f.run(["address", "next", "--json"]))
        #expect(JSONTypes.kinds(next) == Self.address)
        let listed = array(try f.run(["address", "list", "--count", "2", "--json"]))
        #expect(listed.count == 2 && listed.allSatisfy { JSONTypes.kinds($0) == Self.address })

        let pending = array(try f.run(["pending", "list", "--json"]))
        #expect(pending.isEmpty, "no payment yet; the entries' shape is pinned in LoopJSONShapeTests")

        let vault = json(try f.run(["vault", "list", "--json"]))
        #expect(JSONTypes.kinds(vault) == ["kind": .string, "ids": .array, "migration": .null])
        #expect(JSONTypes.elementKinds(vault["ids"]) == [.string])
        let check = json(try f.run(["vault", "verify", "--json"]))
        #expect(JSONTypes.mismatches(check, [
            "kind": .string, "ids": .number, "ok": .boolean, "unreadable": .array, "missingSeeds": .array,
            "mismatchedSeeds": .array, "orphaned": .array,
        ]) == [])
        let migration = json(try f.run(["migrate", "status", "--json"]))
        #expect(JSONTypes.kinds(migration) == [
            "launchState": .string, "done": .boolean, "deferredUnknownChain": .boolean, "deferredFailure": .boolean,
            "migratedCount": .number,
        ])
        let moved = json(try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted", "--json"]))
        #expect(JSONTypes.kinds(moved) == [
            "active": .string, "alreadyPresent": .number, "copied": .number, "deleted": .number, "from": .string,
            "to": .string,
        ])
        let exported = json(try f.run(["export", "wallet", "--out", f.dir.path("w.hfwallet"), "--json"]))
        #expect(JSONTypes.kinds(exported) == ["file": .string, "walletId": .string])

        // A failure's --json result is the error object, its exit a number equal to the process's.
        let failed = try f.run(["receipt", "verify", f.dir.path("missing.hfreceipt"), "--json"])
        #expect(failed.exitCode != 0)
        let error = JSONTypes.object(failed.stdout)["error"] as? [String: Any] ?? [:]
        #expect(JSONTypes.kinds(error) == ["code": .string, "exit": .number, "message": .string], "\(failed.stdout)")
        #expect(error["exit"] as? Int == Int(failed.exitCode))

        // A second wallet (removing the only one is a wipe), removed again; then the wipe.
        let other = try f.dir.write("other", MessageWallet.otherPhrase + "\n")
        let second = json(try f.run(["wallet", "import", "--title", "Other", "--mnemonic-file", other, "--json"]))
        let removed = json(try f.run(["wallet", "remove", second["walletId"] as? String ?? "", "--json"]))
        #expect(JSONTypes.kinds(removed) == ["legacyAccountsRemoved": .number, "walletIdsRemoved": .array])
        #expect(JSONTypes.elementKinds(removed["walletIdsRemoved"]) == [.string])
        let wiped = json(try f.run(["wipe", "--reason", "delete-all", "--confirm", "--json"]))
        #expect(JSONTypes.kinds(wiped) == ["legacyAccountsRemoved": .number, "reason": .string, "walletsRemoved": .number])
    }

    @Test func messages() throws {
        let w = try MessageWallet()
        let message = try w.file("msg", "numbers are numbers\n")
        let signed = json(try w.run(["message", "sign", message, "--json"]))
        #expect(JSONTypes.kinds(signed) == ["signature": .string, "address": .string, "publicKey": .string, "key": .string])
        let signature = signed["signature"] as? String ?? ""
        let verified = json(try w.f.signer.run(
            ["message", "verify", message, "--signature", signature, "--pubkey", w.identityKey, "--json"]))
        #expect(JSONTypes.kinds(verified) == [
            "valid": .boolean, "recoveredPublicKey": .string, "recoveredAddress": .string,
        ])
        #expect(verified["valid"] as? Bool == true)

        let encrypted = json(try w.run(["message", "encrypt", message, "--to", w.identityKey, "--json"]))
        #expect(JSONTypes.kinds(encrypted) == ["scheme": .string, "ciphertext": .string])
        let ciphertext = try w.file("ct", encrypted["ciphertext"] as? String ?? "")
        let decrypted = json(try w.run(["message", "decrypt", ciphertext, "--json"]))
        #expect(JSONTypes.mismatches(decrypted, ["scheme": .string, "plaintext": .string, "plaintextBase64": .string]) == [])
        #expect(decrypted["plaintext"] as? String == "numbers are numbers\n")
    }
}
