import Foundation
import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// `hf-signer policy set|show|clear` through the built binary (issue 16): the policy passphrase from a 0600 file,
/// exit 77 for a wrong one and for a refused payment (the store byte-identical), 65 for the store passphrase.
@Suite struct PolicyCommandTests {
    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    func json(_ text: String) throws -> [String: Any] {
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    @Test func setShowRefuseAndClearWithThePolicyPassphraseFile() throws {
        let (f, _) = try BackupCommandTests().fundedHome()
        let words = try f.dir.write("policy-words", "policy words\n")
        let set = try f.run(
            ["policy", "set", "--max-per-tx", "10000", "--max-per-window", "15000", "--window", "144",
             "--policy-passphrase-file", words, "--json"], network: "regtest")
        #expect(set.exitCode == 0, "stderr: \(set.stderr)")
        let shown = try json(try f.run(["policy", "show", "--json"], network: "regtest").stdout)
        #expect(shown["set"] as? Bool == true && shown["maxPerTransaction"] as? Int == 10_000)
        let window = shown["window"] as? [String: Any]
        #expect(window?["blocks"] as? Int == 144 && window?["leftSatoshis"] as? Int == 15_000)
        #expect(window?["spentSatoshis"] as? Int == 0 && shown["validatedTipHeight"] as? Int == 1)

        // A payment above the cap: 77, the rule and figures named, nothing written.
        let before = try f.homeDigest()
        let out = f.dir.path("over.hftx")
        let refused = try f.run(
            ["send", "--to", Self.stranger.string, "--amount", "12000", "--out", out, "--yes", "--json"],
            network: "regtest")
        #expect(refused.exitCode == 77, "stderr: \(refused.stderr)")
        let error = try json(refused.stdout)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "policyMaxPerTransaction")
        #expect((error?["message"] as? String)?.contains("0.00012 BSV (12,000 sat)") == true)
        #expect((error?["message"] as? String)?.contains("limit of 0.0001 BSV (10,000 sat)") == true)
        #expect(try f.homeDigest() == before, "a refused payment changed the store")
        #expect(!FileManager.default.fileExists(atPath: out))
        let human = try f.run(["send", "--to", Self.stranger.string, "--amount", "12000", "--out", out, "--yes"], network: "regtest")
        #expect(human.exitCode == 77 && human.stderr.hasPrefix("error: the spending policy refuses this payment"))

        // Issue 27: the fee counts against every cap: 1000 satoshis with a fee of about 11,000 is refused under a
        // 10,000 cap (it was signed before).
        let costly = try f.run(
            ["send", "--to", Self.stranger.string, "--amount", "1000", "--fee-rate", "50000", "--out", out, "--yes"],
            network: "regtest")
        #expect(costly.exitCode == 77, "stderr: \(costly.stderr)")
        #expect(costly.stderr.contains("0.00001 BSV (1,000 sat) to external outputs and") && costly.stderr.contains("in fee"),
                "\(costly.stderr)")
        #expect(try f.homeDigest() == before && !FileManager.default.fileExists(atPath: out))

        // Within the cap it signs; the window then shows what left, its fee included.
        let sent = try f.run(
            ["send", "--to", Self.stranger.string, "--amount", "9000", "--out", out, "--yes", "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let fee = try #require(try json(sent.stdout)["fee"] as? Int)
        #expect(fee > 0)
        let after = try json(try f.run(["policy", "show", "--json"], network: "regtest").stdout)
        #expect((after["window"] as? [String: Any])?["spentSatoshis"] as? Int == 9_000 + fee)
        let text = try f.run(["policy", "show"], network: "regtest")
        #expect(text.stdout.contains("\(9000 + fee) spent, \(6000 - fee) left"), "\(text.stdout)")

        // A wrong policy passphrase: 77, the policy unchanged; a 0644 file is refused too.
        let wrong = try f.dir.write("wrong-words", "guess\n")
        let lifted = try f.run(
            ["policy", "set", "--max-per-tx", "1000000", "--policy-passphrase-file", wrong], network: "regtest")
        #expect(lifted.exitCode == 77 && lifted.stderr.contains("wrong policy passphrase"), "stderr: \(lifted.stderr)")
        let open = try f.dir.write("open-words", "policy words\n", mode: 0o644)
        #expect(try f.run(["policy", "clear", "--policy-passphrase-file", open], network: "regtest").exitCode == 77)
        #expect(try json(try f.run(["policy", "show", "--json"], network: "regtest").stdout)["maxPerTransaction"] as? Int == 10_000)
        // The store passphrase is not the policy passphrase.
        #expect(try f.run(["policy", "clear", "--policy-passphrase-file", f.passphraseFile], network: "regtest").exitCode == 77)

        // Issue 27: the policy is in every backup; leaving it out needs the policy passphrase.
        let password = try f.dir.write("backup-password", "backup pw")
        let kept = f.dir.path("kept.bep")
        #expect(try f.run(["backup", "create", "--out", kept, "--password-file", password], network: "regtest").exitCode == 0)
        let g = try SignerFixtures()
        #expect(try g.run(["backup", "restore", kept, "--password-file", password], network: "regtest").exitCode == 0)
        let restoredPolicy = try json(try g.run(["policy", "show", "--json"], network: "regtest").stdout)
        #expect(restoredPolicy["maxPerTransaction"] as? Int == 10_000, "\(restoredPolicy)")
        let dropped = f.dir.path("dropped.bep")
        for file in [wrong, f.passphraseFile] {
            let refusedBackup = try f.run(
                ["backup", "create", "--out", dropped, "--password-file", password, "--exclude-policy",
                 "--policy-passphrase-file", file], network: "regtest")
            #expect(refusedBackup.exitCode == 77, "\(refusedBackup.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dropped))
        }
        #expect(try f.run(
            ["backup", "create", "--out", dropped, "--password-file", password, "--exclude-policy",
             "--policy-passphrase-file", words], network: "regtest").exitCode == 0)
        let h = try SignerFixtures()
        #expect(try h.run(["backup", "restore", dropped, "--password-file", password], network: "regtest").exitCode == 0)
        #expect(try json(try h.run(["policy", "show", "--json"], network: "regtest").stdout)["set"] as? Bool == false)

        let cleared = try f.run(["policy", "clear", "--policy-passphrase-file", words], network: "regtest")
        #expect(cleared.exitCode == 0, "stderr: \(cleared.stderr)")
        #expect(try json(try f.run(["policy", "show", "--json"], network: "regtest").stdout)["set"] as? Bool == false)
    }

    /// Issue 27: a policy row deleted or changed with sqlite3 (outside hf-signer) is detected against the copy in
    /// the encrypted vault: signing is refused (77) until `policy set` with the policy passphrase — checked against
    /// the vault's copy, so a new passphrase of someone else's is refused — puts it back.
    @Test func aPolicyRowDeletedOutsideTheSignerRefusesSigning() throws {
        let (f, _) = try BackupCommandTests().fundedHome()
        let words = try f.dir.write("policy-words", "policy words\n")
        #expect(try f.run(["policy", "set", "--max-per-tx", "10000", "--policy-passphrase-file", words],
                          network: "regtest").exitCode == 0)
        // Like `sqlite3 signer.sqlite "…"`: a connection of its own for each edit, closed after it.
        func sqlite(_ statement: String) throws { try Database(path: f.home + "/signer.sqlite").execute(statement) }
        try sqlite("DELETE FROM spending_policy")
        let out = f.dir.path("lifted.hftx")
        let lifted = try f.run(["send", "--to", Self.stranger.string, "--amount", "12000", "--out", out, "--yes"], network: "regtest")
        #expect(lifted.exitCode == 77 && lifted.stderr.contains("does not match the one kept in the encrypted vault"),
                "\(lifted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let small = try f.run(["send", "--to", Self.stranger.string, "--amount", "1000", "--out", out, "--yes"], network: "regtest")
        #expect(small.exitCode == 77, "nothing is signed while the policy is missing: \(small.stderr)")
        // Nor do the routes around a policy open: a backup (it would carry no policy), a wipe, showing the seed.
        let before = try f.homeDigest()
        let password = try f.dir.write("backup-password", "backup pw")
        func inode() -> Int { ((try? FileManager.default.attributesOfItem(atPath: f.home + "/signer.sqlite"))?[.systemFileNumber] as? Int) ?? -1 }
        let inode0 = inode()
        let backup = try f.run(["backup", "create", "--out", f.dir.path("x.bep"), "--password-file", password], network: "regtest")
        #expect(backup.exitCode == 77 && !FileManager.default.fileExists(atPath: f.dir.path("x.bep")), "\(backup.stderr)")
        #expect(inode() == inode0, "backup replaced the store")
        let guess = try f.dir.write("guess-words", "guess\n")
        let wiped = try f.run(["wipe", "--reason", "debug-reset", "--policy-passphrase-file", guess], network: "regtest")
        #expect(wiped.exitCode == 77, "\(wiped.stderr)")
        #expect(inode() == inode0, "wipe replaced the store")
        let seed = try f.run(["wallet", "show-seed", "--seedqr", "--out", f.dir.path("s.png"), "--yes",
                              "--policy-passphrase-file", guess], network: "regtest")
        #expect(seed.exitCode == 77 && !FileManager.default.fileExists(atPath: f.dir.path("s.png")), "\(seed.stderr)")
        #expect(inode() == inode0, "show-seed replaced the store")
        let after = try f.homeDigest()
        #expect(after == before, "\(Set(after.keys).union(before.keys).filter { after[$0] != before[$0] })")
        let theirs = try f.dir.write("their-words", "their own words\n")
        let taken = try f.run(["policy", "set", "--max-per-tx", "1000000", "--policy-passphrase-file", theirs], network: "regtest")
        #expect(taken.exitCode == 77 && taken.stderr.contains("wrong policy passphrase"), "\(taken.stderr)")
        #expect(try f.run(["policy", "set", "--max-per-tx", "10000", "--policy-passphrase-file", words],
                          network: "regtest").exitCode == 0)
        #expect(try f.run(["send", "--to", Self.stranger.string, "--amount", "12000", "--out", out, "--yes"],
                          network: "regtest").exitCode == 77)
        // A changed row (the cap raised with sqlite3) is refused too.
        try sqlite("UPDATE spending_policy SET max_per_tx = 1000000")
        let visible = try f.run(["policy", "show", "--json"], network: "regtest").stdout
        #expect(visible.contains("1000000"), "the UPDATE is not visible: \(visible)")
        let raised = try f.run(["send", "--to", Self.stranger.string, "--amount", "1000", "--out", out, "--yes"],
                               network: "regtest")
        #expect(raised.exitCode == 77 && raised.stderr.contains("encrypted vault"), "\(raised.stderr)")
        #expect(try f.run(["policy", "set", "--max-per-tx", "10000", "--policy-passphrase-file", words],
                          network: "regtest").exitCode == 0)
        let signed = try f.run(["send", "--to", Self.stranger.string, "--amount", "1000", "--out", out, "--yes"], network: "regtest")
        #expect(signed.exitCode == 0, "\(signed.stderr)")
    }

    @Test func theStorePassphraseCannotBeThePolicyPassphraseAndBadRulesAreUsageErrors() throws {
        let (f, _) = try BackupCommandTests().fundedHome()
        let before = try f.homeDigest()
        let same = try f.run(
            ["policy", "set", "--max-per-tx", "1000", "--policy-passphrase-file", f.passphraseFile], network: "regtest")
        #expect(same.exitCode == 65 && same.stderr.contains("must differ from the store passphrase"), "\(same.stderr)")
        #expect(try f.homeDigest() == before)
        for (arguments, message) in [
            (["--window", "144"], "go together"),
            (["--max-per-window", "5", "--window", "0"], "--window must be"),
            (["--allowlist-only"], "needs at least one --allow"),
            (["--allow", "not-an-address"], "is not a P2PKH address"),
            ([String](), "give at least one rule"),
        ] {
            let result = try f.run(["policy", "set"] + arguments, network: "regtest")
            #expect(result.exitCode == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try f.homeDigest() == before)
    }
}
