import Foundation
import HFTestSupport
import Testing

/// `keys generate-mnemonic --dice` and `wallet create --dice` (issue 18): the phrase of `--dice-only` is the one
/// `echo -n ROLLS | sha256sum` gives, rolls are read from a 0600 file or the terminal, and every refusal leaves
/// nothing behind.
@Suite struct DiceCommandTests {
    let signer = BuiltTool("hf-signer")

    /// 50 rolls (the first of `ninetyNineRolls`): `echo -n ROLLS | sha256sum` starts 9ee393abba17cc28ee662275c6cfe2e3.
    static let fiftyRolls = "216432 246424 343236 135622 222635 526426 331342 645355 53"
    static let fiftyRollsPhrase = "page broken turtle injury lamp behave ridge session into cushion weather shop"
    /// The worked example of hf-signer(1) (SeedSigner's vector): published, so refused (issue 27).
    static let publishedRolls = "123456 123456 123456 123456 123456 123456 123456 123456 12"
    /// 99 rolls; `echo -n ROLLS | sha256sum` = 6efa4b20…05ff (all 32 bytes).
    static let ninetyNineRolls = "21643224642434323613562222263552642633134264535553356351345524662226642454516253"
        + "5365414242412615326"
    static let ninetyNineRollsPhrase = "humble spoil sight distance equal proof potato regret wall urge limit blame "
        + "hungry frequent road song stumble goose human earth elegant office blood ticket"

    /// Runs `keys generate-mnemonic --dice-file` with `rolls` in a file of `mode` in `dir`.
    func generate(_ rolls: String, _ extra: [String], in dir: TemporaryDirectory, mode: Int = 0o600) throws
        -> (result: BuiltTool.Result, out: String)
    {
        let file = try dir.write("rolls", rolls + "\n", mode: mode)
        let out = dir.path("phrase")
        let result = try signer.run(["keys", "generate-mnemonic", "--dice-file", file, "--out", out] + extra)
        return (result, out)
    }

    static func walletID(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["walletId"] as? String)
    }

    // MARK: - Known answers

    @Test func diceOnlyTwelveWordsIsTheSha256KnownAnswer() throws {
        let dir = try TemporaryDirectory()
        let (result, out) = try generate(Self.fiftyRolls, ["--words", "12", "--dice-only"], in: dir)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.fiftyRollsPhrase + "\n")
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
        #expect(!result.stderr.contains("page broken") && !result.stderr.contains("216432") && result.stdout.isEmpty)
    }

    @Test func diceOnlyTwentyFourWordsIsTheSha256KnownAnswer() throws {
        let dir = try TemporaryDirectory()
        let (result, out) = try generate(Self.ninetyNineRolls, ["--dice-only", "--json"], in: dir)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.ninetyNineRollsPhrase + "\n")
        #expect(result.stdout == "{\"file\":\"\(out)\",\"words\":24}\n")
    }

    @Test func withoutDiceOnlyTheSystemSourceIsMixedIn() throws {
        let dir3 = try TemporaryDirectory()
        let (a, outA) = try generate(Self.fiftyRolls, ["--words", "12"], in: dir3)
        let dir4 = try TemporaryDirectory()
        let (b, outB) = try generate(Self.fiftyRolls, ["--words", "12"], in: dir4)
        #expect(a.exitCode == 0 && b.exitCode == 0, "\(a.stderr) \(b.stderr)")
        let phraseA = try String(contentsOfFile: outA, encoding: .utf8)
        let phraseB = try String(contentsOfFile: outB, encoding: .utf8)
        #expect(phraseA != phraseB && phraseA != Self.fiftyRollsPhrase + "\n")
        #expect(phraseA.split(separator: " ").count == 12)
    }

    /// Rolls typed on the terminal (not echoed), over two lines until 50 are in.
    @Test func rollsTypedOnTheTerminalAreNotEchoed() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("phrase")
        let child = try TerminalProcess(
            path: signer.url.path,
            arguments: ["keys", "generate-mnemonic", "--dice", "--dice-only", "--words", "12", "--out", out],
            directory: dir.url.path)
        #expect(child.waitFor("0 of at least 50 so far"), "\(child.text)")
        #expect(child.waitForEchoOff())
        child.type("216432246424343236135622222635\n")
        #expect(child.waitFor("30 of at least 50 so far"), "\(child.text)")
        #expect(child.waitForEchoOff())
        child.type("52642633134264535553\n")
        #expect(child.waitForExit(seconds: 60) == 0, "\(child.text)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.fiftyRollsPhrase + "\n")
        #expect(!child.text.contains("216432"), "the rolls were echoed: \(child.text)")
    }

    @Test func walletCreateWithDiceStoresThePhraseOfTheRolls() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let rolls = try f.dir.write("rolls", Self.fiftyRolls)
        let out = f.dir.path("phrase")
        let created = try f.run(["wallet", "create", "--dice-file", rolls, "--dice-only", "--mnemonic-out", out,
                                 "--json"])
        #expect(created.exitCode == 0, "\(created.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.fiftyRollsPhrase + "\n")
        // The stored wallet is the phrase's: importing the same phrase elsewhere gives the same wallet ID.
        let other = try SignerFixtures()
        #expect(try other.run(["init"]).exitCode == 0)
        let phrase = try other.dir.write("phrase", Self.fiftyRollsPhrase)
        let imported = try other.run(["wallet", "import", "--mnemonic-file", phrase, "--json"])
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(try Self.walletID(imported.stdout) == Self.walletID(created.stdout))
    }

    // MARK: - Refusals

    @Test func tooFewRollsAreRefusedAndNothingIsWritten() throws {
        let dir5 = try TemporaryDirectory()
        let (twelve, out12) = try generate(String(Self.fiftyRolls.dropLast()), ["--words", "12"], in: dir5)
        #expect(twelve.exitCode == 65)
        #expect(twelve.stderr.contains("49 dice rolls are too few: this phrase needs at least 50"), "\(twelve.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out12))
        let dir6 = try TemporaryDirectory()
        let (twentyFour, out24) = try generate(Self.fiftyRolls, [], in: dir6)
        #expect(twentyFour.exitCode == 65)
        #expect(twentyFour.stderr.contains("needs at least 99"))
        #expect(!FileManager.default.fileExists(atPath: out24))
    }

    @Test func rollsThatAreNotRandomAreRefused() throws {
        let dir7 = try TemporaryDirectory()
        let nineThrees = "333333333" + String(repeating: "123456", count: 9)
        let (run, outRun) = try generate(nineThrees, ["--words", "12"], in: dir7)
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("9 times in a row"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: outRun))
        let dir8 = try TemporaryDirectory()
        let (uneven, outUneven) = try generate(String(repeating: "12", count: 30), ["--words", "12"], in: dir8)
        #expect(uneven.exitCode == 65)
        #expect(uneven.stderr.contains("chi-square 120.00, above 35.89"), "\(uneven.stderr)")
        #expect(!FileManager.default.fileExists(atPath: outUneven))
        #expect(!uneven.stderr.contains("1212"))
    }

    /// Issue 27: the man page's worked example, and any repeating pattern, are refused: anyone could recompute
    /// their phrase.
    @Test func rollsAnyoneCouldGuessAreRefused() throws {
        for (rolls, reason) in [
            (Self.publishedRolls, "published example rolls"),
            (String(repeating: "123456", count: 20), "repeat a pattern of 6 rolls"),
            (String(repeating: "1122334455", count: 10), "repeat a pattern of 10 rolls"),
        ] {
            let dir = try TemporaryDirectory()
            let (result, out) = try generate(rolls, ["--words", "12", "--dice-only"], in: dir)
            #expect(result.exitCode == 65, "\(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(!result.stderr.contains("unveil") && !result.stderr.contains("1234"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func aCharacterThatIsNotARollIsRefused() throws {
        let dir = try TemporaryDirectory()
        let (result, out) = try generate(Self.fiftyRolls + " 7", ["--words", "12"], in: dir)
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("character 60 of the rolls is not a roll 1 to 6"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aRollsFileReadableByOthersIsRefused() throws {
        let dir0 = try TemporaryDirectory()
        let (result, out) = try generate(Self.fiftyRolls, ["--words", "12"], in: dir0, mode: 0o644)
        #expect(result.exitCode == 77)
        #expect(result.stderr.contains("chmod 600"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func diceOnlyNeedsDice() throws {
        let dir = try TemporaryDirectory()
        let result = try signer.run(["keys", "generate-mnemonic", "--dice-only", "--out", dir.path("p")])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--dice-only needs --dice or --dice-file"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("p")))
    }

    @Test func walletCreateWithRefusedRollsChangesNothing() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let before = try f.homeDigest()
        let rolls = try f.dir.write("rolls", String(repeating: "12", count: 30))
        let out = f.dir.path("phrase")
        let result = try f.run(["wallet", "create", "--dice-file", rolls, "--mnemonic-out", out])
        #expect(result.exitCode == 65, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try f.homeDigest() == before)
    }
}
