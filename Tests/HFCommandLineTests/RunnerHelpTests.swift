import HFCommandLine
import Testing

@Suite struct RunnerHelpTests {
    static let leafHelp = """
        OVERVIEW: Generate a new mnemonic.

        USAGE: hf-demo keys generate-mnemonic [--out <file>] [--words <n>]

        OPTIONS:
          --out <file>            Write the phrase to FILE (mode 0600).
          --words <n>             Number of words (default 12).
          --home <dir>            Use DIR as the home directory instead of the default.
          --network <network>     The network: main, test or regtest. (default: main)
          --json                  Print results as JSON.
          --passphrase-file <file>
                                  Read the passphrase from FILE (mode 0600) instead of the terminal.
          --version               Show the version.
          -h, --help              Show help information.

        """

    @Test func leafHelpHasTheArgumentParserLayout() {
        let result = runDemo(["keys", "generate-mnemonic", "--help"])
        #expect(result.code == .success)
        #expect(result.stderr == "")
        #expect(result.stdout == Self.leafHelp)
    }

    @Test(arguments: [
        [["-h"], ["--help"], ["help"], []],
        [["keys", "-h"], ["keys", "--help"], ["help", "keys"], ["keys", "help"], ["keys"], ["--json", "keys"]],
        [
            ["keys", "derive", "-h"], ["keys", "derive", "--help"], ["help", "keys", "derive"],
            ["keys", "help", "derive"], ["-h", "keys", "derive", "m/0", "--bogus"],
        ],
        [["import", "-h"], ["help", "import"], ["import", "a", "--help"]],
    ])
    func everySpellingGivesTheSameHelp(spellings: [[String]]) {
        let results = spellings.map { runDemo($0) }
        for (spelling, result) in zip(spellings, results) {
            #expect(result.code == .success, "\(spelling)")
            #expect(result.stderr == "", "\(spelling)")
            #expect(result.stdout.hasPrefix("OVERVIEW: "), "\(spelling)")
            #expect(result.stdout == results[0].stdout, "\(spelling)")
        }
    }

    @Test func rootHelpListsSubcommandsAndEndsWithHint() {
        let help = runDemo(["--help"]).stdout
        #expect(help.hasPrefix("OVERVIEW: A demo tool for the command-line kit.\n\nExercises every part of the runner.\n"))
        #expect(help.contains("\nUSAGE: hf-demo <subcommand>\n"))
        #expect(help.contains("\nSUBCOMMANDS:\n  keys                    Manage keys.\n  import                  Import"))
        #expect(help.hasSuffix("\n\n  See 'hf-demo help <subcommand>' for detailed help.\n"))
        #expect(!help.contains("ARGUMENTS:"))
    }

    @Test func nestedHelpHintNamesThePath() {
        let help = runDemo(["keys", "-h"]).stdout
        #expect(help.contains("\nUSAGE: hf-demo keys <subcommand>\n"))
        #expect(help.contains("  generate-mnemonic       Generate a new mnemonic.\n"))
        #expect(help.hasSuffix("See 'hf-demo help keys <subcommand>' for detailed help.\n"))
    }

    @Test func argumentsSectionAndUsageLine() {
        let help = runDemo(["help", "show"]).stdout
        #expect(help.contains("\nUSAGE: hf-demo show <label> [<index>]\n"))
        #expect(help.contains("\nARGUMENTS:\n  <label>                 The label.\n  <index>                 An index.\n"))
        let importHelp = runDemo(["help", "import"]).stdout
        #expect(importHelp.contains("\nUSAGE: hf-demo import [--dry-run] <file> ...\n"))
    }

    @Test func versionPrintsToStdoutAtEveryLevel() {
        for arguments in [["--version"], ["keys", "--version"], ["keys", "derive", "--version"]] {
            let result = runDemo(arguments)
            #expect(result.code == .success)
            #expect(result.stdout == "hf-demo 1.2.3\n")
            #expect(result.stderr == "")
        }
    }

    @Test func helpWinsOverVersion() {
        #expect(runDemo(["--version", "-h"]).stdout.hasPrefix("OVERVIEW: "))
    }
}
