extension Output {
    /// Clears what stderr's terminal shows, its scrollback too (`ESC[H ESC[2J ESC[3J`), so a secret shown before is
    /// gone from the screen; when stderr is not a terminal, writes 40 blank lines instead.
    public static func clearScreen() {
        if SecretInput.isStandardErrorTerminal {
            sinks.standardError.write("\u{1B}[H\u{1B}[2J\u{1B}[3J")
        } else {
            sinks.standardError.write(String(repeating: "\n", count: 40))
        }
    }
}
