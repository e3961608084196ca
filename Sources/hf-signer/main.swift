import HFCommandLine

// First, before any argument is parsed or secret read: no core dumps, and a crash prints one line and exits at once
// (HFSystem.CrashHygiene; exit 71 if the kernel refuses).
CommandRunner.enableCrashHygiene(program: "hf-signer")

/// hf-signer: the offline half of hf-airgap. See `hf-signer --help` and man/hf-signer.1.
let code = CommandRunner.run(
    root: SignerCommand.self, version: ToolkitVersion.current, arguments: Array(CommandLine.arguments.dropFirst()),
    networkResolver: SignerNetworkChoice.resolver)
// Close the session (the database, then the home lock) before exiting, so SQLite checkpoints its WAL as usual.
OpenSession.close()
code.exitProcess()
