import Foundation
import HFTestSupport
import Testing

/// Kills `hf-signer vault migrate` at random moments, many times, across every pair of vault kinds: after each kill
/// every wallet's seed is still in the active vault, readable and matching; rerunning completes; in the end every id
/// is present exactly once with its original bytes.
@Suite struct VaultMigrateCrashTests {
    struct Check: Decodable {
        let kind: String
        let ids: Int
        let missingSeeds: [String]
        let mismatchedSeeds: [String]
        let unreadable: [String]
        let otherVaults: [String: [String]]
        let migration: String?
    }

    /// The vault item of a wallet without a BIP39 passphrase: "HFWS1" ‖ varstr(phrase) ‖ varstr("").
    static func item(_ phrase: String) -> [UInt8] {
        let bytes = Array(phrase.utf8)
        return Array("HFWS1".utf8) + [UInt8(bytes.count)] + bytes + [0]
    }

    @Test func killedMigrationsNeverLoseOrDuplicateASeed() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        var expected: [String: [UInt8]] = [:]
        for index in 0..<6 {
            let out = f.dir.path("w\(index).mnemonic")
            let created = try f.run(["wallet", "create", "--title", "W\(index)", "--mnemonic-out", out, "--json"])
            #expect(created.exitCode == 0, "\(created.stderr)")
            let walletID = try #require(created.stdout.split(separator: "\"").drop { $0 != "walletId" }.dropFirst(2).first)
            let phrase = try String(contentsOfFile: out, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            expected["wallet-\(walletID)"] = Self.item(phrase)
        }
        let cycle = ["file", "single-file", "encrypted"]
        var next = 0
        var interrupted = 0
        for iteration in 0..<36 {
            let pending = try check(f).migration
            let target = pending.map { String($0.split(separator: ">")[1]) } ?? cycle[next % 3]
            if pending == nil { next += 1 }
            let child = try f.signer.start(["--home", f.home, "--passphrase-file", f.passphraseFile, "vault", "migrate",
                                            "--to", target, "--confirm-unencrypted"])
            usleep(UInt32.random(in: 0...350_000))
            child.send(SIGKILL)
            _ = child.finish()
            if child.wasSignalled { interrupted += 1 }
            let state = try check(f)
            #expect(state.missingSeeds.isEmpty && state.mismatchedSeeds.isEmpty && state.unreadable.isEmpty,
                    "iteration \(iteration) → \(target): \(state)")
            #expect(state.ids == expected.count, "iteration \(iteration): the active vault holds every seed")
        }
        #expect(interrupted > 5, "kills landed mid-migration \(interrupted) times")
        // Finish whatever is pending, then land on the file vault to compare the bytes themselves.
        if let pending = try check(f).migration {
            let target = String(pending.split(separator: ">")[1])
            #expect(try f.run(["vault", "migrate", "--to", target, "--confirm-unencrypted"]).exitCode == 0)
        }
        #expect(try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"]).exitCode == 0)
        let final = try check(f)
        #expect(final.kind == "file" && final.migration == nil && final.otherVaults.isEmpty, "exactly once: \(final)")
        let names = try FileManager.default.contentsOfDirectory(atPath: f.home + "/keyshares").sorted()
        #expect(names == expected.keys.sorted(), "no stray or temporary files")
        for (id, bytes) in expected {
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: f.home + "/keyshares/" + id))) == bytes, "\(id)")
        }
    }

    func check(_ f: SignerFixtures) throws -> Check {
        let result = try f.run(["vault", "verify", "--json"])
        return try JSONDecoder().decode(Check.self, from: Data(result.stdout.utf8))
    }
}
