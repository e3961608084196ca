import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import HFWallet
import Testing

/// Issue 14, keys in core dumps: `hf-signer send` crashed at its confirmation prompt on a terminal, with cores forced
/// on by the test, writes no core and does not wait in Swift's interactive backtracer; it prints one line and is
/// gone. And the keys it held are zeroized when released: none is left in its memory when it exits.
@Suite(.serialized) struct CrashHygieneTests {
    /// The sample wallet's secrets, computed here from the phrase (BIP39, then BIP32 by hand for the master half).
    struct SampleSecrets {
        let seed: [UInt8]
        let masterKey: [UInt8]
        let chainCode: [UInt8]
        let identityKey: [UInt8]
        /// The compressed public identity key, as `wallet show --json` prints it.
        let identityPublicHex: String

        init() throws {
            let mnemonic = try Mnemonic(phrase: KeysDeriveTests.samplePhrase)
            seed = mnemonic.seed().bytes
            let i = HMAC.sha512(key: Array("Bitcoin seed".utf8), message: seed)
            masterKey = Array(i[0..<32])
            chainCode = Array(i[32..<64])
            let identity = try #require(try ExtendedKey(seed: seed).derived(WalletIdentity.path).privateKey)
            identityKey = identity.rawRepresentation
            identityPublicHex = identity.publicKey.compressed.map { String(format: "%02x", $0) }.joined()
        }

        /// What must never be in a core: the master key, its chain code, the identity key and the seed, each as
        /// its 16-byte halves (quarters of the seed). A freed block's first 16 bytes hold the allocator's list
        /// pointers, so a key left in freed memory unzeroized shows only its second half.
        var keys: [String: [UInt8]] {
            let whole = ["master key": masterKey, "chain code": chainCode, "identity key": identityKey, "seed": seed]
            var parts: [String: [UInt8]] = [:]
            for (name, bytes) in whole {
                for start in stride(from: 0, to: bytes.count, by: 16) {
                    parts["\(name) bytes \(start)..<\(start + 16)"] = Array(bytes[start..<start + 16])
                }
            }
            return parts
        }
    }

    /// A funded sample wallet and a `send` started on a terminal, with cores unlimited, in its own directory,
    /// waiting at the confirmation prompt after the store passphrase was typed (and the payment signed).
    struct SendAtPrompt {
        let fixture: SignerFixtures
        let directory: String
        let send: TerminalProcess

        init() throws {
            let (f, _) = try ReorgLedgerTests.funded([50_000])
            fixture = f
            directory = f.dir.path("cwd")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let to = try ReceiptImportTests.sampleAddress(f, index: 3).description
            send = try TerminalProcess(
                path: f.signer.url.path,
                arguments: [
                    "--home", f.home, "--network", "regtest", "send", "--to", to, "--amount", "10000",
                    "--out", f.dir.path("out.hftx"),
                ],
                directory: directory)
            try #require(send.waitFor("Store passphrase: "), "no passphrase prompt: \(send.text)")
            try #require(send.waitForEchoOff(), "the prompt did not turn echo off: \(send.text)")
            send.type("test store passphrase\n")
            try #require(send.waitFor("[y/N]"), "no confirmation prompt: \(send.text)")
        }
    }

    @Test func theSampleSecretsAreTheWalletsOwn() throws {
        let secrets = try SampleSecrets()
        let f = try ReorgLedgerTests.wallet()
        let shown = try f.run(["wallet", "show", "--json"], network: "regtest")
        #expect(shown.stdout.contains("\"identityKey\":\"\(secrets.identityPublicHex)\""), "\(shown.stdout)")
    }

    /// The forced crash: SIGABRT at the confirmation prompt.
    @Test func abortAtTheConfirmationPromptWritesNoCoreAndEndsAtOnce() throws {
        let run = try SendAtPrompt()
        let limit = try #require(CoreDumpProbe.coreLimit(of: run.send.pid))
        #expect(limit.soft == "0" && limit.hard == "0", "the test raised the limit; the signer must lower it")
        if !CoreDumpProbe.writesIntoWorkingDirectory {
            // This machine's cores go to a pipe or another directory (core_pattern '\(CoreDumpProbe.pattern)'), where
            // the test cannot look: assert the dumpable flag instead of the absence of the file.
            #expect(try CoreDumpProbe.isDumpable(run.send.pid) == false)
        }
        run.send.send(SIGABRT)
        let status = run.send.waitForExit(seconds: 1)
        #expect(status == 128 + SIGABRT, "still running a second after SIGABRT: \(run.send.text)")
        #expect(run.send.text.contains(
            "hf-signer: crashed (signal 6, SIGABRT); no core is written because this program may hold keys"))
        #expect(!run.send.text.contains("Press space"), "Swift's interactive backtracer ran: \(run.send.text)")
        #expect(!run.send.text.contains("Program crashed"), "a backtrace was printed: \(run.send.text)")
        if CoreDumpProbe.writesIntoWorkingDirectory {
            #expect(CoreDumpProbe.cores(in: run.directory).isEmpty)
            #expect(try CoreDumpProbe.controlProcessLeavesCore(in: run.directory, signal: SIGABRT),
                    "the control shell left no core: this test could not have seen the signer's")
        }
        #expect(!FileManager.default.fileExists(atPath: run.fixture.dir.path("out.hftx")), "nothing was kept")
    }

    /// A signal the program does not handle whose default action is a core (SIGSYS): the two limits alone keep
    /// the core away.
    @Test func anUnhandledCoreSignalStillWritesNoCore() throws {
        let run = try SendAtPrompt()
        run.send.send(SIGSYS)
        #expect(run.send.waitForExit(seconds: 10) == 128 + SIGSYS)
        if CoreDumpProbe.writesIntoWorkingDirectory {
            #expect(CoreDumpProbe.cores(in: run.directory).isEmpty)
            #expect(try CoreDumpProbe.controlProcessLeavesCore(in: run.directory, signal: SIGSYS))
        }
    }

    /// While the signer waits for the confirmation the payment is signed; the seed it derived the keys from (and
    /// the vault item holding the phrase) are no longer needed and must be gone from its memory. The keys the
    /// command still holds (master, chain, identity: `SignerWallet` keeps them to the end of the command) are not
    /// asserted here; see the next test.
    @Test func atTheConfirmationPromptTheSeedIsGoneFromMemory() throws {
        let secrets = try SampleSecrets()
        let run = try SendAtPrompt()
        // The control: the scan sees the process's memory (its argv on the stack and its own copies hold `--out`).
        let out = Array(run.fixture.dir.path("out.hftx").utf8)
        var needles = secrets.keys.filter { $0.key.hasPrefix("seed") }
        needles["control"] = out
        let found = try SecretScan.found(in: run.send.pid, needles)
        #expect(found == ["control"], "in memory at the prompt: \(found.sorted())")
        run.send.send(SIGTERM)
        _ = run.send.waitForExit(seconds: 10)
    }

    /// The zeroization measure: `send --yes` stopped by gdb at its `exit_group`, after signing, keeping and
    /// releasing everything; gdb's `gcore` (which works on a non-dumpable process, as root) holds none of the keys.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb"), "needs gdb"))
    func noKeyIsLeftInMemoryWhenSendExits() throws {
        let secrets = try SampleSecrets()
        let (f, _) = try ReorgLedgerTests.funded([50_000])
        let to = try ReceiptImportTests.sampleAddress(f, index: 3).description
        let core = f.dir.path("send.core")
        let gdb = try Subprocess(
            path: "/usr/bin/gdb",
            arguments: [
                "-batch", "-nx", "-readnever", "-ex", "set startup-with-shell off", "-ex", "catch syscall exit_group",
                "-ex", "run", "-ex", "gcore \(core)", "-ex", "kill", "--args", f.signer.url.path,
                "--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile, "send", "--to", to,
                "--amount", "10000", "--yes", "--out", f.dir.path("out.hftx"),
            ],
            // gdb waits for SIGCHLD, which the test runner's threads block.
            defaultSignals: true)
        let result = gdb.finish()
        try #require(FileManager.default.fileExists(atPath: core), "gdb wrote no core: \(result.stdout) \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: f.dir.path("out.hftx")), "send did not finish: \(result.stdout)")
        // The control: the same scan finds the keys in a core of a process that holds them (this test's own memory).
        #expect(SecretScan.found(in: (secrets.masterKey + secrets.chainCode)[...], secrets.keys).count == 4)
        let found = try SecretScan.found(inFile: core, secrets.keys)
        #expect(found.isEmpty, "left in memory at exit: \(found.sorted())")
    }
}
