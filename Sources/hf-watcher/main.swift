import HFCommandLine

/// hf-watcher: the online half of hf-airgap. See `hf-watcher --help` and man/hf-watcher.1.
await CommandRunner.mainAsync(root: WatcherCommand.self, version: WatcherCommand.version)
