#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal to prompt on: the controlling terminal `/dev/tty`, or stdin when that is a terminal.
struct TerminalHandle {
    /// The descriptor to read from and configure.
    let fd: Int32
    /// True when ``fd`` was opened here and must be closed.
    let isOwned: Bool

    /// The controlling terminal, else stdin when it is a terminal, else nil.
    static func open() -> TerminalHandle? {
        let fd = Syscalls.openFile("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if fd >= 0 { return TerminalHandle(fd: fd, isOwned: true) }
        if isatty(0) == 1 { return TerminalHandle(fd: 0, isOwned: false) }
        return nil
    }

    /// Closes the descriptor when it was opened here.
    func close() {
        if isOwned { Syscalls.closeFile(fd) }
    }
}
