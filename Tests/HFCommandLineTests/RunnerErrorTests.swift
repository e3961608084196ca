import HFCommandLine
import Testing

@Suite struct RunnerErrorTests {
    @Test func unknownSubcommandIsUsageError() {
        let result = runDemo(["keys", "frobnicate"])
        #expect(result.code == .usage)
        #expect(result.code.rawValue == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: unknown subcommand 'frobnicate'
            Usage: hf-demo keys <subcommand>
            See 'hf-demo keys --help'.

            """)
    }

    @Test func unknownOptionIsUsageErrorAtEveryLevel() {
        let atParent = runDemo(["--frob", "keys"])
        #expect(atParent.code == .usage)
        #expect(atParent.stderr.hasPrefix("error: unknown option '--frob'\nUsage: hf-demo <subcommand>\n"))
        let atLeaf = runDemo(["keys", "derive", "m/0", "--frob=1"])
        #expect(atLeaf.code == .usage)
        #expect(atLeaf.stderr == """
            error: unknown option '--frob'
            Usage: hf-demo keys derive <path>
            See 'hf-demo keys derive --help'.

            """)
    }

    @Test func leftoverAndMissingArguments() {
        let leftover = runDemo(["keys", "derive", "m/0", "m/1"])
        #expect(leftover.code == .usage)
        #expect(leftover.stderr.hasPrefix("error: unexpected argument 'm/1'\n"))
        let missing = runDemo(["keys", "derive"])
        #expect(missing.code == .usage)
        #expect(missing.stderr.hasPrefix("error: missing argument <path>\n"))
        let missingValue = runDemo(["keys", "generate-mnemonic", "--out"])
        #expect(missingValue.stderr.hasPrefix("error: option '--out' needs a value\n"))
        let badValue = runDemo(["keys", "generate-mnemonic", "--words", "13"])
        #expect(badValue.code == .usage)
        #expect(badValue.stderr.hasPrefix("error: --words must be 12 or 24, not '13'\n"))
    }

    @Test func invalidNetworkIs64() {
        let result = runDemo(["import", "a", "--network", "testnet"])
        #expect(result.code.rawValue == 64)
        #expect(result.stderr.hasPrefix(
            "error: invalid value 'testnet' for '--network'; expected one of: main, test, regtest\n"))
        #expect(result.stdout == "")
    }

    @Test func globalOptionsAnywhereReachTheCommand() {
        let result = runDemo(["--network=regtest", "import", "--home", "/tmp/h", "a.hfheaders", "--json", "b"])
        #expect(result.code == .success)
        #expect(result.stdout == "imported a.hfheaders,b home=/tmp/h network=regtest json=true\n")
        let defaults = runDemo(["import", "--dry-run", "x"])
        #expect(defaults.stdout == "checked x home=- network=main json=false\n")
    }

    @Test func terminatorPassesDashWordsAsPositionals() {
        let result = runDemo(["show", "--", "--json", "-1"])
        #expect(result.code == .success)
        #expect(result.stdout == #"{"index":"-1","label":"--json","path":"hf-demo show"}"# + "\n")
    }

    @Test(arguments: [
        (["fail", "--code", "65"], ExitCode.dataError), (["fail", "--code", "66"], .noInput),
        (["fail", "--code", "73"], .cannotCreate), (["fail", "--code", "74"], .ioError),
        (["fail", "--code", "75"], .tryAgain), (["fail", "--code", "77"], .noPermission),
        (["fail", "--code", "1"], .failure),
    ])
    func commandErrorGivesOneLineAndItsCode(arguments: [String], expected: ExitCode) {
        let result = runDemo(arguments)
        #expect(result.code == expected)
        #expect(result.stderr == "error: failed as asked with a second line\n")
        #expect(result.stdout == "")
    }

    @Test func exitCodeValuesMatchTheDesign() {
        let table: [(ExitCode, Int32)] = [
            (.success, 0), (.failure, 1), (.usage, 64), (.dataError, 65), (.noInput, 66), (.cannotCreate, 73),
            (.ioError, 74), (.tryAgain, 75), (.noPermission, 77),
        ]
        for (code, value) in table { #expect(code.rawValue == value) }
        #expect(ExitCode(rawValue: 65) == .dataError)
    }

    @Test func otherOutcomes() {
        let plain = runDemo(["fail", "--plain"])
        #expect(plain.code == .failure)
        #expect(plain.stderr == "error: something broke\n")
        let silent = runDemo(["fail", "--silent", "75"])
        #expect(silent.code == .tryAgain)
        #expect(silent.stderr == "")
        let returned = runDemo(["fail"])
        #expect(returned.code == ExitCode(3))
        let usage = runDemo(["fail", "--usage"])
        #expect(usage.code == .usage)
        // The usage line lists the options the command reads: one declaration serves help and parsing.
        #expect(usage.stderr == "error: bad combination\nUsage: hf-demo fail [--code <n>] [--silent <n>] [--plain] "
            + "[--usage] [--cause]\nSee 'hf-demo fail --help'.\n")
        // Exit 64 for a named cause (a network the home does not hold) is not about the syntax: no usage lines, and
        // the --json error carries the cause's code.
        let cause = runDemo(["fail", "--cause"])
        #expect(cause.code == .usage && cause.stderr == "error: this home holds nothing for --network main\n")
        let causeJSON = runDemo(["fail", "--cause", "--json"])
        #expect(causeJSON.code == .usage)
        #expect(causeJSON.stdout == #"{"error":{"code":"networkNotHeld","exit":64,"#
            + #""message":"this home holds nothing for --network main"}}"# + "\n")
    }

    @Test func asyncCommandRunsUnderAsyncRunnerOnly() async {
        let result = await runDemoAsync(["wait"])
        #expect(result.code == .success)
        #expect(result.stdout == "waited\n")
        let sync = runDemo(["wait"])
        #expect(sync.code == .software)
        #expect(sync.stderr.hasPrefix("error: 'hf-demo wait' needs the asynchronous runner"))
        let syncLeaf = await runDemoAsync(["keys", "derive", "m/1"])
        #expect(syncLeaf.stdout == "derived m/1\n")
    }
}
