import HFCommandLine
import HFWallet

/// The `--path PREFIX` and `--preset NAME` options of `keys derive` and `wallet import`: the BIP32 chains of a phrase
/// made by another application (``BIP32Chains``; presets and their sources in hf-signer(1) and
/// `docs/reference/wallet-paths.md`).
struct PathOption: Sendable {
    static let options = [
        Option.path,
        Option.preset,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let path = OptionHelp(
            "--path", value: "prefix",
            help: "BIP32 prefix of another wallet's chains: PREFIX/0/N receive, PREFIX/1/N change.")
        static let preset = OptionHelp(
            "--preset", value: WalletPreset.allCases.map(\.rawValue).joined(separator: "|"),
            help: "Another BSV wallet's paths (sources in the man page).")
    }

    /// The chains the options name.
    let chains: BIP32Chains
    /// The preset, when `--preset` named one.
    let preset: WalletPreset?

    /// The chains of `--path` or `--preset`, or nil when neither is given.
    /// - Throws: `UsageError` for both at once, an unknown preset, or a prefix that is not a BIP32 path.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> PathOption? {
        let pathText = try arguments.option(Option.path)
        let presetName = try arguments.option(Option.preset)
        switch (pathText, presetName) {
        case (nil, nil):
            return nil
        case (.some, .some):
            throw UsageError("give --path or --preset, not both")
        case (.some(let text), nil):
            let prefix: DerivationPath
            do { prefix = try DerivationPath(text) } catch {
                throw UsageError("--path must be a BIP32 path such as m/44'/0'/0', not '\(text)': \(error)")
            }
            do { return PathOption(chains: try BIP32Chains(prefix: prefix), preset: nil) } catch {
                throw UsageError("--path '\(text)': \(error)")
            }
        case (nil, .some(let name)):
            guard let preset = WalletPreset(rawValue: name) else {
                let names = WalletPreset.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--preset must be one of \(names), not '\(name)'")
            }
            return PathOption(chains: preset.chains, preset: preset)
        }
    }

    /// Refuses a preset that always had a BIP39 passphrase (Centbee's PIN) when none is given.
    /// - Throws: `UsageError`.
    func checkPassphrase(given: Bool) throws(UsageError) {
        guard let preset, preset.needsPassphrase, !given else { return }
        let note = preset.passphraseNote ?? "a passphrase"
        throw UsageError("--preset \(preset.rawValue) needs --bip39-passphrase-file FILE: \(note)")
    }
}
