import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFProtocols
import HFTestSupport
import QRFixtures
import Testing

/// Issue 14: untrusted text never reaches the terminal raw. Every string field of every bundle kind (and an extra
/// field whose name is hostile) carries ANSI sequences, C0/C1 controls, DEL and bidi overrides; the commands that
/// read them print no byte below 0x20 but the newline, no DEL, no C1 control and no U+202A–E or U+2066–9, on stdout
/// or stderr, with or without `--json`; and no error is Swift enum text.
@Suite(.serialized) struct HostileTextTests {
    /// What a `.hfheaders` with this `network` did to a terminal before: clear the screen, set the title.
    static let hostile = "\u{1b}[2J\u{1b}]0;pwned\u{07}\u{0}\u{7f}\u{9b}31m\u{202e}txt.exe\u{2066}\u{2069}\u{8}\r\t"

    let space: Workspace
    let passphrase: String

    init() throws {
        space = try Workspace()
        passphrase = try space.write("pw", Array("pw\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passphrase)
    }

    // MARK: - Homes

    func sign(_ arguments: [String]) throws -> BuiltTool.Result {
        try signer.run(["--home", space.path("signer"), "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try watcher.run(["--home", space.path("watcher")] + arguments)
    }

    /// A mainnet signer with the sample wallet, and a watcher whose services all point at a closed port.
    func homes() throws {
        #expect(try sign(["init"]).exitCode == 0)
        let phrase = try space.write(
            "phrase", Array("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: phrase)
        #expect(try sign(["wallet", "import", "--mnemonic-file", phrase]).exitCode == 0)
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        let closed = try RefusingPort()
        #expect(try watch(["config", "set", "devnet", "http://127.0.0.1:\(closed.port)"]).exitCode == 0)
    }

    // MARK: - Checks

    /// The characters that must never appear raw.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Swift enum text (`wrongNetwork(expected: …`, `truncated(needed: 4, …`, `oddLength(685)`) or a module-qualified
    /// type name in a message.
    static func enumLeak(in text: String) -> String? {
        for module in ["HFPrimitives.", "HFSPV.", "HFBundles.", "HFWallet.", "HFCrypto.", "HFQR.", "HFSignerCore."]
        where text.contains(module) { return module }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst() where scalars[index] == "(" {
            guard CharacterSet.letters.contains(scalars[index - 1]) else { continue }
            var end = index + 1
            while end < scalars.count, CharacterSet.alphanumerics.contains(scalars[end]) { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            if end < scalars.count, scalars[end] == ":", !word.isEmpty, end + 1 < scalars.count, scalars[end + 1] == " " {
                return word + ":"
            }
            if !word.isEmpty, word.allSatisfy(\.isNumber), end < scalars.count, scalars[end] == ")" { return word }
        }
        return nil
    }

    func expectClean(
        _ result: BuiltTool.Result, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let bad = text.unicodeScalars.filter(Self.isForbidden)
            #expect(bad.isEmpty, "\(label): raw \(bad.map { String($0.value, radix: 16) }) on \(stream): \(text.debugDescription)",
                    sourceLocation: sourceLocation)
        }
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("error:") {
            let leak = Self.enumLeak(in: String(line))
            #expect(leak == nil, "\(label): Swift text \(leak ?? "") in \(line)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Hostile variants

    /// Every variant of `json`: each string leaf (the first two elements of each array) with the hostile text
    /// appended, and an extra member with a hostile name in each object.
    static func variants(of json: [String: Any]) throws -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        func walk(_ value: Any, path: [Any], root: Any) throws {
            switch value {
            case let text as String:
                result.append((describe(path), try encode(replacing(root, at: path, with: text + hostile))))
            case let object as [String: Any]:
                var extended = object
                extended[hostile] = hostile
                result.append((describe(path) + "+extra", try encode(replacing(root, at: path, with: extended))))
                for key in object.keys.sorted() { try walk(object[key]!, path: path + [key], root: root) }
            case let array as [Any]:
                for (index, element) in array.prefix(2).enumerated() { try walk(element, path: path + [index], root: root) }
            default:
                break
            }
        }
        try walk(json, path: [], root: json)
        return result
    }

    static func describe(_ path: [Any]) -> String { path.isEmpty ? "(top)" : path.map { "\($0)" }.joined(separator: ".") }

    static func encode(_ value: Any) throws -> [UInt8] { [UInt8](try JSONSerialization.data(withJSONObject: value)) }

    static func replacing(_ value: Any, at path: [Any], with replacement: Any) -> Any {
        guard let first = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        if let key = first as? String, var object = value as? [String: Any] {
            object[key] = replacing(object[key]!, at: rest, with: replacement)
            return object
        }
        if let index = first as? Int, var array = value as? [Any] {
            array[index] = replacing(array[index], at: rest, with: replacement)
            return array
        }
        return value
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// One valid bundle (or, for kinds a test cannot sign here, a plausible object of that format) per JSON kind,
    /// with the commands that read it.
    static func bundles() throws -> [(kind: String, json: [String: Any], commands: [[String]])] {
        let stamp = "2026-11-30T12:00:00Z"
        let key = "02" + String(repeating: "11", count: 32)
        var kinds: [(String, [String: Any], [[String]])] = [
            ("hfreceipt", try object(BundleFixtures.receipt()), [["import"], ["receipt", "verify"], ["bundle", "inspect"]]),
            ("hfaddrpack", try object(BundleFixtures.addressPack(count: 2)), [["watcher", "import"], ["bundle", "inspect"]]),
            ("hftx", try object(BundleFixtures.transaction()), [["watcher", "broadcast"], ["bundle", "inspect"]]),
            ("hfpayreq", [
                "format": "hfpayreq", "version": 1, "network": "main", "paymail": "alice@example.com", "pubkey": key,
                "outputs": [["script": "76a914000102030405060708090a0b0c0d0e0f1011121388ac", "satoshis": 1000]],
                "reference": "ref-1", "createdAt": stamp,
            ], [["send", "--yes", "--out", "unused.hftx", "--request"], ["bundle", "inspect"]]),
            ("hfauth", [
                "format": "hfauth", "version": 1, "network": "main", "domain": "example.com",
                "callback": "https://example.com/cb", "challenge": "abc", "identityKey": key, "signature": "3006020101020101",
                "createdAt": stamp,
            ], [["import"], ["watcher", "auth", "deliver"]]),
            ("hfsweep", [
                "format": "hfsweep", "version": 1, "network": "main", "createdAt": stamp, "identityKey": key,
                "addresses": ["1BoatSLRHtKNngkdXEeobR76b53LETtpyT"], "signature": "3006020101020101",
            ], [["watcher", "import"], ["import"]]),
            ("hf-walletfile", [
                "format": "hf-walletfile", "version": 1, "walletId": "00", "title": "t", "network": "main", "receipts": [],
            ], [["import"]]),
            ("hf-backup", [
                "format": "hf-backup", "version": 1, "createdAt": stamp,
                "wallets": [["title": "t", "network": "main", "mnemonic": "abandon", "passphrase": ""]],
            ], [["import"], ["bundle", "inspect"]]),
        ]
        if let headers = try BundleFixtures.headers() {
            kinds.append(("hfheaders", try object(headers), [["import"], ["bundle", "inspect"]]))
        } else {
            kinds.append(("hfheaders", [
                "format": "hfheaders", "version": 1, "network": "main",
                "checkpoint": ["height": 0, "hash": BundleFixtures.genesisHash], "startHeight": 1, "encoding": "full80",
                "headers": [String(repeating: "00", count: 80)],
            ], [["import"], ["bundle", "inspect"]]))
        }
        return kinds
    }

    func run(_ command: [String], _ file: String, json: Bool) throws -> BuiltTool.Result {
        let extra = json ? ["--json"] : []
        if command.first == "watcher" { return try watch(Array(command.dropFirst()) + [file] + extra) }
        return try sign(command + [file] + extra)
    }

    // MARK: - Tests

    @Test func everyStringFieldOfEveryBundleKindIsShownEscaped() throws {
        try homes()
        var escapesSeen = 0
        var runs = 0
        for (kind, json, commands) in try Self.bundles() {
            for (index, (label, bytes)) in try Self.variants(of: json).enumerated() {
                let file = try space.write("\(kind)-\(index)", bytes)
                for (number, command) in commands.enumerated() {
                    // Alternate text and --json so both shapes of every error path are seen over the variants.
                    let json = (index + number) % 2 == 1
                    let result = try run(command, file, json: json)
                    runs += 1
                    expectClean(result, "\(kind) \(label) \(command.joined(separator: " "))\(json ? " --json" : "")")
                    if result.stderr.contains("\\u{1b}") || result.stdout.contains("\\u{1b}") { escapesSeen += 1 }
                }
            }
        }
        #expect(runs > 100)
        #expect(escapesSeen > 10, "hostile values are shown (escaped), not silently dropped")
    }

    @Test func binaryBundlesAndQRFramesOfHostileBundlesAreClean() throws {
        try homes()
        // A hostile .hfheaders network, the reproduced case, through qr encode and decode and the importers.
        let headers: [String: Any] = [
            "format": "hfheaders", "version": 1, "network": "\u{1b}[2J\u{1b}]0;pwned\u{07}regtest",
            "checkpoint": ["height": 0, "hash": BundleFixtures.genesisHash], "startHeight": 1, "encoding": "full80",
            "headers": [String(repeating: "00", count: 80)],
        ]
        let file = try space.write("evil.hfheaders", Self.encode(headers))
        let commands = [
            ["import"], ["bundle", "inspect"], ["qr", "encode", "--out-dir", space.path("frames")],
            ["watcher", "qr", "encode", "--out-dir", space.path("watcher-frames")],
        ]
        for command in commands {
            for json in [false, true] {
                let result = try run(command, file, json: json)
                #expect(result.exitCode != 0)
                expectClean(result, "hfheaders \(command)")
            }
        }
        // A valid transaction bundle with a hostile file name in the QR round trip: the reports name it escaped.
        let named = try space.write("x\u{1b}]0;t\u{07}\u{202e}.hftx", BundleFixtures.transaction())
        let encoded = try signer.run(["qr", "encode", named, "--out-dir", space.path("tx-frames")] + space.noHome)
        expectClean(encoded, "qr encode of a hostile name")
        let decoded = try signer.run(
            ["qr", "decode", space.path("tx-frames"), "--out", space.path("back.hftx"), "--json"] + space.noHome)
        expectClean(decoded, "qr decode")
        // Binary kinds: a .bep, a wallet file and BEEF, cut short and with hostile bytes appended.
        let binaries: [(String, [UInt8])] = [
            ("bep", try BundleFixtures.backup()),
            ("walletfile", Array("HFWF1".utf8) + Array(Self.hostile.utf8)),
            ("beef", [0x01, 0x00, 0xbe, 0xef, 0x01] + Array(Self.hostile.utf8)),
            ("atomic", [0x01, 0x01, 0x01, 0x01] + Array(Self.hostile.utf8)),
            ("beef-hex", Array(("0100beef" + "0" + Self.hostile).utf8)),
        ]
        for (name, bytes) in binaries {
            for variant in [Array(bytes.prefix(bytes.count / 2)) + Array(Self.hostile.utf8), bytes + [0xff, 0xfe, 0x1b]] {
                let path = try space.write("\(name).bin", variant)
                for command in [["import"], ["bundle", "inspect"]] {
                    expectClean(try run(command, path, json: false), "\(name) \(command)")
                    expectClean(try run(command, path, json: true), "\(name) \(command) --json")
                }
            }
        }
    }

    /// The paymail reference is printed in the payment's review line; a right-to-left override in it is shown as
    /// `\u{202e}`, not obeyed, on stderr and in the `--json` error message.
    @Test func aRightToLeftOverrideInAPaymailReferenceIsShownEscaped() throws {
        try homes()
        let receiver = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
        let script = TestHex.decode("76a914000102030405060708090a0b0c0d0e0f1011121388ac")
        let request = try PaymentRequestBundle(
            network: .main, paymail: PaymailAddress("alice@example.com"), pubkey: receiver.publicKey,
            outputs: [try PaymentRequestOutput(script: script, satoshis: 10_000)],
            reference: "invoice-\u{202e}fdp.exe", createdAt: try RFC3339Timestamp("2026-11-30T12:00:00Z"))
        let file = try space.write("pay.hfpayreq", request.encoded())
        for json in [false, true] {
            let result = try run(["send", "--yes", "--out", space.path("pay-\(json).hftx"), "--request"], file, json: json)
            expectClean(result, "send --request\(json ? " --json" : "")")
            #expect(result.stderr.contains("invoice-\\u{202e}fdp.exe"), "stderr: \(result.stderr)")
        }
    }

    /// Representative bad inputs whose errors used to print Swift enum text: every one is a sentence.
    @Test func errorsAreSentencesNotSwiftEnumText() throws {
        try homes()
        let receipt = String(decoding: try BundleFixtures.receipt(), as: UTF8.self)
        let pack = try Self.object(BundleFixtures.addressPack(count: 2))
        var testnetPack = pack
        if var entries = pack["entries"] as? [[String: Any]] {
            entries[0]["address"] = "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"
            testnetPack["entries"] = entries
        }
        let cases: [(String, [UInt8], [String])] = [
            ("odd-length hex BEEF", Array(("0100beef" + String(repeating: "0", count: 677)).utf8), ["import"]),
            ("truncated BEEF", [0x01, 0x00, 0xbe, 0xef, 0x01, 0x00], ["import"]),
            ("truncated atomic BEEF", [0x01, 0x01, 0x01, 0x01, 0x00, 0x01], ["import"]),
            ("odd-length rawTx", Array(receipt.replacingOccurrences(of: "\"rawTx\":\"01", with: "\"rawTx\":\"0").utf8),
             ["receipt", "verify"]),
            ("testnet address in a mainnet pack", try Self.encode(testnetPack), ["watcher", "import"]),
            ("testnet address in a mainnet pack (signer)", try Self.encode(testnetPack), ["bundle", "inspect"]),
            ("regtest network", Array(receipt.replacingOccurrences(of: "\"network\":\"main\"", with: "\"network\":\"regtest\"").utf8),
             ["import"]),
        ]
        for (label, bytes, command) in cases {
            let file = try space.write(label.replacingOccurrences(of: " ", with: "-"), bytes)
            for json in [false, true] {
                let result = try run(command, file, json: json)
                #expect(result.exitCode != 0, "\(label)")
                #expect(result.stderr.hasPrefix("error: "), "\(label): \(result.stderr)")
                expectClean(result, label)
                #expect(Self.enumLeak(in: result.stdout) == nil, "\(label): \(result.stdout)")
            }
        }
        // The detector itself catches what the issue reproduced.
        #expect(Self.enumLeak(in: "error: wrongNetwork(expected: HFPrimitives.Network.regtest)") != nil)
        #expect(Self.enumLeak(in: "error: truncated(needed: 4, available: 3)") == "needed:")
        #expect(Self.enumLeak(in: "error: oddLength(685)") == "685")
        #expect(Self.enumLeak(in: "error: the file is not a bundle (.hfheaders, .hftx); check it") == nil)
    }
}
