import HFCommandLine

// First, before any argument is parsed: no core dumps, and a crash prints one line and exits at once
// (HFSystem.CrashHygiene; exit 71 if the kernel refuses).
CommandRunner.enableCrashHygiene(program: "hf-watcher")

/// hf-watcher: the online half of hf-airgap. See `hf-watcher --help` and man/hf-watcher.1.
await CommandRunner.mainAsync(
    root: WatcherCommand.self, version: ToolkitVersion.current, networkResolver: WatcherNetworkChoice.resolver)
