import HFCommandLine
import Testing

/// A value option spelled `names` (the first is the one in messages).
func valueSpec(_ name: String, _ alias: String? = nil) -> OptionHelp {
    alias.map { OptionHelp(name, $0, value: "v", help: "") } ?? OptionHelp(name, value: "v", help: "")
}

/// A flag spelled `names`.
func flagSpec(_ name: String, _ alias: String? = nil) -> OptionHelp {
    alias.map { OptionHelp(flag: name, $0, help: "") } ?? OptionHelp(flag: name, help: "")
}

@Suite struct ArgumentsTests {
    @Test func optionAcceptsBothSpellings() throws {
        var spaced = Arguments(["--out", "a.txt"])
        #expect(try spaced.option(valueSpec("--out")) == "a.txt")
        #expect(spaced.isFinished)
        var joined = Arguments(["--out=b=c.txt"])
        #expect(try joined.option(valueSpec("--out")) == "b=c.txt")
        try joined.finish()
    }

    @Test func optionWithShortAlias() throws {
        var arguments = Arguments(["-o", "x"])
        #expect(try arguments.option(valueSpec("--out", "-o")) == "x")
    }

    @Test func absentOptionIsNil() throws {
        var arguments = Arguments(["file"])
        #expect(try arguments.option(valueSpec("--out")) == nil)
        #expect(arguments.unread == ["file"])
    }

    @Test func missingOptionValueIsUsageError() {
        var atEnd = Arguments(["--out"])
        #expect(throws: UsageError("option '--out' needs a value")) { try atEnd.option(valueSpec("--out")) }
        var beforeOption = Arguments(["--out", "--force"])
        #expect(throws: UsageError("option '--out' needs a value")) { try beforeOption.option(valueSpec("--out")) }
        var empty = Arguments(["--out="])
        #expect(throws: UsageError("option '--out' needs a value")) { try empty.option(valueSpec("--out")) }
        var beforeTerminator = Arguments(["--out", "--", "x"])
        #expect(throws: UsageError("option '--out' needs a value")) { try beforeTerminator.option(valueSpec("--out")) }
    }

    @Test func dashValueNeedsEqualsForm() throws {
        var arguments = Arguments(["--offset=-5"])
        #expect(try arguments.option(valueSpec("--offset")) == "-5")
        var stdin = Arguments(["--in", "-"])
        #expect(try stdin.option(valueSpec("--in")) == "-")
    }

    @Test func repeatedOptionIsUsageError() {
        var arguments = Arguments(["--out", "a", "--out=b"])
        #expect(throws: UsageError("option '--out' was given more than once")) {
            try arguments.option(valueSpec("--out"))
        }
    }

    @Test func repeatableOptionCollectsInOrder() throws {
        var arguments = Arguments(["--to", "a", "x", "--to=b"])
        #expect(try arguments.optionValues(valueSpec("--to")) == ["a", "b"])
        #expect(try arguments.positional("x") == "x")
        try arguments.finish()
    }

    @Test func severalRepeatableOptionsReadTogetherKeepTheirCommandLineOrder() throws {
        let to = valueSpec("--to")
        let amount = valueSpec("--amount")
        let script = valueSpec("--script", "-s")
        var arguments = Arguments([
            "--to", "a", "--amount=1", "file", "-s", "5187", "--amount", "2", "--other", "x", "--to=b", "--", "--to",
        ])
        let read = try arguments.optionValues(inOrder: [to, amount, script])
        #expect(read.map(\.option) == [to, amount, script, amount, to])
        #expect(read.map(\.value) == ["a", "1", "5187", "2", "b"])
        #expect(arguments.unread == ["file", "--other", "x", "--to"])
        var none = Arguments(["x"])
        #expect(try none.optionValues(inOrder: [to, amount]).isEmpty)
        var missing = Arguments(["--to", "a", "--amount"])
        #expect(throws: UsageError("option '--amount' needs a value")) { try missing.optionValues(inOrder: [to, amount]) }
    }

    @Test func requiredOption() throws {
        var present = Arguments(["--label", "savings"])
        #expect(try present.requiredOption(valueSpec("--label")) == "savings")
        var absent = Arguments([])
        #expect(throws: UsageError("missing option '--label'")) { try absent.requiredOption(valueSpec("--label")) }
    }

    @Test func flags() throws {
        var arguments = Arguments(["--yes", "file", "-y"])
        #expect(try arguments.flag(flagSpec("--yes", "-y")))
        #expect(try !arguments.flag(flagSpec("--force")))
        #expect(arguments.unread == ["file"])
        var valued = Arguments(["--yes=1"])
        #expect(throws: UsageError("option '--yes' does not take a value")) { try valued.flag(flagSpec("--yes")) }
    }

    @Test func positionalsSkipOptionsAndComeInOrder() throws {
        var arguments = Arguments(["first", "--out", "o", "second"])
        #expect(try arguments.option(valueSpec("--out")) == "o")
        #expect(try arguments.positional("a") == "first")
        #expect(arguments.optionalPositional("b") == "second")
        #expect(arguments.optionalPositional("c") == nil)
        #expect(throws: UsageError("missing argument <d>")) { try arguments.positional("d") }
    }

    @Test func remainingPositionals() throws {
        var arguments = Arguments(["a", "b", "c"])
        #expect(try arguments.remainingPositionals("file", atLeast: 1) == ["a", "b", "c"])
        var none = Arguments([])
        #expect(throws: UsageError("missing argument <file>")) { try none.remainingPositionals("file", atLeast: 1) }
        #expect(try none.remainingPositionals("file") == [])
    }

    @Test func terminatorMakesEverythingPositional() throws {
        var arguments = Arguments(["--json", "--", "--out", "-5", "x"])
        #expect(try arguments.option(valueSpec("--out")) == nil)
        #expect(try arguments.flag(flagSpec("--json")))
        #expect(try arguments.remainingPositionals("word") == ["--out", "-5", "x"])
        try arguments.finish()
    }

    @Test func finishRejectsLeftoversByName() throws {
        var unknownOption = Arguments(["file", "--bogus=1"])
        _ = try unknownOption.positional("file")
        #expect(throws: UsageError("unknown option '--bogus'")) { try unknownOption.finish() }
        let extra = Arguments(["stray"])
        #expect(throws: UsageError("unexpected argument 'stray'")) { try extra.finish() }
        var afterTerminator = Arguments(["--", "--late"])
        _ = afterTerminator.popSubcommand()
        #expect(throws: UsageError("unexpected argument '--late'")) { try afterTerminator.finish() }
    }

    @Test func popSubcommandStopsAtOptionsAndTerminator() {
        var arguments = Arguments(["keys", "--json", "x"])
        #expect(arguments.popSubcommand() == "keys")
        #expect(arguments.peek == "--json")
        #expect(arguments.popSubcommand() == nil)
        var terminated = Arguments(["--", "keys"])
        #expect(terminated.peek == nil)
        #expect(terminated.popSubcommand() == nil)
    }

    @Test func declaredOptionsAreTheOnesACommandReads() throws {
        let out = valueSpec("--out")
        var arguments = Arguments(["--out", "a"])
        arguments.declare([out, flagSpec("--yes")])
        #expect(try arguments.option(out) == "a")
        #expect(try !arguments.flag(flagSpec("--yes")))
    }

    @Test func readingAnUndeclaredOptionIsAProgrammingError() async {
        // The runner declares each command's help options before parsing; a read of any other is caught by the
        // assertion in every debug build (the test suite's), so an option can never be parsed but missing from help.
        await #expect(processExitsWith: .failure) {
            var arguments = Arguments(["--secret", "x"])
            arguments.declare([valueSpec("--out")])
            _ = try? arguments.option(valueSpec("--secret"))
        }
        await #expect(processExitsWith: .failure) {
            var arguments = Arguments(["--yes"])
            arguments.declare([flagSpec("--yes")])
            _ = try? arguments.option(flagSpec("--yes"))
        }
    }
}
