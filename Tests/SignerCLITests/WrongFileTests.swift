import Foundation
import HFTestSupport
import Testing

/// `hf-signer import` of a file it does not take is refused (65) naming the command that takes it, and of a
/// directory with a sentence; nothing changes and no Foundation text reaches the user (issue 28).
@Suite struct WrongFileTests {
    /// A file of each kind the signer does not import (detection is by `format`; the refusal comes before any
    /// decoding), and what its refusal must name.
    static let cases: [(name: String, bytes: [UInt8], names: String)] = [
        ("t.hftx", json("hftx"), "`hf-watcher broadcast t.hftx`"),
        ("p.hfaddrpack", json("hfaddrpack"), "`hf-watcher import p.hfaddrpack`"),
        ("s.hfsweep", json("hfsweep"), "`hf-watcher import s.hfsweep`"),
        ("s.hfstate", json("hfstate"), "`hf-watcher import s.hfstate`"),
        ("c.hfcall", json("hfcall"), "`hf-signer call answer c.hfcall"),
        ("a.hfanswer", json("hfanswer"), "`hf-watcher wallet-api deliver a.hfanswer`"),
        ("r.hfpayreq", json("hfpayreq"), "`hf-signer send --request r.hfpayreq"),
        ("l.hfauth", json("hfauth"), "`hf-watcher auth deliver l.hfauth`"),
        ("b.bep", Array("HFBK1".utf8) + [UInt8](repeating: 1, count: 64), "`hf-signer backup restore b.bep`"),
        ("d.json", json("hf-backup"), "the signer takes only the encrypted file"),
        ("w.json", json("hf-walletfile"), "the signer takes only the encrypted file"),
    ]

    static func json(_ format: String) -> [UInt8] {
        Array(#"{"format":"\#(format)","network":"regtest","version":1}"#.utf8)
    }

    @Test func everyKindTheSignerDoesNotImportIsDirected() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let before = try f.homeDigest()
        for item in Self.cases {
            let path = try f.write(item.name, item.bytes)
            let refused = try f.signer.run(
                ["--home", f.home, "--passphrase-file", f.passphraseFile, "import", path])
            #expect(refused.exitCode == 65, "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains("does not import"), "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains(item.names.replacingOccurrences(of: item.name, with: path)),
                    "\(item.name): \(refused.stderr)")
            #expect(try f.homeDigest() == before, "\(item.name) changed the home")
        }
    }

    /// `call review|answer` take only an `.hfcall` and `send --request` only an `.hfpayreq`: any other bundle is
    /// refused (65) naming the command that takes it, before a wallet is opened.
    @Test func theCommandsThatTakeOneKindDirectTheOthers() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let before = try f.homeDigest()
        let cases: [(command: [String], name: String, bytes: [UInt8], names: String)] = [
            (["call", "review"], "t.hftx", Self.json("hftx"), "`hf-watcher broadcast t.hftx`"),
            (["call", "answer", "--out", f.dir.path("x.hfanswer")], "r.hfpayreq", Self.json("hfpayreq"),
             "`hf-signer send --request r.hfpayreq"),
            (["call", "review"], "h.hfheaders", Self.json("hfheaders"),
             "this is a run of block headers (.hfheaders): import it with `hf-signer import h.hfheaders`"),
            (["send", "--out", f.dir.path("x.hftx"), "--request"], "c.hfcall", Self.json("hfcall"),
             "`hf-signer call review c.hfcall`"),
            (["send", "--out", f.dir.path("x.hftx"), "--request"], "a.hfanswer", Self.json("hfanswer"),
             "`hf-watcher wallet-api deliver a.hfanswer`"),
        ]
        for item in cases {
            let path = try f.write(item.name, item.bytes)
            let refused = try f.signer.run(
                ["--home", f.home, "--passphrase-file", f.passphraseFile, "--network", "regtest"] + item.command
                    + [path])
            #expect(refused.exitCode == 65, "\(item.command) \(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains(item.names.replacingOccurrences(of: item.name, with: path)),
                    "\(item.command) \(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains("this command takes"), "\(item.name): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: f.dir.path("x.hftx")))
            #expect(try f.homeDigest() == before, "\(item.name) changed the home")
        }
    }

    @Test func aDirectoryIsRefusedInASentence() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let before = try f.homeDigest()
        let refused = try f.signer.run(["--home", f.home, "--passphrase-file", f.passphraseFile, "import", f.dir.path(".")])
        #expect(refused.exitCode == 66, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("is a directory; name the files in it"), "stderr: \(refused.stderr)")
        #expect(!refused.stderr.contains("NSCocoaErrorDomain") && !refused.stderr.contains("Error Domain"))
        #expect(try f.homeDigest() == before)
    }
}
