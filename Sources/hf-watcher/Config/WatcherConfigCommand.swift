import HFCommandLine

/// `hf-watcher config set|show`.
struct WatcherConfigCommand: CommandGroup {
    static let name = "config"
    static let abstract = "Set and show provider URLs, API key files and the poll interval."
    static let discussion: String? = """
        Keys: woc.url (base including /v1/bsv/<net>), woc.key-file, junglebus.url (base including /v1), arc.url, \
        arc.key-file, arc.failover.url, arc.failover.key-file, ordinals.url, poll.seconds, net.attempts (1-10, default 6), net.timeout (seconds), paymail.host-override (a URL asked \
        for every domain's /.well-known/bsvalias instead of https://<domain>; set by `config set devnet`). Key files hold API keys and \
        must be mode 0600; keys are never printed or logged. `config set devnet URL` points every service at an \
        hf-devnet. Defaults are the public mainnet or testnet services.
        """
    static let subcommands: [any Command.Type] = [WatcherConfigSet.self, WatcherConfigShow.self]
}
