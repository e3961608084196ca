import HFCrypto
import HFCommandLine
import HFPrimitives
import HFWallet

/// `hf-signer keys derive`: addresses of one chain of a phrase, without a home directory.
struct Derive: Command {
    static let name = "derive"
    static let abstract = "Derive receive or change addresses of a recovery phrase."
    static let discussion: String? = """
        bip44 follows m/44'/236'/0'/c/n (c = 0 receive, 1 change); type42 uses BRC-42 with counterparty self and \
        the invoices 1-wallet-N (receive) and 0-change-N (change) from the BIP32 master key. --path PREFIX derives \
        PREFIX/c/n instead, and --preset NAME another BSV wallet's paths (centbee: m/44'/0/c/n with the PIN as \
        --bip39-passphrase-file; electrumsv: m/44'/0'/0'/c/n; twetch: m/c/n; yours: ours); both imply bip44. \
        With --json the result is an array of {"index","scheme","reference","address","publicKey"}.
        """
    static let options =
        MnemonicSource.options + [
            Option.scheme
        ] + PathOption.options + [
            Option.chain,
            Option.start,
            Option.count,
        ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let scheme = OptionHelp(
            "--scheme", value: "bip44|type42", help: "Derivation scheme (bip44 with --path or --preset).")
        static let chain = OptionHelp("--chain", value: "receive|change", help: "Chain (default receive).")
        static let start = OptionHelp("--start", value: "n", help: "First index (default 0).")
        static let count = OptionHelp("--count", value: "n", help: "Number of addresses, 1 to 100000 (default 20).")
    }
    /// The largest `--count`.
    static let maximumCount = 100_000

    let source: MnemonicSource
    let scheme: DerivationScheme
    /// `--path` or `--preset`, or nil for our own chains.
    let path: PathOption?
    let chain: KeyChainKind
    let start: UInt32
    let count: Int

    init(parsing arguments: inout Arguments) throws {
        source = try MnemonicSource(parsing: &arguments)
        let schemeName = try arguments.option(Option.scheme)
        path = try PathOption.parse(&arguments)
        switch (schemeName, path) {
        case (nil, nil): throw UsageError("give --scheme bip44|type42, --path PREFIX or --preset NAME")
        case (nil, .some): scheme = .bip44
        case (.some(let name), _):
            guard let scheme = DerivationScheme(rawValue: name) else {
                throw UsageError("--scheme must be bip44 or type42, not '\(name)'")
            }
            guard scheme == .bip44 || path == nil else {
                throw UsageError("--path and --preset are BIP32 paths: they go with --scheme bip44, not type42")
            }
            self.scheme = scheme
        }
        let chainName = try arguments.option(Option.chain) ?? "receive"
        guard let chain = KeyChainKind(rawValue: chainName) else {
            throw UsageError("--chain must be receive or change, not '\(chainName)'")
        }
        self.chain = chain
        let startText = try arguments.option(Option.start) ?? "0"
        guard let start = UInt32(startText), start < 0x8000_0000 else {
            throw UsageError("--start must be a whole number below 2147483648, not '\(startText)'")
        }
        self.start = start
        let countText = try arguments.option(Option.count) ?? "20"
        guard let count = Int(countText), (1...Self.maximumCount).contains(count) else {
            throw UsageError("--count must be a whole number from 1 to \(Self.maximumCount), not '\(countText)'")
        }
        guard UInt64(start) + UInt64(count) <= 0x8000_0000 else {
            throw UsageError("--start plus --count must not pass index 2147483647")
        }
        self.count = count
        try path?.checkPassphrase(given: source.passphraseFile != nil)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let keys = try source.walletKeys(network: context.globals.network.network, chains: path?.chains ?? .standard)
        let entries = try keys.derive(scheme: scheme, chain: chain, start: start, count: count)
        if context.globals.json {
            try Output.json(entries.map(Entry.init))
        } else {
            for entry in entries { Output.result("\(entry.reference)\t\(entry.address.string)") }
        }
        return .success
    }

    /// One `--json` array element.
    struct Entry: Encodable {
        let index: UInt32
        let scheme: String
        let reference: String
        let address: String
        let publicKey: String

        init(_ entry: DerivedAddress) {
            index = entry.index
            scheme = entry.scheme.rawValue
            reference = entry.reference
            address = entry.address.string
            publicKey = entry.publicKey.compressed.hex
        }
    }
}
