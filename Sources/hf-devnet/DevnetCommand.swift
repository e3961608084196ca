import HFCommandLine

/// The root command of `hf-devnet`.
struct DevnetCommand: CommandGroup {
    static let name = "hf-devnet"
    static let abstract = "A local regtest chain with the WhatsOnChain, JungleBus and ARC API subset."
    static let discussion: String? = """
        hf-devnet keeps a regtest chain in a state directory (real proof of work, real signatures, real proofs) and \
        serves it on 127.0.0.1 under the paths of the public services, so that hf-watcher can run the whole loop on \
        one machine: WhatsOnChain at <url>/woc/v1/bsv/regtest, JungleBus at <url>/junglebus/v1, ARC at <url>/arc, \
        the ordinals indexer at <url>/ordinals/api. While 'serve' runs, the state directory is locked: \
        give 'mine', 'fund' and 'reorg' the server's --url instead of --state.
        """
    static let subcommands: [any Command.Type] = [
        ServeCommand.self, MineCommand.self, FundCommand.self, ReorgCommand.self,
    ]
}
