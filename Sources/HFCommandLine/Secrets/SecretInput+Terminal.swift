import HFSystem

extension SecretInput {
    /// True when both stdin and stderr are terminals, so prompting makes sense.
    public static var isInteractive: Bool {
        Terminal.isTerminal(.standardInput) && Terminal.isTerminal(.standardError)
    }

    /// True when stderr, where prompts and messages go, is a terminal.
    public static var isStandardErrorTerminal: Bool { Terminal.isTerminal(.standardError) }

    /// Asks for a secret on the terminal without echo: prints `message` to stderr and reads one line from
    /// `/dev/tty` (or stdin when it is a terminal), with echo turned off and restored afterwards, also on error.
    ///
    /// The line is edited here: Backspace deletes a character, Ctrl-U clears the line, Enter ends it, Ctrl-C cancels.
    /// - Parameters:
    ///   - message: the prompt, for example `"Passphrase: "` (no newline is added).
    ///   - fileOption: the option named in the error when there is no terminal.
    /// - Returns: the secret bytes without the newline; zeroize them after use.
    /// - Throws: ``CommandError``: 64 with "use `fileOption` FILE" when there is no terminal; 1 when cancelled or
    ///   at end of input; 74 when the terminal cannot be configured or read.
    public static func prompt(_ message: String, fileOption: String = GlobalOption.passphraseFile.name)
        throws(CommandError) -> [UInt8]
    {
        try prompt(message, fileOption: fileOption, masked: false)
    }

    /// Asks for a secret as ``prompt(_:fileOption:)`` does, but shows one `*` on stderr for each character typed
    /// (and erases one for each Backspace), so a person sees that the keys arrive; nothing of what is typed is shown.
    /// - Throws: as ``prompt(_:fileOption:)``.
    public static func promptMasked(_ message: String, fileOption: String = GlobalOption.passphraseFile.name)
        throws(CommandError) -> [UInt8]
    {
        try prompt(message, fileOption: fileOption, masked: true)
    }

    private static func prompt(_ message: String, fileOption: String, masked: Bool) throws(CommandError) -> [UInt8] {
        guard let terminal = TerminalHandle.open() else {
            throw .usage("no terminal to ask for the secret on; use \(fileOption) FILE")
        }
        defer { terminal.close() }
        Output.sinks.standardError.write(UntrustedText.escaped(message))
        defer { Output.sinks.standardError.write("\n") }
        return try readHiddenLine(from: terminal.fd, discardTypeAhead: true, masked: masked)
    }

    /// Asks a question on the terminal (`question` on stderr, the answer read with echo, as it is no secret).
    /// - Returns: the answer without its line ending, or nil at end of input or when there is no terminal.
    public static func ask(_ question: String) -> String? {
        guard let terminal = TerminalHandle.open() else { return nil }
        defer { terminal.close() }
        Output.sinks.standardError.write(UntrustedText.escaped(question))
        return readVisibleLine(from: terminal.fd).map {
            String(decoding: $0, as: UTF8.self).trimmingWhitespace()
        }
    }

    /// Asks twice for a new secret and checks the answers match (for creating a passphrase).
    /// - Throws: as ``prompt(_:fileOption:)``, and 65 when the two answers differ or the secret is empty.
    public static func promptNew(_ message: String, confirmation: String,
                                 fileOption: String = GlobalOption.passphraseFile.name) throws(CommandError)
        -> [UInt8]
    {
        var first = try prompt(message, fileOption: fileOption)
        var second = try prompt(confirmation, fileOption: fileOption)
        defer { zeroize(&second) }
        guard !first.isEmpty else { throw .dataError("the secret is empty") }
        guard first == second else {
            zeroize(&first)
            throw .dataError("the two entries do not match; try again")
        }
        return first
    }

    /// Asks a yes/no question on the terminal (`question [y/N] ` on stderr, the answer read with echo).
    /// - Returns: true only for `y` or `yes` (any case); false for anything else, at end of input, or when there is
    ///   no terminal. Commands that need a non-interactive yes should offer a `--yes` flag.
    public static func confirm(_ question: String) -> Bool {
        guard let terminal = TerminalHandle.open() else { return false }
        defer { terminal.close() }
        Output.sinks.standardError.write(UntrustedText.escaped(question) + " [y/N] ")
        return isYes(readVisibleLine(from: terminal.fd))
    }

    /// The passphrase for a command: from `--passphrase-file` when given, else asked on the terminal.
    /// - Throws: as ``readFile(_:)`` or ``prompt(_:fileOption:)``.
    public static func passphrase(_ globals: GlobalOptions, prompt message: String = "Passphrase: ")
        throws(CommandError) -> [UInt8]
    {
        if let file = globals.passphraseFile { return try readFile(file) }
        return try prompt(message)
    }

    // MARK: - Terminal line reading

    /// True for `y`/`yes` in any case, ignoring surrounding spaces and the line ending.
    static func isYes(_ line: [UInt8]?) -> Bool {
        guard let line else { return false }
        let answer = String(decoding: line, as: UTF8.self).trimmingWhitespace().lowercased()
        return answer == "y" || answer == "yes"
    }

    /// Reads one line from `fd` with echo and signals off, restoring the terminal settings before returning.
    /// With `masked`, one `*` per character typed is written to stderr (and erased again by Backspace and Ctrl-U).
    static func readHiddenLine(from fd: Int32, discardTypeAhead: Bool, masked: Bool = false) throws(CommandError)
        -> [UInt8]
    {
        let mode: KeyByKeyMode
        do { mode = try KeyByKeyMode.enter(FileDescriptor(rawValue: fd), discardTypeAhead: discardTypeAhead) } catch {
            throw .ioError(
                error.call == .tcgetattr
                    ? "cannot read the terminal settings: \(error.message)" : "cannot turn off terminal echo: \(error.message)")
        }
        defer { mode.restore() }
        return try readEditedLine(from: fd, mask: masked ? KeyMask() : nil)
    }

    private static func readEditedLine(from fd: Int32, mask: KeyMask?) throws(CommandError) -> [UInt8] {
        var line = SecretBuffer(capacity: 1024)
        var mask = mask
        var byte: UInt8 = 0
        while true {
            let count: Int
            do { count = try readByte(from: fd, into: &byte).get() } catch {
                line.wipe()
                throw .ioError("cannot read from the terminal: \(error.message)")
            }
            switch count == 0 ? 0x04 : byte {
            case 0x0A, 0x0D:  // Enter
                byte = 0
                return line.take()
            case 0x04 where line.count == 0:  // Ctrl-D on an empty line, or end of input
                throw .failure("no input")
            case 0x04:
                return line.take()
            case 0x03:  // Ctrl-C
                line.wipe()
                throw .failure("cancelled")
            case 0x7F, 0x08:  // Backspace
                if line.count > 0 { mask?.erase(1) }
                line.removeLastCharacter()
            case 0x15:  // Ctrl-U
                mask?.eraseAll()
                line.wipe()
            default:
                guard line.count < maximumSecretSize else {
                    line.wipe()
                    throw .dataError("the secret is longer than \(maximumSecretSize) bytes")
                }
                line.append(CollectionOfOne(byte))
                if byte & 0xC0 != 0x80 { mask?.show() }  // a character's first byte, not a continuation byte
            }
            byte = 0
        }
    }

    /// One `read(2)` of at most one byte from `fd`: 1, or 0 at end of input.
    private static func readByte(from fd: Int32, into byte: inout UInt8) -> Result<Int, Errno> {
        withUnsafeMutableBytes(of: &byte) { buffer in
            Result { () throws(Errno) in try FileDescriptor(rawValue: fd).read(into: buffer) }
        }
    }

    /// Reads one line with the terminal's own settings (echo on); nil at end of input or on error.
    static func readVisibleLine(from fd: Int32) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 4096 {
            guard case .success(let count) = readByte(from: fd, into: &byte), count > 0 else {
                return line.isEmpty ? nil : line
            }
            if byte == 0x0A { return line }
            line.append(byte)
        }
        return line
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
