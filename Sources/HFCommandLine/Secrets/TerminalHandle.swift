import HFSystem

/// The terminal to prompt on: the controlling terminal `/dev/tty`, or stdin when that is a terminal.
struct TerminalHandle {
    /// The descriptor to read from and configure.
    let fd: Int32
    /// True when ``fd`` was opened here and must be closed.
    let isOwned: Bool

    /// The controlling terminal, else stdin when it is a terminal, else nil.
    static func open() -> TerminalHandle? {
        if let tty = try? FileDescriptor.open("/dev/tty", .readWrite, options: [.noControllingTerminal]) {
            return TerminalHandle(fd: tty.rawValue, isOwned: true)
        }
        if Terminal.isTerminal(.standardInput) { return TerminalHandle(fd: 0, isOwned: false) }
        return nil
    }

    /// Closes the descriptor when it was opened here.
    func close() {
        if isOwned { FileDescriptor(rawValue: fd).closeIgnoringErrors() }
    }
}
