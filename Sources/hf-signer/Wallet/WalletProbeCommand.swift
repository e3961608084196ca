import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer wallet probe --mnemonic-file F [--bip39-passphrase-file P] --out F.hfprobe`.
struct WalletProbeCommand: Command {
    static let name = "probe"
    static let abstract = "Write a .hfprobe: a phrase's first addresses under every known wallet layout."
    static let discussion: String? = """
        For a phrase from another BSV wallet whose layout is unknown. Derives the first 20 receive and 20 change \
        addresses under each preset (centbee, electrumsv, twetch, yours) and under this toolkit's own Type42 \
        default (hf-airgap), and writes them to --out, a new .hfprobe for `hf-watcher probe` (addresses only: no \
        key, no phrase). centbee is left out without --bip39-passphrase-file (its PIN is the passphrase). The \
        phrase and passphrase are read from files of mode 0600 only. Needs no home and stores nothing. Output: \
        the file, the presets, and the probe's digest, which the answer names. With --json: \
        {"addresses","digest","file","presets","skipped"}.
        """
    static let options = MnemonicSource.options + [Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hfprobe file.", required: true)
    }

    let source: MnemonicSource
    let out: String

    init(parsing arguments: inout Arguments) throws {
        source = try MnemonicSource(parsing: &arguments)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (mnemonic, passphrase) = try source.mnemonicAndPassphrase()
        let network = context.globals.network.network
        let made = try signerOperation { () throws(SignerError) in
            let made = try WalletProbe.make(mnemonic: mnemonic, passphrase: passphrase, network: network)
            try WalletProbe.write(made, to: out)
            return made
        }
        let names = made.bundle.presets.map(\.name)
        let addresses = made.bundle.presets.reduce(0) { $0 + $1.addresses.count }
        let digest = made.bundle.digest.hex
        if context.globals.json {
            try Output.json(
                Report(
                    file: out, presets: names, skipped: made.skipped.map(\.rawValue), addresses: addresses,
                    digest: digest))
        } else {
            Output.result(
                "wrote \(out): \(addresses) addresses of \(names.joined(separator: ", ")); probe \(digest.prefix(16))")
            for preset in made.skipped {
                Output.message("\(preset.rawValue) left out: \(preset.passphraseNote ?? "it needs a passphrase"); "
                    + "give --bip39-passphrase-file to probe it")
            }
            Output.message("next: `hf-watcher probe \(out) --out result.hfproberesult` on the online machine")
        }
        return .success
    }

    /// The `--json` object.
    struct Report: Encodable {
        let file: String
        let presets: [String]
        let skipped: [String]
        let addresses: Int
        let digest: String
    }
}
