import Glibc
import HFCommandLine
import HFTestSupport
import Testing

@testable import HFCommandLine

@Suite struct SecretPromptTests {
    @Test func readsLineAndRestoresEcho() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.localFlags
        terminal.type(Array("hunter2\n".utf8))
        let secret = try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false)
        #expect(secret == Array("hunter2".utf8))
        #expect(terminal.localFlags == before)
        #expect(terminal.localFlags & tcflag_t(ECHO) != 0)
    }

    @Test func backspaceAndKillLineAreHandled() throws {
        let terminal = try PseudoTerminal()
        terminal.type(Array("hunx".utf8) + [0x7F] + Array("ter2".utf8) + [0x0D])
        #expect(try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false)
            == Array("hunter2".utf8))
        terminal.type(Array("wrong".utf8) + [0x15] + Array("pässä".utf8) + [0x7F] + Array("word\n".utf8))
        #expect(try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false)
            == Array("pässword".utf8))
        terminal.type(Array("é".utf8) + [0x7F] + Array("e\n".utf8))
        #expect(try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false) == [0x65])
    }

    @Test func aMaskedLineShowsOneMarkPerCharacterAndErasesThem() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.localFlags
        let err = CapturedOutput()
        let secret = try Output.$sinks.withValue(Output.Sinks(standardOutput: .discard, standardError: err.sink)) {
            terminal.type(Array("wrong".utf8) + [0x15] + Array("pä".utf8) + [0x7F] + Array("ass".utf8) + [0x0A])
            return try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false, masked: true)
        }
        #expect(secret == Array("pass".utf8))
        let erase = "\u{8} \u{8}"
        #expect(err.text == "*****" + String(repeating: erase, count: 5) + "**" + erase + "***")
        #expect(terminal.localFlags == before)
    }

    @Test func backspaceOnAnEmptyMaskedLineErasesNothing() throws {
        let terminal = try PseudoTerminal()
        let err = CapturedOutput()
        let secret = try Output.$sinks.withValue(Output.Sinks(standardOutput: .discard, standardError: err.sink)) {
            terminal.type([0x7F, 0x15] + Array("a\n".utf8))
            return try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false, masked: true)
        }
        #expect(secret == Array("a".utf8))
        #expect(err.text == "*")
    }

    @Test func controlCCancelsAndStillRestores() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.localFlags
        terminal.type(Array("abc".utf8) + [0x03])
        #expect(throws: CommandError(.failure, "cancelled")) {
            try SecretInput.readHiddenLine(from: terminal.secondary, discardTypeAhead: false)
        }
        #expect(terminal.localFlags == before)
    }

    @Test func confirmationAnswers() {
        #expect(SecretInput.isYes(Array("y".utf8)))
        #expect(SecretInput.isYes(Array(" YES \r".utf8)))
        #expect(!SecretInput.isYes(Array("no".utf8)))
        #expect(!SecretInput.isYes(Array("".utf8)))
        #expect(!SecretInput.isYes(nil))
    }

    @Test(.enabled(if: TerminalHandle.open() == nil, "only without a terminal"))
    func promptWithoutTerminalTellsToUseTheFileOption() {
        let err = CapturedOutput()
        Output.$sinks.withValue(Output.Sinks(standardOutput: .discard, standardError: err.sink)) {
            #expect(throws: CommandError(.usage, "no terminal to ask for the secret on; use --passphrase-file FILE")) {
                try SecretInput.prompt("Passphrase: ")
            }
            #expect(!SecretInput.confirm("Really?"))
        }
        #expect(err.text == "")
        #expect(!SecretInput.isInteractive)
    }
}
