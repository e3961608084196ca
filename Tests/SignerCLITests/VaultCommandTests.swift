import Foundation
import HFTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `hf-signer vault list|migrate|verify`, and seeds read through the active vault after a migration.
@Suite struct VaultCommandTests {
    struct List: Decodable, Equatable {
        let kind: String
        let ids: [String]
        let migration: String?
    }

    struct Check: Decodable {
        let kind: String
        let ids: Int
        let ok: Bool
        let missingSeeds: [String]
        let mismatchedSeeds: [String]
        let unreadable: [String]
        let orphaned: [String]
        let otherVaults: [String: [String]]
        let migration: String?
    }

    /// A home with the sample wallet and a created one.
    func home() throws -> (SignerFixtures, [String]) {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let phrase = try f.dir.write("sample", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--title", "Sample", "--mnemonic-file", phrase]).exitCode == 0)
        let created = try f.run(["wallet", "create", "--title", "Other", "--mnemonic-out", f.dir.path("other.mnemonic"),
                                 "--json"])
        #expect(created.exitCode == 0, "\(created.stderr)")
        let other = try #require(created.stdout.split(separator: "\"").drop { $0 != "walletId" }.dropFirst(2).first)
        return (f, ["wallet-" + WalletCommandTests.sampleWalletID, "wallet-" + other].sorted())
    }

    func list(_ f: SignerFixtures) throws -> List {
        let result = try f.run(["vault", "list", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try JSONDecoder().decode(List.self, from: Data(result.stdout.utf8))
    }

    func verify(_ f: SignerFixtures) throws -> (Int32, Check) {
        let result = try f.run(["vault", "verify", "--json"])
        return (result.exitCode, try JSONDecoder().decode(Check.self, from: Data(result.stdout.utf8)))
    }

    /// What the sample wallet's first addresses are: needs its seed.
    func addresses(_ f: SignerFixtures) throws -> String {
        let result = try f.run(["address", "list", "--count", "3", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func listShowsIdsOnlyAndNeedsNoPassphrase() throws {
        let (f, ids) = try home()
        #expect(try list(f) == List(kind: "encrypted", ids: ids, migration: nil))
        let bare = try f.signer.run(["--home", f.home, "vault", "list"])
        #expect(bare.exitCode == 0, "no passphrase asked: \(bare.stderr)")
        #expect(bare.stdout == ids.joined(separator: "\n") + "\n")
        #expect(!bare.stdout.contains("abandon") && !bare.stderr.contains("abandon"))
    }

    @Test func migratingThroughEveryKindKeepsEveryWalletAbleToSign() throws {
        let (f, ids) = try home()
        let before = try addresses(f)
        let identity = try f.run(["wallet", "show", "--json"]).stdout
        for (kind, extra) in [("file", ["--confirm-unencrypted"]), ("single-file", ["--confirm-unencrypted"]),
                              ("encrypted", []), ("single-file", ["--confirm-unencrypted"]), ("file", ["--confirm-unencrypted"])] {
            let result = try f.run(["vault", "migrate", "--to", kind, "--json"] + extra)
            #expect(result.exitCode == 0, "→ \(kind): \(result.stderr)")
            #expect(result.stdout.contains("\"copied\":2") && result.stdout.contains("\"deleted\":2"), "\(result.stdout)")
            #expect(try list(f) == List(kind: kind, ids: ids, migration: nil))
            let (code, check) = try verify(f)
            #expect(code == 0 && check.ok && check.ids == 2 && check.otherVaults.isEmpty, "→ \(kind)")
            #expect(try addresses(f) == before, "→ \(kind): the seed is read through the active vault")
            #expect(try f.run(["wallet", "show", "--json"]).stdout == identity)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.home + "/keyshares").sorted() == ids)
        for id in ids {
            let mode = try FileManager.default.attributesOfItem(atPath: f.home + "/keyshares/" + id)[.posixPermissions]
            #expect(mode as? Int == 0o600)
        }
        let again = try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"])
        #expect(again.exitCode == 0 && again.stdout.contains("already active"))
    }

    @Test func fileKindsNeedTheConfirmationFlagAndWarn() throws {
        let (f, ids) = try home()
        for kind in ["file", "single-file"] {
            let refused = try f.run(["vault", "migrate", "--to", kind])
            #expect(refused.exitCode == 64)
            #expect(refused.stderr.contains("UNENCRYPTED") && refused.stderr.contains("--confirm-unencrypted"))
        }
        #expect(try list(f) == List(kind: "encrypted", ids: ids, migration: nil), "nothing changed")
        #expect(!FileManager.default.fileExists(atPath: f.home + "/keyshares"))
        #expect(!FileManager.default.fileExists(atPath: f.home + "/keyshares.vault"))
        let accepted = try f.run(["vault", "migrate", "--to", "single-file", "--confirm-unencrypted"])
        #expect(accepted.exitCode == 0 && accepted.stderr.contains("UNENCRYPTED"))
        #expect(try f.run(["vault", "migrate", "--to", "plaintext"]).exitCode == 64)
    }

    @Test func afterMigrationNoPassphraseIsNeededAndNewWalletsGoToTheActiveVault() throws {
        let (f, ids) = try home()
        let after = try f.run(["vault", "migrate", "--to", "single-file", "--confirm-unencrypted"])
        #expect(after.exitCode == 0, "\(after.stderr)")
        let bare = try f.signer.run(["--home", f.home, "address", "list", "--count", "3", "--json"])
        #expect(bare.exitCode == 0, "\(bare.stderr)")
        let created = try f.run(["wallet", "create", "--title", "Third", "--mnemonic-out", f.dir.path("third")])
        #expect(created.exitCode == 0, "\(created.stderr)")
        let now = try list(f)
        #expect(now.kind == "single-file" && now.ids.count == 3 && Set(ids).isSubset(of: now.ids))
        let backup = try f.dir.write("backup-password", "backup password")
        let created3 = try f.run(["backup", "create", "--out", f.dir.path("all.bep"), "--password-file", backup, "--json"])
        #expect(created3.exitCode == 0 && created3.stdout.contains("\"wallets\":3"), "\(created3.stderr)")
    }

    @Test func verifyReportsAWalletWhoseSeedIsMissingOrWrong() throws {
        let (f, ids) = try home()
        #expect(try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"]).exitCode == 0)
        let sample = f.home + "/keyshares/wallet-" + WalletCommandTests.sampleWalletID
        let other = try #require(ids.first { !$0.hasSuffix(WalletCommandTests.sampleWalletID) })
        // The other wallet's seed under the sample's id: readable, but not the sample's seed.
        try FileManager.default.removeItem(atPath: sample)
        try FileManager.default.copyItem(atPath: f.home + "/keyshares/" + other, toPath: sample)
        var (code, check) = try verify(f)
        #expect(code == 65 && !check.ok)
        #expect(check.mismatchedSeeds == [WalletCommandTests.sampleWalletID])
        try FileManager.default.removeItem(atPath: sample)
        (code, check) = try verify(f)
        #expect(code == 65 && check.missingSeeds == [WalletCommandTests.sampleWalletID] && check.ids == 1)
        let human = try f.run(["vault", "verify"])
        #expect(human.exitCode == 65 && human.stdout.contains("wallet without its seed: \(WalletCommandTests.sampleWalletID)"))
        #expect(try f.run(["address", "list", "--json"]).exitCode == 66, "signing needs the missing seed")
    }

    @Test func aTooOpenVaultDirectoryIsRefused() throws {
        let (f, _) = try home()
        #expect(try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"]).exitCode == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f.home + "/keyshares")
        let refused = try f.run(["address", "list", "--json"])
        #expect(refused.exitCode == 77 && refused.stderr.contains("chmod 700"), "\(refused.stderr)")
        #expect(try f.run(["vault", "verify"]).exitCode == 77)
    }

    @Test func aMigrationAlreadyRunningMakesASecondOneWait() throws {
        let (f, ids) = try home()
        let fd = open(f.home + "/vault.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let busy = try f.run(["vault", "migrate", "--to", "single-file", "--confirm-unencrypted"])
        #expect(busy.exitCode == 75 && busy.stderr.contains("another vault migration"), "\(busy.stderr)")
        close(fd)
        #expect(try list(f) == List(kind: "encrypted", ids: ids, migration: nil))
        let after = try f.run(["vault", "migrate", "--to", "single-file", "--confirm-unencrypted"])
        #expect(after.exitCode == 0, "\(after.stderr)")
    }

    @Test func aWrongStorePassphraseChangesNothing() throws {
        let (f, ids) = try home()
        let wrong = try f.dir.write("wrong-passphrase", "not the store passphrase\n")
        let refused = try f.signer.run(["--home", f.home, "--passphrase-file", wrong, "vault", "migrate", "--to", "file",
                                        "--confirm-unencrypted"])
        #expect(refused.exitCode == 77, "\(refused.stderr)")
        #expect(try list(f) == List(kind: "encrypted", ids: ids, migration: nil))
        #expect(!FileManager.default.fileExists(atPath: f.home + "/keyshares"))
        #expect(try f.signer.run(["--home", f.home, "--passphrase-file", wrong, "vault", "verify"]).exitCode == 77)
    }
}
