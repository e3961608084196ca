import Foundation
import HFTestSupport
import Testing

/// Issue 14, the signer's side: every file and directory of the home is created private whatever the umask and
/// checked on every open (77 with the `chmod`/`chown` that fixes it, nothing changed); a failed first `init` leaves
/// nothing behind; a secret file of another user is refused even when running as root.
@Suite struct HomeFilesTests {
    /// `path`'s permission bits and whether it is a directory, for every entry under `root` (relative names).
    func modes(under root: String) throws -> [String: (mode: Int, directory: Bool)] {
        var modes: [String: (mode: Int, directory: Bool)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + name)
            modes[name] = (
                attributes[.posixPermissions] as? Int ?? -1, attributes[.type] as? FileAttributeType == .typeDirectory
            )
        }
        return modes
    }

    @Test(arguments: ["0277", "0000"])
    func everyFileOfTheHomeIs0600AndEveryDirectory0700WhateverTheUmask(umask: String) throws {
        let f = try SignerFixtures()
        let common = ["--home", f.home, "--passphrase-file", f.passphraseFile]
        for arguments in [
            ["init"], ["wallet", "create", "--mnemonic-out", f.dir.path("m")],
            ["vault", "migrate", "--to", "file", "--confirm-unencrypted"], ["balance"],
        ] {
            let run = try f.signer.run(after: "umask \(umask)", common + arguments)
            #expect(run.exitCode == 0, "\(arguments): \(run.stderr)")
        }
        let modes = try modes(under: f.home)
        for name in ["signer.sqlite", "headers-main.dat", "lock", "keyshares"] {
            #expect(modes[name] != nil, "\(name) is in the home")
        }
        #expect(modes.keys.contains { $0.hasPrefix("keyshares/wallet-") })
        for (name, entry) in modes {
            #expect(entry.mode == (entry.directory ? 0o700 : 0o600), "\(name): \(String(entry.mode, radix: 8))")
        }
    }

    @Test(arguments: ["signer.sqlite", "headers-main.dat", "lock"])
    func aHomeFileOthersCanReadIsRefusedWithItsChmodAndNothingChanges(name: String) throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let path = f.home + "/" + name
        #expect(chmod(path, 0o644) == 0)
        let before = try f.homeDigest()
        let refused = try f.run(["wallet", "create", "--mnemonic-out", f.dir.path("m")])
        #expect(refused.exitCode == 77)
        #expect(refused.stderr.contains("'\(path)' in the home is accessible by group or others (mode 0644); "
            + "run `chmod 600 \(path)`"), "\(refused.stderr)")
        #expect(!somethingExists(at: f.dir.path("m")))
        let json = try f.run(["headers", "status", "--json"])
        #expect(json.exitCode == 77)
        #expect(json.stdout.contains("\"code\":\"homeNotPrivate\""), "\(json.stdout)")
        #expect(try f.homeDigest() == before, "a refused home is not written")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o644)
        // The fix the message gives is the whole fix.
        #expect(chmod(path, 0o600) == 0)
        #expect(try f.run(["wallet", "create", "--mnemonic-out", f.dir.path("m")]).exitCode == 0)
    }

    @Test func aVaultItemOthersCanReadIsRefused() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        #expect(try f.run(["wallet", "create", "--mnemonic-out", f.dir.path("m")]).exitCode == 0)
        #expect(try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"]).exitCode == 0)
        let items = try FileManager.default.contentsOfDirectory(atPath: f.home + "/keyshares")
        let item = f.home + "/keyshares/" + (try #require(items.first { $0.hasPrefix("wallet-") }))
        #expect(chmod(item, 0o640) == 0)
        let refused = try f.run(["address", "list", "--json"])
        #expect(refused.exitCode == 77)
        #expect(refused.stderr.contains("run `chmod 600 \(item)`"), "\(refused.stderr)")
    }

    @Test func aFailedFirstInitLeavesNothingBehind() throws {
        let f = try SignerFixtures()
        let parent = f.dir.path("new")
        let home = parent + "/parents/home"
        // A refused passphrase file: the home, its database and header store were made first; all are gone.
        let open = try f.dir.write("open.pw", "pw\n", mode: 0o644)
        let refused = try f.signer.run(["--home", home, "--passphrase-file", open, "init"])
        #expect(refused.exitCode == 77)
        #expect(refused.stderr.contains("chmod 600 \(open)"))
        #expect(!somethingExists(at: parent), "no half home and no parent made for it")
        // A full disk (here: a file size limit of 0) while the database is made: 74, and no empty signer.sqlite.
        let full = try f.signer.run(after: 
            "trap '' XFSZ; ulimit -f 0", ["--home", home, "--passphrase-file", f.passphraseFile, "init"])
        #expect(full.exitCode == 74, "\(full.stderr)")
        #expect(!somethingExists(at: parent), "no 0-byte database left")
        // A home directory the user prepared (empty, 0700) is kept, emptied of what the failed init wrote.
        let prepared = f.dir.path("prepared")
        #expect(mkdir(prepared, 0o700) == 0)
        #expect(try f.signer.run(["--home", prepared, "--passphrase-file", open, "init"]).exitCode == 77)
        #expect(try FileManager.default.contentsOfDirectory(atPath: prepared) == [])
        // The same init without the fault works; a failure later leaves the existing home as it was.
        #expect(try f.signer.run(["--home", home, "--passphrase-file", f.passphraseFile, "init"]).exitCode == 0)
        #expect(try f.signer.run(
            ["--home", home, "--passphrase-file", f.passphraseFile, "wallet", "create", "--mnemonic-out", f.dir.path("m")]
        ).exitCode == 0)
        let password = try f.dir.write("backup.pw", "backup pw\n")
        let bep = f.dir.path("b.bep")
        #expect(try f.signer.run(
            ["--home", home, "--passphrase-file", f.passphraseFile, "backup", "create", "--out", bep, "--password-file", password]
        ).exitCode == 0)
        let kept = try f.signer.run(["--home", home, "--passphrase-file", open, "backup", "restore", bep, "--password-file", password])
        #expect(kept.exitCode == 77)
        #expect(somethingExists(at: home + "/signer.sqlite"), "an existing home is never removed")
        // A restore into a new home that fails removes the home it made.
        let other = f.dir.path("other/home")
        #expect(try f.signer.run(["--home", other, "--passphrase-file", open, "backup", "restore", bep, "--password-file", password])
            .exitCode == 77)
        #expect(!somethingExists(at: f.dir.path("other")))
    }

    @Test func aSecretFileOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { return }  // Only root can give a file away; the suite runs as root in CI.
        let f = try SignerFixtures()
        let theirs = try f.dir.write("theirs.pw", "test store passphrase\n", mode: 0o600)
        #expect(chown(theirs, 65534, 65534) == 0)
        let first = try f.signer.run(["--home", f.home, "--passphrase-file", theirs, "init"])
        #expect(first.exitCode == 77)
        #expect(first.stderr.contains("secret file '\(theirs)' belongs to user 65534"), "\(first.stderr)")
        #expect(!somethingExists(at: f.home), "a refused first init leaves nothing")
        #expect(try f.run(["init"]).exitCode == 0)
        let before = try f.homeDigest()
        let create = try f.signer.run(
            ["--home", f.home, "--passphrase-file", theirs, "wallet", "create", "--mnemonic-out", f.dir.path("m")])
        #expect(create.exitCode == 77)
        #expect(try f.homeDigest() == before)
        #expect(!somethingExists(at: f.dir.path("m")))
        // Any secret read from a file: a recovery phrase too.
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase, mode: 0o600)
        #expect(chown(phrase, 65534, 65534) == 0)
        let identity = try f.signer.run(["keys", "identity", "--mnemonic-file", phrase])
        #expect(identity.exitCode == 77 && identity.stderr.contains("belongs to user 65534"), "\(identity.stderr)")
    }
}
