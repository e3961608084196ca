import HFCommandLine
import Testing

@Suite struct GlobalOptionsTests {
    @Test func defaults() throws {
        let extraction = try GlobalOptionParser.extract(from: ["keys"], declared: GlobalOption.standard)
        #expect(extraction.remaining == ["keys"])
        #expect(extraction.options.network == .main)
        #expect(extraction.options.value("--network") == "main")
        #expect(extraction.options.home == nil)
        #expect(!extraction.options.json)
        #expect(extraction.options.passphraseFile == nil)
        #expect(!extraction.helpRequested && !extraction.versionRequested)
    }

    @Test func extractedAnywhereInBothSpellings() throws {
        let extraction = try GlobalOptionParser.extract(
            from: ["--home", "/h", "keys", "--json", "derive", "--network=test", "m/0", "--passphrase-file", "p"],
            declared: GlobalOption.standard)
        #expect(extraction.remaining == ["keys", "derive", "m/0"])
        #expect(extraction.options.home == "/h")
        #expect(extraction.options.network == .test)
        #expect(extraction.options.json)
        #expect(extraction.options.passphraseFile == "p")
    }

    @Test func stopsAtTerminator() throws {
        let extraction = try GlobalOptionParser.extract(
            from: ["show", "--", "--json", "-h"], declared: GlobalOption.standard)
        #expect(extraction.remaining == ["show", "--", "--json", "-h"])
        #expect(!extraction.options.json)
        #expect(!extraction.helpRequested)
    }

    @Test func helpAndVersionAreRecorded() throws {
        let extraction = try GlobalOptionParser.extract(
            from: ["keys", "-h", "--version"], declared: GlobalOption.standard)
        #expect(extraction.remaining == ["keys"])
        #expect(extraction.helpRequested)
        #expect(extraction.versionRequested)
    }

    @Test(arguments: [
        (["--network", "mainnet"], "invalid value 'mainnet' for '--network'; expected one of: main, test, regtest"),
        (["--network"], "option '--network' needs a value"),
        (["--home", "--json"], "option '--home' needs a value"),
        (["--json=yes"], "option '--json' does not take a value"),
        (["--home", "a", "--home=b"], "option '--home' was given more than once"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try GlobalOptionParser.extract(from: arguments, declared: GlobalOption.standard)
        }
    }

    @Test func toolDeclaresItsOwnSet() throws {
        let verbose = GlobalOption(flag: "--verbose", help: "Say more.")
        let extraction = try GlobalOptionParser.extract(
            from: ["sync", "--verbose", "--json"], declared: [verbose, .network])
        #expect(extraction.options.flag("--verbose"))
        #expect(extraction.remaining == ["sync", "--json"])
        #expect(extraction.options.network == .main)
    }
}
