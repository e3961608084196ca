// The platform import block of the package's system calls: every other file of HFSystem calls the C library
// through the `system_` functions and constants below (but `Socket.swift`, which keeps the socket calls together),
// and the other modules call HFSystem.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystemShims

// MARK: - errno and retries

/// The `errno` of the call that just failed.
var system_errno: CInt { errno }

/// A bare `errno` value, before HFSystem names the call that failed (``Errno``).
struct ErrnoValue: Error, Equatable {
    let code: CInt
    init(_ code: CInt) { self.code = code }
}

/// Runs `call` until it returns a non-negative value or fails with something other than `EINTR`.
///
/// - Returns: the value, or the `errno` of the failure (never `EINTR` when `retryOnInterrupt`).
func valueOrErrno<Value: SignedInteger>(
    retryOnInterrupt: Bool = true, _ call: () -> Value
) -> Result<Value, ErrnoValue> {
    while true {
        let value = call()
        if value >= 0 { return .success(value) }
        let code = system_errno
        if retryOnInterrupt, code == EINTR { continue }
        return .failure(ErrnoValue(code))
    }
}

// MARK: - Calls

func system_open(_ path: String, _ flags: CInt, _ mode: UInt32) -> CInt { open(path, flags, mode_t(mode)) }
func system_close(_ fd: CInt) -> CInt { close(fd) }
func system_read(_ fd: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
func system_pread(_ fd: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: Int) -> Int {
    pread(fd, buffer, count, off_t(offset))
}
func system_write(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
func system_pwrite(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int, _ offset: Int) -> Int {
    pwrite(fd, buffer, count, off_t(offset))
}
func system_fsync(_ fd: CInt) -> CInt { fsync(fd) }
func system_ftruncate(_ fd: CInt, _ length: Int) -> CInt { ftruncate(fd, off_t(length)) }
func system_fchmod(_ fd: CInt, _ mode: UInt32) -> CInt { fchmod(fd, mode_t(mode)) }
func system_flock(_ fd: CInt, _ operation: CInt) -> CInt { flock(fd, operation) }
func system_rename(_ source: String, _ destination: String) -> CInt { rename(source, destination) }
func system_link(_ existing: String, _ new: String) -> CInt { link(existing, new) }
func system_unlink(_ path: String) -> CInt { unlink(path) }
func system_mkdir(_ path: String, _ mode: UInt32) -> CInt { mkdir(path, mode_t(mode)) }
func system_rmdir(_ path: String) -> CInt { rmdir(path) }
/// `mkdtemp` of `template` (ending in `XXXXXX`): the directory made, mode 0700.
func system_mkdtemp(_ template: String) -> Result<String, ErrnoValue> {
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { return .failure(ErrnoValue(system_errno)) }
    return .success(String(cString: made))
}
func system_chmod(_ path: String, _ mode: UInt32) -> CInt { chmod(path, mode_t(mode)) }
func system_kill(_ pid: CInt, _ signal: CInt) -> CInt { kill(pid, signal) }
func system_getpid() -> CInt { getpid() }
func system_geteuid() -> UInt32 { UInt32(geteuid()) }
func system_time() -> Int { Int(time(nil)) }
func system_nanosleep(_ seconds: Int, _ nanoseconds: Int) {
    var request = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}

/// `realpath(3)`: the absolute path of `path` with every symbolic link, `.` and `..` resolved.
func system_realpath(_ path: String) -> Result<String, ErrnoValue> {
    guard let resolved = realpath(path, nil) else { return .failure(ErrnoValue(system_errno)) }
    defer { free(resolved) }
    return .success(String(cString: resolved))
}

func system_getenv(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

/// `pipe`, both ends then made close-on-exec: (read end, write end).
func system_pipe() -> Result<(CInt, CInt), ErrnoValue> {
    var ends: [CInt] = [-1, -1]
    guard pipe(&ends) == 0 else { return .failure(ErrnoValue(system_errno)) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return .success((ends[0], ends[1]))
}

/// `posix_spawn` of `path` with `arguments` (argv[0] included) and this process's environment; the child's stdin
/// is `/dev/null`, its stdout `stdoutFD` (dup2-ed to 1), its stderr this process's.
func system_spawn(_ path: String, _ arguments: [String], stdoutFD: CInt) -> Result<CInt, ErrnoValue> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1)
    var pointers = arguments.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, nil, pointers, environ)
    return result == 0 ? .success(child) : .failure(ErrnoValue(result))
}

/// `waitpid`, retried on `EINTR`; `block` false adds `WNOHANG`. Returns the pid (0: still running) and the status
/// (exit code, or 128 + the signal).
func system_waitpid(_ pid: CInt, block: Bool) -> (pid: CInt, status: CInt) {
    var raw: CInt = 0
    while true {
        let result = waitpid(pid, &raw, block ? 0 : WNOHANG)
        if result < 0, errno == EINTR { continue }
        let status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        return (result, status)
    }
}

/// `poll(2)` for input on `fds`, up to `milliseconds` (-1: forever); a signal ends it early with nothing ready.
/// Returns, per descriptor, whether it is readable or at its end (`POLLIN`, `POLLHUP` or `POLLERR`).
func system_pollInput(_ fds: [CInt], milliseconds: CInt) -> Result<[Bool], ErrnoValue> {
    var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let result = poll(&entries, nfds_t(entries.count), milliseconds)
    if result < 0, errno == EINTR { return .success(fds.map { _ in false }) }
    if result < 0 { return .failure(ErrnoValue(system_errno)) }
    return .success(entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 })
}

/// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`).
func system_monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// `access(path, X_OK)` on a regular file.
func system_isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
}

func system_strerror(_ code: CInt) -> String { String(cString: strerror(code)) }

/// `getrandom(2)` into `buffer` (the system call, through CSystemShims: the Glibc module has no `sys/random.h`): the
/// kernel's generator; `nonBlocking` adds `GRND_NONBLOCK` (fails with `EAGAIN` while the kernel's pool is not yet
/// initialised). Returns the number of bytes written, or -1 with `errno`.
func system_getrandom(_ buffer: UnsafeMutableRawPointer?, _ count: Int, nonBlocking: Bool) -> Int {
    csystem_getrandom(buffer, UInt(count), nonBlocking ? 1 : 0)
}

/// `explicit_bzero(3)`: zeros that the optimiser cannot drop (for secret bytes about to be released).
func system_explicitBzero(_ buffer: UnsafeMutableRawPointer, _ count: Int) { explicit_bzero(buffer, count) }

func system_signal(_ number: CInt, ignore: Bool) { _ = signal(number, ignore ? SIG_IGN : SIG_DFL) }
func system_raise(_ number: CInt) { _ = raise(number) }

/// Removes `number` from the calling thread's signal mask (a mask inherited from the parent across `exec`).
func system_unblock(_ number: CInt) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

func system_sigaction(_ number: CInt, _ handler: @convention(c) (CInt) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(number, &action, nil)
}

/// Installs `handler` for `number` with every signal blocked while it runs, on the alternate stack when one is set
/// (`SA_ONSTACK`, so a stack overflow still reaches it).
func system_sigactionOnAlternateStack(_ number: CInt, _ handler: @convention(c) (CInt) -> Void) -> CInt {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigfillset(&action.sa_mask)
    action.sa_flags = SA_ONSTACK
    return sigaction(number, &action, nil)
}

/// Unblocks `numbers` in the calling thread's signal mask (a mask inherited across `exec` may block them).
func system_unblockSignals(_ numbers: [CInt]) -> CInt {
    var set = sigset_t()
    sigemptyset(&set)
    for number in numbers { sigaddset(&set, number) }
    return pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// Gives the calling thread an alternate signal stack of `size` bytes, allocated once and never freed.
func system_sigaltstack(size: Int) -> CInt {
    let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    var stack = stack_t()
    stack.ss_sp = memory
    stack.ss_size = size
    stack.ss_flags = 0
    return sigaltstack(&stack, nil)
}

/// `prctl(PR_SET_DUMPABLE, value)` (through CSystemShims: Swift does not import the variadic `prctl`).
func system_setDumpable(_ value: CInt) -> CInt { csystem_set_dumpable(value) }

/// Sets both the soft and the hard `RLIMIT_CORE` to `bytes` (0: no core file is ever written).
func system_setCoreLimit(_ bytes: UInt) -> CInt {
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
    #if os(Linux)
        return setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
    #else
        return setrlimit(RLIMIT_CORE, &limit)
    #endif
}

/// Writes all `count` bytes to `fd`, retrying partial writes and `EINTR` (async-signal-safe: only `write`).
func system_writeAll(_ fd: CInt, _ bytes: UnsafeRawPointer, _ count: Int) {
    var offset = 0
    while offset < count {
        let written = write(fd, bytes + offset, count - offset)
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            return
        }
    }
}

/// Ends the process at once with `status` (`_exit(2)`: no atexit handlers, no flushing; async-signal-safe).
func system_exitImmediately(_ status: CInt) -> Never { _exit(status) }
func system_exit(_ status: CInt) -> Never { exit(status) }

func system_fstat(_ fd: CInt) -> Result<FileStatus, ErrnoValue> {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(ErrnoValue(system_errno)) }
    return .success(FileStatus(info))
}

func system_lstat(_ path: String) -> Result<FileStatus, ErrnoValue> {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .failure(ErrnoValue(system_errno)) }
    return .success(FileStatus(info))
}

/// The names in the directory open on `fd` (without `.` and `..`); the descriptor is consumed (closed).
func system_directoryEntries(_ fd: CInt) -> Result<[String], ErrnoValue> {
    guard let stream = fdopendir(fd) else {
        let code = system_errno
        _ = close(fd)
        return .failure(ErrnoValue(code))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(stream) else {
            if errno != 0 { return .failure(ErrnoValue(errno)) }
            break
        }
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return .success(names)
}

extension FileStatus {
    /// Extracts the fields from a `stat` result.
    init(_ info: stat) {
        let kind: Kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            default: .other
            }
        self.init(
            kind: kind, permissions: UInt32(info.st_mode & 0o777), owner: UInt32(info.st_uid), size: Int(info.st_size))
    }
}

// MARK: - Terminal

/// `isatty(fd)`.
func system_isatty(_ fd: CInt) -> Bool { isatty(fd) == 1 }

/// The terminal's rows and columns (`TIOCGWINSZ`), or nil when `fd` is no terminal or reports no size.
func system_windowSize(_ fd: CInt) -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_row), Int(size.ws_col))
}

/// A terminal's settings (`termios`), kept opaque outside this file.
struct system_TerminalSettings {
    fileprivate var value = termios()
}

/// `tcgetattr(fd)`.
func system_tcgetattr(_ fd: CInt) -> Result<system_TerminalSettings, ErrnoValue> {
    var settings = system_TerminalSettings()
    return tcgetattr(fd, &settings.value) == 0 ? .success(settings) : .failure(ErrnoValue(system_errno))
}

/// `tcsetattr(fd)`, at once or after discarding what was typed ahead (`TCSAFLUSH`).
func system_tcsetattr(_ fd: CInt, _ settings: system_TerminalSettings, discardTypeAhead: Bool) -> CInt {
    var value = settings.value
    return tcsetattr(fd, discardTypeAhead ? TCSAFLUSH : TCSANOW, &value)
}

/// `settings` with echo, line editing and the signal keys off, one byte per read.
func system_keyByKey(_ settings: system_TerminalSettings) -> system_TerminalSettings {
    var changed = settings
    changed.value.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &changed.value.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
    }
    return changed
}

/// What the terminal-restoring signal handler uses; preallocated, set before the handler is installed.
nonisolated(unsafe) private var restoringSettings = termios()
nonisolated(unsafe) private var restoringDescriptor: CInt = -1
nonisolated(unsafe) private var restoringBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoringCount = 0

/// Saves what the handler restores: `settings` on `fd` (-1: no terminal) and `bytes` written to stdout.
func system_prepareTerminalRestore(_ fd: CInt, _ settings: system_TerminalSettings, bytes: [UInt8]) {
    restoringSettings = settings.value
    if restoringBytes == nil || restoringCount != bytes.count {
        restoringBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    }
    restoringBytes?.initialize(from: bytes, count: bytes.count)
    restoringCount = bytes.count
    restoringDescriptor = fd
}

/// Forgets the descriptor, so that a later signal restores nothing on it.
func system_forgetTerminalRestore() { restoringDescriptor = -1 }

/// The handler: restores the terminal, writes the bytes, then lets the signal end the process as it would have.
/// Async-signal-safe calls only.
func system_restoreTerminalAndReraise(_ number: CInt) {
    if restoringDescriptor >= 0 { _ = tcsetattr(restoringDescriptor, TCSANOW, &restoringSettings) }
    if let restoringBytes { _ = write(1, restoringBytes, restoringCount) }
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}

/// `pause()`: sleeps until a signal arrives.
func system_pause() { _ = pause() }

// MARK: - Signal pipe

nonisolated(unsafe) private var signalPipeWriteEnd: CInt = -1

/// Makes a pipe whose ends are close-on-exec and non-blocking, for the signal handler to write to.
func system_signalPipe() -> Result<(read: CInt, write: CInt), ErrnoValue> {
    var ends: [CInt] = [-1, -1]
    guard pipe(&ends) == 0 else { return .failure(ErrnoValue(system_errno)) }
    for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    signalPipeWriteEnd = ends[1]
    return .success((ends[0], ends[1]))
}

/// The handler of the signal pipe: one `write(2)` of the signal number, async-signal-safe.
func system_writeSignalNumber(_ number: CInt) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

// MARK: - Constants

extension Signal {
    /// `SIGINT` (Ctrl-C).
    public static let interrupt = Signal(rawValue: SIGINT)
    /// `SIGTERM`.
    public static let terminate = Signal(rawValue: SIGTERM)
    /// `SIGKILL`.
    public static let kill = Signal(rawValue: SIGKILL)
    /// `SIGHUP` (the terminal went away).
    public static let hangUp = Signal(rawValue: SIGHUP)
    /// `SIGQUIT` (Ctrl-Backslash).
    public static let quit = Signal(rawValue: SIGQUIT)
    /// `SIGABRT` (`abort()`, a failed Swift precondition in some builds).
    public static let abort = Signal(rawValue: SIGABRT)
    /// `SIGSEGV` (an invalid memory access, a stack overflow).
    public static let segmentationFault = Signal(rawValue: SIGSEGV)
    /// `SIGBUS` (a misaligned access, a mapped file that shrank).
    public static let busError = Signal(rawValue: SIGBUS)
    /// `SIGILL` (an illegal instruction: Swift's traps on x86-64).
    public static let illegalInstruction = Signal(rawValue: SIGILL)
    /// `SIGFPE` (an arithmetic fault such as an integer division by zero).
    public static let floatingPointException = Signal(rawValue: SIGFPE)
    /// `SIGTRAP` (a breakpoint trap: Swift's traps on arm64).
    public static let trap = Signal(rawValue: SIGTRAP)
    /// `SIGPIPE` (a write to a pipe or socket nobody reads).
    public static let brokenPipe = Signal(rawValue: SIGPIPE)
}

let system_ETXTBSY = ETXTBSY
let system_O_RDONLY = O_RDONLY
let system_O_WRONLY = O_WRONLY
let system_O_RDWR = O_RDWR
let system_O_CREAT = O_CREAT
let system_O_EXCL = O_EXCL
let system_O_TRUNC = O_TRUNC
let system_O_APPEND = O_APPEND
let system_O_NOFOLLOW = O_NOFOLLOW
let system_O_DIRECTORY = O_DIRECTORY
let system_O_NONBLOCK = O_NONBLOCK
let system_O_NOCTTY = O_NOCTTY
let system_O_CLOEXEC = O_CLOEXEC
let system_LOCK_EX = LOCK_EX
let system_LOCK_NB = LOCK_NB
let system_LOCK_UN = LOCK_UN

extension Errno {
    /// `EADDRNOTAVAIL`: the address to bind is not on this machine (no IPv6 loopback, say).
    public static let addressNotAvailable: CInt = EADDRNOTAVAIL
    /// `EINTR`: the call was interrupted by a signal.
    public static let interrupted: CInt = EINTR
    /// `EEXIST`: something is already at the path.
    public static let fileExists: CInt = EEXIST
    /// `ENOENT`: no such file or directory.
    public static let noSuchFileOrDirectory: CInt = ENOENT
    /// `EWOULDBLOCK`: a non-blocking call would have to wait (for a lock held elsewhere).
    public static let wouldBlock: CInt = EWOULDBLOCK
    /// `EINVAL`: an invalid argument (a file system that cannot sync a directory says this).
    public static let invalidArgument: CInt = EINVAL
    /// `ELOOP`: the last component is a symbolic link and `noFollow` was asked.
    public static let tooManySymbolicLinks: CInt = ELOOP
    /// `ENOTDIR`: a component of the path is not a directory.
    public static let notDirectory: CInt = ENOTDIR
    /// `EISDIR`: the path is a directory.
    public static let isDirectory: CInt = EISDIR
    /// `ENOSPC`: no space left on the device.
    public static let noSpace: CInt = ENOSPC
    /// `EDQUOT`: the user's disk quota is used up.
    public static let quotaExceeded: CInt = EDQUOT
    /// `EPERM`: the operation is not permitted.
    public static let notPermitted: CInt = EPERM
    /// `EACCES`: permission denied.
    public static let permissionDenied: CInt = EACCES
    /// `EROFS`: the file system is read-only.
    public static let readOnlyFileSystem: CInt = EROFS
    /// `EIO`: an input/output error (also what a short read of a generator is reported as).
    public static let ioFailure: CInt = EIO
    /// `ENOSYS`: the kernel does not have the system call (`getrandom(2)` before Linux 3.17).
    public static let notImplemented: CInt = ENOSYS
    /// The codes with which `link(2)` says the file system has no hard links (FAT, some network file systems).
    static let linkUnsupported: [CInt] = [EPERM, EOPNOTSUPP, ENOTSUP, EXDEV, EMLINK, ENOSYS]
}
