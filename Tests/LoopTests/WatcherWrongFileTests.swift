import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-watcher import` of a file it does not take is refused (65) naming the command that takes it; a signer secret
/// is refused saying what it is and that it should not be on the online machine; a directory gets a sentence.
/// Nothing is stored in any case (issue 28).
@Suite struct WatcherWrongFileTests {
    static func json(_ format: String) -> [UInt8] {
        Array(#"{"format":"\#(format)","network":"regtest","version":1}"#.utf8)
    }

    static let directed: [(name: String, bytes: [UInt8], names: String)] = [
        ("t.hftx", json("hftx"), "this is a signed transaction (.hftx): broadcast it with `hf-watcher broadcast t.hftx`"),
        ("a.hfanswer", json("hfanswer"), "`hf-watcher wallet-api deliver a.hfanswer`"),
        ("c.hfcall", json("hfcall"), "`hf-signer call answer c.hfcall"),
        ("h.hfheaders", json("hfheaders"), "`hf-signer import h.hfheaders`"),
        ("r.hfreceipt", json("hfreceipt"), "`hf-signer import r.hfreceipt`"),
        ("u.hfupdate", json("hfupdate"), "`hf-signer import u.hfupdate`"),
        ("x.beef", [0x01, 0x00, 0xbe, 0xef, 0x00], "`hf-signer import x.beef`"),
        ("r.hfpayreq", json("hfpayreq"), "`hf-signer send --request r.hfpayreq"),
        ("l.hfauth", json("hfauth"), "`hf-watcher auth deliver l.hfauth`"),
    ]

    static var secrets: [(name: String, bytes: [UInt8], what: String)] {
        let key = [UInt8](repeating: 0x11, count: 32)
        let phrase = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about\n"
        return [
            ("b.bep", Array("HFBK1".utf8) + [UInt8](repeating: 1, count: 64), "the signer's encrypted backup"),
            ("w.hfwallet", Array("HFWF1".utf8) + [UInt8](repeating: 1, count: 64), "the signer's encrypted wallet file"),
            ("d.json", json("hf-backup"), "the signer's decrypted backup"),
            ("phrase.txt", Array(phrase.utf8), "a recovery phrase (12 words)"),
            ("key.wif", Array(Base58.encodeCheck([0xef] + key + [0x01]).utf8), "a private key (WIF)"),
            ("key.xprv", Array(Base58.encodeCheck([0x04, 0x88, 0xad, 0xe4] + [UInt8](repeating: 0, count: 42) + key).utf8),
             "an extended private key"),
            ("seed.txt", Array(String(repeating: "0001", count: 12).utf8), "a SeedQR"),
            ("seed.bin", [UInt8](repeating: 0x80, count: 16), "a compact SeedQR"),
        ]
    }

    @Test func wrongFilesAreDirectedAndSecretsRefusedChangingNothing() throws {
        let dir = try TemporaryDirectory()
        let watcher = BuiltTool("hf-watcher")
        let home = dir.path("home")
        #expect(try watcher.run(["--home", home, "--network", "regtest", "init"]).exitCode == 0)
        // The first command that locks the home creates its (empty) lock file: the baseline is taken after one.
        #expect(try watcher.run(["--home", home, "import", dir.path("missing.hfaddrpack")]).exitCode != 0)
        let before = try WatcherHomeNetworkTests.digest(home)
        for item in Self.directed {
            let path = dir.path(item.name)
            try Data(item.bytes).write(to: URL(fileURLWithPath: path))
            let refused = try watcher.run(["--home", home, "import", path])
            #expect(refused.exitCode == 65, "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains(item.names.replacingOccurrences(of: item.name, with: path)),
                    "\(item.name): \(refused.stderr)")
        }
        for item in Self.secrets {
            let path = dir.path(item.name)
            try Data(item.bytes).write(to: URL(fileURLWithPath: path))
            let refused = try watcher.run(["--home", home, "import", path])
            #expect(refused.exitCode == 65, "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains("this is \(item.what)"), "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains("should not be on the online machine"), "\(item.name): \(refused.stderr)")
            #expect(refused.stderr.contains("Nothing was stored"), "\(item.name): \(refused.stderr)")
        }
        // The commands that take one kind: `broadcast --dry-run` a .hftx, `auth deliver` a .hfauth (both need only
        // the home); each other kind is directed, each secret refused as one.
        let taking: [(command: [String], kind: String)] = [
            (["broadcast", "--dry-run"], "hftx"), (["auth", "deliver"], "hfauth"),
        ]
        for (command, kind) in taking {
            for item in Self.directed where !item.name.hasSuffix("." + kind) {
                let path = dir.path(item.name)
                let refused = try watcher.run(["--home", home] + command + [path])
                #expect(refused.exitCode == 65, "\(command) \(item.name): \(refused.stderr)")
                #expect(refused.stderr.contains(item.names.replacingOccurrences(of: item.name, with: path)),
                        "\(command) \(item.name): \(refused.stderr)")
                #expect(refused.stderr.contains("this command takes"), "\(command) \(item.name): \(refused.stderr)")
            }
            for item in Self.secrets {
                let refused = try watcher.run(["--home", home] + command + [dir.path(item.name)])
                #expect(refused.exitCode == 65, "\(command) \(item.name): \(refused.stderr)")
                #expect(refused.stderr.contains("should not be on the online machine"),
                        "\(command) \(item.name): \(refused.stderr)")
            }
        }
        let pack = dir.path("p.hfaddrpack")
        try Data(Self.json("hfaddrpack")).write(to: URL(fileURLWithPath: pack))
        let packRefused = try watcher.run(["--home", home, "broadcast", "--dry-run", pack])
        #expect(packRefused.exitCode == 65)
        #expect(packRefused.stderr.contains(
            "this is an address pack (.hfaddrpack): import it with `hf-watcher import \(pack)`"),
                "stderr: \(packRefused.stderr)")
        let directory = try watcher.run(["--home", home, "import", dir.path(".")])
        #expect(directory.exitCode == 65, "stderr: \(directory.stderr)")
        #expect(directory.stderr.contains("is a directory: name the bundle files in it"), "stderr: \(directory.stderr)")
        #expect(!directory.stderr.contains("Error Domain"))
        let after = try WatcherHomeNetworkTests.digest(home)
        #expect(after == before, "the refusals changed \(after.keys.filter { after[$0] != before[$0] }.sorted())")
    }
}
