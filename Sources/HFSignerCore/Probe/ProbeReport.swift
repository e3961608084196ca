public import HFBundles
import HFPrimitives
import HFWallet

/// What `hf-signer import` makes of a `.hfproberesult` (issue 32): the presets whose addresses have history, each
/// with the command that imports the phrase as that wallet. It changes nothing in the home.
///
/// The signer keeps no record of the probes it made (a probe is not an import), so it cannot tell which probe a
/// result answers, nor check the watcher's claim: the result names its probe's digest, which `wallet probe` printed,
/// and the report shows it for the user to compare. A wrong claim costs nothing: the suggested import shows the
/// wallet's real balance once its receipts arrive.
public struct ProbeReport: Sendable {
    /// One preset with history.
    public struct Found: Sendable, Equatable {
        /// The preset's name in the probe.
        public let name: String
        /// How many of its addresses have history.
        public let used: Int
        /// How many were asked.
        public let checked: Int
        /// The command that imports the phrase as this wallet (`F` stands for the phrase's file).
        public let command: String
    }

    /// The probe's digest, as hex.
    public let probeDigest: String
    /// The presets with history, in the probe's order.
    public let found: [Found]
    /// The names of the presets without history.
    public let quiet: [String]

    /// The report of `result`.
    public init(_ result: ProbeResultBundle) {
        probeDigest = result.probeDigest.hex
        found = result.presets.filter { !$0.used.isEmpty }.map { preset in
            Found(
                name: preset.name, used: preset.used.count, checked: preset.checked,
                command: Self.importCommand(preset: preset.name))
        }
        quiet = result.presets.filter(\.used.isEmpty).map(\.name)
    }

    /// The `wallet import` command of a preset: `--preset NAME` (with the PIN file for one that always had a BIP39
    /// passphrase), nothing more for the toolkit's own layout, `--preset NAME` for a name this signer does not know.
    static func importCommand(preset name: String) -> String {
        let base = "hf-signer wallet import --mnemonic-file F"
        if name == WalletProbe.ownLayout { return base }
        if let preset = WalletPreset(rawValue: name), preset.needsPassphrase {
            return base + " --bip39-passphrase-file P --preset \(name)"
        }
        return base + " --preset \(name)"
    }
}
