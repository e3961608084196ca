import Glibc
import HFCommandLine
import Testing

@testable import HFCommandLine

/// A pseudo-terminal pair: the test types into `main`, the code under test reads `secondary`.
private final class PseudoTerminal {
    let main: Int32
    let secondary: Int32

    init() throws {
        // posix_openpt/grantpt/unlockpt are not exposed by the Glibc module; use the Linux ioctls they wrap.
        let main = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(main >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(main, 0x4004_5431, &unlock) == 0)  // TIOCSPTLCK
        try #require(ioctl(main, 0x8004_5430, &number) == 0)  // TIOCGPTN
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(secondary >= 0)
        self.main = main
        self.secondary = secondary
        // Raw input, but with echo on, so the test can check that echo is restored.
        var settings = termios()
        try #require(tcgetattr(secondary, &settings) == 0)
        settings.c_lflag &= ~tcflag_t(ICANON | ISIG | IEXTEN)
        settings.c_lflag |= tcflag_t(ECHO)
        try #require(tcsetattr(secondary, TCSANOW, &settings) == 0)
    }

    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
    }

    var localFlags: tcflag_t {
        var settings = termios()
        _ = tcgetattr(secondary, &settings)
        return settings.c_lflag
    }

    deinit {
        close(secondary)
        close(main)
    }
}

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
