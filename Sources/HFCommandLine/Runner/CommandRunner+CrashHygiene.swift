import HFSystem


extension CommandRunner {
    /// Turns core dumps off and replaces the crash handlers (`HFSystem.CrashHygiene`) for a program that may hold
    /// keys; the first call of `hf-signer`'s and `hf-watcher`'s `main.swift`, before any argument is parsed.
    ///
    /// When the kernel refuses, prints one `error:` line to stderr and exits with ``ExitCode/osError`` (71): the
    /// program does not run at all rather than run with keys that a crash could write to disk. (No `--json` error
    /// object: the arguments are not parsed yet.)
    /// - Parameter program: the program's name, which starts the crash line and the error.
    public static func enableCrashHygiene(program: String) {
        do throws(Errno) {
            try CrashHygiene.enable(program: program)
        } catch {
            Output.message(
                "error: \(program) cannot turn core dumps off (\(error)); it does not start without that, because a "
                    + "crash could write its keys to disk. Run it where prctl(PR_SET_DUMPABLE) and "
                    + "setrlimit(RLIMIT_CORE) are allowed.")
            ExitStatus(rawValue: ExitCode.osError.rawValue).exitProcess()
        }
    }
}
