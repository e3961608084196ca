import Foundation
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 14: homes anywhere. A symbolic link above the home (a `/home` or `~/.local` on another disk) once broke
/// both programs ("unable to open database file", a 0-byte `signer.sqlite` left behind). Here the whole loop runs in
/// homes under a linked parent and under a linked `XDG_DATA_HOME`, on the devnet over loopback; and the watcher's
/// own files are checked like the signer's.
@Suite struct LinkedParentHomeLoopTests {
    /// A regtest address of no wallet here (the Bitcoin wiki's example key).
    static let stranger = "n1KSZGmQgB8iSZqv6UVhGkCGUbEdw8Lm3Q"

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test func theLoopRunsInHomesUnderALinkedParent() throws {
        let loop = try PaymailLoopTests(homesUnderALink: true)
        let dir = loop.dir
        let initialised = try loop.sign(["init", "--json"])
        #expect(initialised.exitCode == 0, "stderr: \(initialised.stderr)")
        // The home is used through its resolved path: the link is followed once, never inside the home.
        #expect(try loop.json(initialised.stdout)["home"] as? String == dir.path("disk/signer"))
        #expect(somethingExists(at: dir.path("disk/signer/signer.sqlite")))

        // Signer: wallet, addrpack; watcher: init, config, import; devnet funds; watcher syncs and exports; signer
        // imports the headers and receipts (PaymailLoopTests.fundedWallet, whose init is a no-op now).
        try loop.fundedWallet(80_000)
        #expect(somethingExists(at: dir.path("disk/watcher/watcher.sqlite")))
        #expect(try loop.sign(["balance", "--json"]).stdout.contains("\"confirmed\":80000"))

        // Send, broadcast, mine, and the spend's receipt back to the signer.
        let sent = try loop.sign(
            ["send", "--to", Self.stranger, "--amount", "30000", "--out", dir.path("pay.hftx"), "--yes", "--json"])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let broadcast = try loop.watch(["broadcast", dir.path("pay.hftx"), "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        _ = try loop.chain.mine(1)
        try loop.syncToSigner(receipts: "r2")
        let balance = try loop.sign(["balance", "--json"]).stdout
        #expect(balance.contains("\"pendingOut\":0"), "\(balance)")
        #expect(try loop.watch(["balance", "--json"]).exitCode == 0)

        // Backup: create, verify, and restore into a new home under the same link.
        let password = try dir.write("backup.pw", "backup pw\n")
        let bep = dir.path("w.bep")
        #expect(try loop.sign(["backup", "create", "--out", bep, "--password-file", password]).exitCode == 0)
        #expect(try BuiltTool("hf-signer").run(["backup", "verify", bep, "--password-file", password]).exitCode == 0)
        let restored = try BuiltTool("hf-signer").run([
            "--home", loop.homes + "/restored", "--network", "regtest", "--passphrase-file", loop.passphrase,
            "backup", "restore", bep, "--password-file", password,
        ])
        #expect(restored.exitCode == 0, "stderr: \(restored.stderr)")
        #expect(somethingExists(at: dir.path("disk/restored/signer.sqlite")))
    }

    @Test func anXDGDataHomeUnderALinkWorksForBothPrograms() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("disk"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir.path("local"), withDestinationPath: dir.path("disk"))
        let passphrase = try dir.write("store.pw", "pw\n")
        // No --home: $XDG_DATA_HOME/<program>, with XDG_DATA_HOME itself a link (a ~/.local on another disk).
        let environment = ["XDG_DATA_HOME": dir.path("local/share"), "HOME": dir.path("nohome")]
        let signer = BuiltTool("hf-signer")
        let initialised = try signer.run(
            ["--network", "regtest", "--passphrase-file", passphrase, "init", "--json"], environment: environment)
        #expect(initialised.exitCode == 0, "stderr: \(initialised.stderr)")
        #expect(try object(initialised.stdout)["home"] as? String == dir.path("disk/share/hf-signer"))
        let created = try signer.run(
            ["--network", "regtest", "--passphrase-file", passphrase, "wallet", "create", "--mnemonic-out", dir.path("m")],
            environment: environment)
        #expect(created.exitCode == 0, "stderr: \(created.stderr)")
        let pack = try signer.run(
            ["--network", "regtest", "--passphrase-file", passphrase, "export", "addrpack", "--out", dir.path("p")],
            environment: environment)
        #expect(pack.exitCode == 0, "stderr: \(pack.stderr)")
        let identity = try signer.run(
            ["--network", "regtest", "--passphrase-file", passphrase, "wallet", "show", "--json"], environment: environment)
        let key = try #require(try object(identity.stdout)["identityKey"] as? String)

        let watcher = BuiltTool("hf-watcher")
        let watcherInit = try watcher.run(["--network", "regtest", "init", "--json"], environment: environment)
        #expect(watcherInit.exitCode == 0, "stderr: \(watcherInit.stderr)")
        #expect(try object(watcherInit.stdout)["home"] as? String == dir.path("disk/share/hf-watcher"))
        let imported = try watcher.run(
            ["--network", "regtest", "import", dir.path("p"), "--trust-identity", key, "--json"], environment: environment)
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(try watcher.run(["--network", "regtest", "balance", "--json"], environment: environment).exitCode == 0)
        #expect(!somethingExists(at: dir.path("nohome")), "HOME is not used when XDG_DATA_HOME is set")
    }

    @Test func aWatcherHomeIsPrivateWhateverTheUmaskATooOpenFileIsRefusedAndAFailedInitLeavesNothing() throws {
        let dir = try TemporaryDirectory()
        let watcher = BuiltTool("hf-watcher")
        let home = dir.path("watcher")
        // Created 0600 whatever the umask (0277 would leave umask-narrowed files unwritable: 0400).
        for arguments in [["init"], ["config", "set", "poll.seconds", "5"]] {
            let run = try watcher.run(after: "umask 0277", ["--home", home, "--network", "regtest"] + arguments)
            #expect(run.exitCode == 0, "\(arguments): \(run.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
        #expect(names.contains("watcher.sqlite") && names.contains("lock") && names.contains("headers-regtest.dat"))
        for name in names {
            #expect(try FileManager.default.attributesOfItem(atPath: home + "/" + name)[.posixPermissions] as? Int == 0o600, "\(name)")
        }
        let database = home + "/watcher.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(chmod(database, 0o644) == 0)
        let refused = try watcher.run(["--home", home, "--network", "regtest", "config", "set", "poll.seconds", "7"])
        #expect(refused.exitCode == 77)
        #expect(refused.stderr.contains("run `chmod 600 \(database)`"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "a refused home is not written")
        #expect(chmod(database, 0o600) == 0)
        #expect(try watcher.run(["--home", home, "--network", "regtest", "config", "set", "poll.seconds", "7"]).exitCode == 0)

        // A full disk (a file size limit of 0) during a first init: 74, and no home, no parent, no empty database.
        let full = try watcher.run(
            after: "trap '' XFSZ; ulimit -f 0", ["--home", dir.path("new/home"), "--network", "regtest", "init"])
        #expect(full.exitCode == 74, "\(full.stderr)")
        #expect(!somethingExists(at: dir.path("new")))
    }
}
