import Foundation
import HFQR
import HFTestSupport
import Testing

/// `wallet show-seed --seedqr|--compact-seedqr` and `wallet import --seedqr IMAGE|--camera` (issue 18), against the
/// test vectors of SeedSigner's SeedQR specification, through PNG and zbar.
@Suite struct SeedQRCommandTests {
    /// Test vector 4 (12 words).
    static let phrase12 = "forum undo fragile fade shy sign arrest garment culture tube off merit"
    static let digits12 = "073318950739065415961602009907670428187212261116"
    static let compact12: [UInt8] = [
        0x5b, 0xbd, 0x9d, 0x71, 0xa8, 0xec, 0x79, 0x90, 0x83, 0x1a, 0xff, 0x35, 0x9d, 0x42, 0x65, 0x45,
    ]
    /// Test vector 2 (24 words; a NUL in the compact bytes).
    static let phrase24 = "atom solve joy ugly ankle message setup typical bean era cactus various odor refuse element "
        + "afraid meadow quick medal plate wisdom swap noble shallow"
    static let digits24 =
        "011416550964188800731119157218870156061002561932122514430573003611011405110613292018175411971576"
    static let compact24: [UInt8] = [
        0x0e, 0x59, 0xdd, 0xe2, 0x76, 0x00, 0x93, 0x17, 0xf1, 0x27, 0x5f, 0x13, 0x89, 0x88, 0x80, 0x78,
        0xc9, 0x93, 0x68, 0xd1, 0xe8, 0x24, 0x89, 0xb5, 0xf6, 0x29, 0x53, 0x1f, 0xc5, 0xb6, 0xa5, 0x6e,
    ]
    /// Test vector 6 (12 words; `\n` and NUL in the compact bytes).
    static let phrase6 = "approve fruit lens brass ring actual stool coin doll boss strong rate"
    static let compact6: [UInt8] = [
        0x0a, 0xcb, 0xba, 0x00, 0x8d, 0x9b, 0xa0, 0x05, 0xf5, 0x99, 0x6b, 0x40, 0xa3, 0x47, 0x5c, 0xd9,
    ]

    /// 18 words (entropy 24 × 0x07): valid BIP39, but no SeedQR exists for it.
    static let phrase18 = "alpha deal scrub asthma idea logic bright thought alpha deal scrub asthma idea logic bright "
        + "thought alpha differ"

    /// An initialized home holding the wallet of `phrase` (imported from a 0600 file), and its wallet ID.
    static func home(with phrase: String? = nil, extra: [String] = []) throws -> (SignerFixtures, String?) {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        guard let phrase else { return (f, nil) }
        let file = try f.dir.write("phrase", phrase)
        let result = try f.run(["wallet", "import", "--mnemonic-file", file, "--json"] + extra)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return (f, try walletID(result.stdout))
    }

    static func walletID(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["walletId"] as? String, "\(json)")
    }

    /// Writes `png` as a 0600 (or `mode`) file of `f`'s directory.
    static func image(_ f: SignerFixtures, _ name: String, _ png: [UInt8], mode: Int = 0o600) throws -> String {
        let path = try f.write(name, png)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    static func standardPNG(_ digits: String) throws -> [UInt8] {
        let version = digits.count == 48 ? 2 : 3
        return try QRImage.png(for: QRSymbol(numeric: Array(digits.utf8), errorCorrection: .low, version: version))
    }

    static func compactPNG(_ bytes: [UInt8]) throws -> [UInt8] {
        try QRImage.png(for: QRSymbol(bytes: bytes, errorCorrection: .low, version: bytes.count == 16 ? 1 : 2))
    }

    static func scan(_ path: String) throws -> [[UInt8]] {
        try QRScanner.decode(imageFile: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    // MARK: - show-seed: known answers

    @Test(arguments: [(phrase12, digits12, 2, 25), (phrase24, digits24, 3, 29)])
    func showSeedWritesTheSpecsStandardDigits(phrase: String, digits: String, version: Int, size: Int) throws {
        let (f, id) = try Self.home(with: phrase)
        let out = f.dir.path("seed.png")
        let result = try f.run(["wallet", "show-seed", "--seedqr", "--yes", "--out", out, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let words = digits.count / 4
        #expect(result.stdout == "{\"file\":\"\(out)\",\"kind\":\"standard\",\"version\":\(version),"
            + "\"walletId\":\"\(try #require(id))\",\"words\":\(words)}\n")
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
        #expect(try Self.scan(out) == [Array(digits.utf8)])
        let image = try QRImage.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == (size + 8) * QRImage.defaultPixelsPerModule, "\(size)x\(size) modules")
        #expect(!result.stderr.contains(phrase.prefix(12)) && !result.stderr.contains(digits.prefix(12)))
    }

    @Test(arguments: [(phrase12, compact12, 21), (phrase6, compact6, 21), (phrase24, compact24, 25)])
    func showSeedWritesTheSpecsCompactBytes(phrase: String, bytes: [UInt8], size: Int) throws {
        let (f, _) = try Self.home(with: phrase)
        let out = f.dir.path("seed.png")
        let result = try f.run(["wallet", "show-seed", "--compact-seedqr", "--yes", "--out", out])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Compact SeedQR of the \(phrase.split(separator: " ").count)-word phrase"))
        #expect(try Self.scan(out) == [bytes], "NUL, \\n and \\r come back exactly")
        let image = try QRImage.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == (size + 8) * QRImage.defaultPixelsPerModule)
    }

    // MARK: - import: known answers and round trips

    @Test(arguments: [(phrase12, digits12, compact12), (phrase24, digits24, compact24)])
    func importReadsBothKindsOfTheSpecsSymbols(phrase: String, digits: String, bytes: [UInt8]) throws {
        let (_, expected) = try Self.home(with: phrase)
        for png in [try Self.standardPNG(digits), try Self.compactPNG(bytes)] {
            let (f, _) = try Self.home()
            let image = try Self.image(f, "seedqr.png", png)
            let result = try f.run(["wallet", "import", "--title", "From SeedQR", "--seedqr", image, "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try Self.walletID(result.stdout) == expected)
            #expect(result.stdout.contains("\"title\":\"From SeedQR\""))
        }
    }

    /// Issue 27: a SeedQR image given through a symbolic link is refused with the reason (secret files must be
    /// regular files); nothing is imported.
    @Test func aSeedQRImageThroughASymbolicLinkIsRefused() throws {
        let (f, _) = try Self.home()
        let image = try Self.image(f, "seedqr.png", try Self.standardPNG(Self.digits12))
        let link = f.dir.path("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: image)
        let before = try f.homeDigest()
        let result = try f.run(["wallet", "import", "--seedqr", link, "--json"])
        #expect(result.exitCode == 66, "\(result.stderr)")
        #expect(result.stdout.contains("is a symbolic link; secret files must be regular files"), "\(result.stdout)")
        #expect(try f.homeDigest() == before)
    }

    @Test(arguments: ["--seedqr", "--compact-seedqr"])
    func showSeedThenImportIsTheSameWallet(kind: String) throws {
        let (f, id) = try Self.home(with: Self.phrase6)
        let out = f.dir.path("seed.png")
        #expect(try f.run(["wallet", "show-seed", kind, "--yes", "--out", out]).exitCode == 0)
        let (g, _) = try Self.home()
        let result = try g.run(["wallet", "import", "--seedqr", out, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try Self.walletID(result.stdout) == id)
    }

    @Test func aBIP39PassphraseIsWarnedAboutAndCanBeGivenOnImport() throws {
        let (f, passphraseFile) = try { () throws -> (SignerFixtures, String) in
            let f = try SignerFixtures()
            return (f, try f.dir.write("bip39", "TREZOR"))
        }()
        #expect(try f.run(["init"]).exitCode == 0)
        let phrase = try f.dir.write("phrase", Self.phrase12)
        let imported = try f.run(["wallet", "import", "--mnemonic-file", phrase, "--bip39-passphrase-file",
                                  passphraseFile, "--json"])
        let out = f.dir.path("seed.png")
        let shown = try f.run(["wallet", "show-seed", "--seedqr", "--yes", "--out", out])
        #expect(shown.exitCode == 0)
        #expect(shown.stderr.contains("also has a BIP39 passphrase, which a SeedQR does not hold"), "\(shown.stderr)")
        let (g, _) = try Self.home()
        let again = try g.run(["wallet", "import", "--seedqr", out, "--bip39-passphrase-file", passphraseFile,
                               "--json"])
        #expect(try Self.walletID(again.stdout) == Self.walletID(imported.stdout))
    }

    @Test func scanningASeedQRPointsToWalletImport() throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        for png in [try Self.standardPNG(Self.digits12), try Self.compactPNG(Self.compact6)] {
            let image = try Self.image(f, "seed-\(png.count).png", png)
            let result = try f.run(["scan", image])
            #expect(result.exitCode == 65)
            #expect(result.stderr.contains("is a SeedQR, a wallet's recovery phrase, not a bundle; import it with "
                + "`hf-signer wallet import --seedqr IMAGE`"), "\(result.stderr)")
            #expect(!result.stderr.contains("0733") && result.stdout.isEmpty)
        }
        #expect(try f.homeDigest() == before)
    }

    // MARK: - import: refusals leave the home as it was

    @Test func aDamagedSymbolIsRefused() throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        let clean = try QRImage.decode(try Self.standardPNG(Self.digits12))
        var pixels = clean.pixels
        let first = clean.height * 2 / 5
        for index in (first * clean.width)..<((first + clean.height / 5) * clean.width) { pixels[index] = 255 }
        let damaged = QRImage.png(for: try GrayImage(width: clean.width, height: clean.height, pixels: pixels))
        let image = try Self.image(f, "damaged.png", damaged)
        let result = try f.run(["wallet", "import", "--seedqr", image])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("no QR code could be read in '\(image)'"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try f.homeDigest() == before)
    }

    @Test func aSymbolWithABadChecksumIsRefused() throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        let image = try Self.image(f, "bad.png", try Self.standardPNG(String(Self.digits12.dropLast(4)) + "1117"))
        let result = try f.run(["wallet", "import", "--seedqr", image])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("is not a valid SeedQR: the SeedQR's BIP39 checksum does not match"))
        #expect(!result.stderr.contains("0733"))
        #expect(try f.homeDigest() == before)
    }

    @Test(arguments: ["HTTPS://EXAMPLE.COM", "B$2J0100MY"])
    func aQRCodeThatIsNotASeedQRIsRefused(text: String) throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        let image = try Self.image(f, "other.png", try QRImage.png(for: QRSymbol(alphanumeric: text)))
        let result = try f.run(["wallet", "import", "--seedqr", image])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("this QR code is not a SeedQR"), "\(result.stderr)")
        #expect(try f.homeDigest() == before)
    }

    @Test func anImageReadableByOthersOrMissingIsRefused() throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        let open = try Self.image(f, "open.png", try Self.standardPNG(Self.digits12), mode: 0o644)
        let result = try f.run(["wallet", "import", "--seedqr", open])
        #expect(result.exitCode == 77)
        #expect(result.stderr.contains("chmod 600"))
        let missing = try f.run(["wallet", "import", "--seedqr", f.dir.path("none.png")])
        #expect(missing.exitCode == 66)
        #expect(try f.homeDigest() == before)
    }

    @Test func theSameSeedTwiceIsRefused() throws {
        let (f, _) = try Self.home(with: Self.phrase12)
        let before = try f.homeDigest()
        let image = try Self.image(f, "seed.png", try Self.compactPNG(Self.compact12))
        let result = try f.run(["wallet", "import", "--seedqr", image])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("already wallet"), "\(result.stderr)")
        #expect(try f.homeDigest() == before)
    }

    @Test(arguments: [
        ["--seedqr", "a.png", "--mnemonic-file", "p"], ["--seedqr", "a.png", "--camera"], [],
        ["--seedqr", "a.png", "--timeout", "5"], ["--mnemonic-file", "p", "/dev/video0"],
    ])
    func importTakesExactlyOneSource(arguments: [String]) throws {
        let (f, _) = try Self.home()
        let before = try f.homeDigest()
        let result = try f.run(["wallet", "import"] + arguments)
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(try f.homeDigest() == before)
    }

    // MARK: - show-seed: refusals write nothing

    @Test(arguments: [
        ["--seedqr", "--compact-seedqr"], [], ["--seedqr"], ["--seedqr", "--json"],
        // Without a terminal, --out needs --yes; --yes without --out is refused.
        ["--seedqr", "--out", "seed.png"], ["--compact-seedqr", "--out", "seed.png", "--json"], ["--seedqr", "--yes"],
    ])
    func showSeedRefusesWhatWouldLeakOrIsAmbiguous(arguments: [String]) throws {
        let (f, _) = try Self.home(with: Self.phrase12)
        let before = try f.homeDigest()
        let result = try f.run(["wallet", "show-seed"] + arguments)
        #expect(result.exitCode == 64, "\(result.stderr)")
        // Nothing but the `--json` error object reaches stdout.
        #expect(result.stdout.isEmpty || result.stdout.hasPrefix("{\"error\":{\"code\":\"usage\""), "\(result.stdout)")
        #expect(try f.homeDigest() == before)
    }

    @Test func showSeedRefusesAnExistingFileAWrongPassphraseAndA18WordPhrase() throws {
        let (f, _) = try Self.home(with: Self.phrase12)
        let existing = try f.dir.write("existing.png", "keep me")
        let refused = try f.run(["wallet", "show-seed", "--seedqr", "--yes", "--out", existing])
        #expect(refused.exitCode == 73)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")

        let wrong = try f.dir.write("wrong", "not the passphrase")
        let out = f.dir.path("seed.png")
        let denied = try f.signer.run(["--home", f.home, "--passphrase-file", wrong, "wallet", "show-seed",
                                       "--seedqr", "--yes", "--out", out])
        #expect(denied.exitCode == 77, "\(denied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let (g, _) = try Self.home(with: Self.phrase18)
        let eighteen = try g.run(["wallet", "show-seed", "--compact-seedqr", "--yes", "--out", out])
        #expect(eighteen.exitCode == 65)
        #expect(eighteen.stderr.contains("a SeedQR holds a 12- or 24-word phrase; this phrase has 18 words"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    // MARK: - show-seed on a terminal

    func terminalShowSeed(_ f: SignerFixtures) throws -> TerminalProcess {
        try TerminalProcess(
            path: f.signer.url.path,
            arguments: ["--home", f.home, "--passphrase-file", f.passphraseFile, "wallet", "show-seed", "--seedqr"],
            directory: f.dir.url.path)
    }

    @Test func onATerminalTheCodeIsShownAfterAConfirmationAndThenCleared() throws {
        let (f, _) = try Self.home(with: Self.phrase12)
        let child = try terminalShowSeed(f)
        #expect(child.waitFor("it is the wallet's secret"), "\(child.text)")
        #expect(child.waitFor("[y/N] "))
        #expect(!child.text.contains("\u{2588}"), "nothing is drawn before the answer")
        child.type("y\n")
        #expect(child.waitFor("Press Enter when done"), "\(child.text)")
        let symbol = try QRSymbol(numeric: Array(Self.digits12.utf8), errorCorrection: .low, version: 2)
        let drawn = TerminalRenderer().render(symbol).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(child.text.contains(drawn), "the Standard SeedQR of vector 4, 25x25")
        #expect(child.waitForEchoOff())
        child.type("\n")
        #expect(child.waitForExit(seconds: 60) == 0, "\(child.text)")
        let after = try #require(child.text.range(of: drawn)?.upperBound)
        #expect(child.text[after...].contains("\u{1B}[H\u{1B}[2J\u{1B}[3J"), "the screen is cleared")
        #expect(!child.text.contains("forum undo"))
    }

    @Test func answeringNoShowsNothing() throws {
        let (f, _) = try Self.home(with: Self.phrase12)
        let child = try terminalShowSeed(f)
        #expect(child.waitFor("[y/N] "), "\(child.text)")
        child.type("n\n")
        #expect(child.waitForExit(seconds: 60) == 1)
        #expect(child.text.contains("cancelled; nothing was shown"))
        #expect(!child.text.contains("\u{2588}") && !child.text.contains("\u{2580}"))
    }

    // MARK: - import --camera

    /// A stand-in zbarcam first on `PATH` that prints `lines` (bytes, each ended by `\n`) and stays until stopped.
    static func standIn(_ f: SignerFixtures, printing lines: [[UInt8]]) throws -> [String: String] {
        let dir = f.dir.path("bin")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let frames = try f.write("camera-frames", lines.flatMap { $0 + [0x0A] })
        let script = "#!/bin/sh\ncat '\(frames)'\nexec sleep 60\n"
        let path = try f.write("bin/zbarcam", Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return ["PATH": dir + ":/usr/bin:/bin"]
    }

    /// `wallet import --camera` with the stand-in; without `--json`, so the live scan's messages reach stderr.
    func cameraImport(_ f: SignerFixtures, _ environment: [String: String]) throws -> BuiltTool.Result {
        try f.signer.run(["--home", f.home, "--passphrase-file", f.passphraseFile, "wallet", "import", "--camera",
                          "--timeout", "30"], environment: environment)
    }

    @Test func theCameraReadsAStandardSeedQRAndSkipsAURL() throws {
        let (_, expected) = try Self.home(with: Self.phrase24)
        let (f, _) = try Self.home()
        let environment = try Self.standIn(f, printing: [Array("https://example.com".utf8), Array(Self.digits24.utf8)])
        let result = try cameraImport(f, environment)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let list = try f.run(["wallet", "list", "--json"])
        #expect(list.stdout.contains(try #require(expected)), "\(list.stdout)")
        #expect(result.stderr.contains("foreign QR code 1 ignored"))
        #expect(!result.stderr.contains(Self.digits24.prefix(8)))
    }

    @Test func aCompactSeedQROrADamagedOneSeenByTheCameraIsRefusedUnquoted() throws {
        for line in [Self.compact12, Array(String(Self.digits12.dropLast(4) + "1117").utf8)] {
            let (f, _) = try Self.home()
            let before = try f.homeDigest()
            let result = try cameraImport(f, try Self.standIn(f, printing: [line]))
            #expect(result.exitCode == 65, "\(result.stderr)")
            #expect(result.stderr.contains("nothing was imported"))
            #expect(!result.stderr.contains("foreign QR code"), "the payload is never listed")
            #expect(!result.stderr.contains("0733"))
            #expect(try f.homeDigest() == before)
        }
    }
}
