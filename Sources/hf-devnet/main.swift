import HFCommandLine

/// hf-devnet: a local regtest chain serving the WhatsOnChain, JungleBus and ARC API subset. See `hf-devnet --help`.
await CommandRunner.mainAsync(root: DevnetCommand.self, version: ToolkitVersion.current, globals: [.json])
