public import HFBundles
public import HFPrimitives
public import HFWallet
import HFStore
import HFSystem

/// `wallet probe` (issue 32): the first addresses of a recovery phrase under every known wallet layout, written as a
/// `.hfprobe` for the watcher to look up. Needs no home and stores nothing: a probe is not an import.
///
/// The layouts are each ``WalletPreset`` (its BIP32 chains, bip44 addresses) and this toolkit's own default,
/// `hf-airgap`: the Type42 receive and change chains a `wallet create` or plain `wallet import` uses (its bip44
/// chains are Yours Wallet's, so the `yours` preset covers them). A preset that always had a BIP39 passphrase
/// (Centbee's PIN) is left out when none is given: without one the phrase cannot be that wallet.
public enum WalletProbe {
    /// The name of the toolkit's own default layout in a probe.
    public static let ownLayout = "hf-airgap"
    /// The addresses probed on each chain, from index 0.
    public static let addressesPerChain = 20

    /// A probe and what it left out.
    public struct Made: Sendable {
        /// The probe.
        public let bundle: ProbeBundle
        /// The presets left out because they need a BIP39 passphrase and none was given.
        public let skipped: [WalletPreset]
    }

    /// Derives every layout's first ``addressesPerChain`` receive and change addresses of `mnemonic` with
    /// `passphrase` (empty: none) on `network`.
    ///
    /// - Parameter createdAt: the probe's time; nil: now.
    /// - Throws: `SignerError.rejected` when a key cannot be derived (practically impossible), the clock is outside
    ///   the years 0000…9999, or the probe cannot be built.
    public static func make(
        mnemonic: Mnemonic, passphrase: String, network: Network, createdAt: RFC3339Timestamp? = nil
    ) throws(SignerError) -> Made {
        let time: RFC3339Timestamp
        do { time = try createdAt ?? RFC3339Timestamp.now() } catch {
            throw .rejected(reason: "the system clock cannot be written as a date: \(error)")
        }
        var presets: [ProbeBundle.Preset] = []
        var skipped: [WalletPreset] = []
        do {
            let own = try WalletKeys(mnemonic: mnemonic, passphrase: passphrase, network: network)
            presets.append(try layout(ownLayout, keys: own, scheme: .type42))
            for preset in WalletPreset.allCases {
                if preset.needsPassphrase, passphrase.isEmpty {
                    skipped.append(preset)
                    continue
                }
                let keys = try WalletKeys(
                    mnemonic: mnemonic, passphrase: passphrase, network: network, chains: preset.chains)
                presets.append(try layout(preset.rawValue, keys: keys, scheme: .bip44))
            }
        } catch { throw .rejected(reason: "cannot derive the probe's addresses: \(error)") }
        do {
            return Made(bundle: try ProbeBundle(network: network, createdAt: time, presets: presets), skipped: skipped)
        } catch { throw .bundle(error) }
    }

    /// Writes `made`'s probe to the new file `out` (mode 0644: addresses only, nothing secret).
    /// - Throws: `SignerError.cannotCreate` when `out` exists or cannot be written.
    public static func write(_ made: Made, to out: String) throws(SignerError) {
        do { try FileWriter.createNew(out, contents: made.bundle.encoded(), permissions: 0o644) } catch {
            let why = error.code == Errno.fileExists ? "'\(out)' already exists" : FileSystemError(error).description
            throw .cannotCreate(reason: "\(why); nothing was written")
        }
    }

    /// One layout's receive and change addresses.
    private static func layout(
        _ name: String, keys: WalletKeys, scheme: DerivationScheme
    ) throws -> ProbeBundle.Preset {
        let count = addressesPerChain
        return ProbeBundle.Preset(
            name: name,
            receive: try keys.derive(scheme: scheme, chain: .receive, start: 0, count: count).map(\.address),
            change: try keys.derive(scheme: scheme, chain: .change, start: 0, count: count).map(\.address))
    }
}
