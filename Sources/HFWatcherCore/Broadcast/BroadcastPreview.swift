public import HFBundles
public import HFPrimitives
import HFStore
import HFWallet

/// What `hf-watcher broadcast --dry-run FILE.hftx` shows before anything is sent: the watcher's view of the
/// transaction's outputs (address or script kind, amount, and whether the address is one the watcher watches from
/// a verified address pack, with the pack's scheme and reference), the inputs' total, the fee, the size and the
/// lock time, after the same checks as a broadcast. Nothing is sent and nothing is written.
///
/// `--json`: `{"broadcast":false,"fee","feeRate","inputs":{"count","satoshis"},"nLockTime","outputs":[{"address"?,
/// "index","kind","reference"?,"satoshis","scheme"?,"watched"}],"signatures":{"inputs","notVerified","verified"},
/// "size","txid"}`.
public struct BroadcastPreview: Encodable, Sendable, Equatable {
    /// One output as the watcher sees it.
    public struct Output: Encodable, Sendable, Equatable {
        public let index: Int
        /// `p2pkh`, `data`, `bcat`, `script` or `nonstandard` (`ScriptClassification.Kind`).
        public let kind: String
        /// The full address of a `p2pkh` output.
        public let address: String?
        public let satoshis: UInt64
        /// Whether the address is in an imported address pack of this network.
        public let watched: Bool
        /// The pack entry's scheme and reference (as the signer signed them in the pack), for a watched address.
        public let scheme: String?
        public let reference: String?
    }

    /// The inputs' count and total.
    public struct Inputs: Encodable, Sendable, Equatable {
        public let count: Int
        public let satoshis: UInt64
    }

    /// Always false: a dry run sends nothing.
    public let broadcast: Bool
    /// The txid (display hex).
    public let txid: String
    public let outputs: [Output]
    public let inputs: Inputs
    /// The fee in satoshis, and per 1000 bytes of `size` (two decimals).
    public let fee: UInt64
    public let feeRate: Double
    /// The size of the signed transaction in bytes.
    public let size: Int
    public let nLockTime: UInt32
    /// The signature check: `{"inputs","notVerified","verified"}` (a failing one refuses the preview).
    public let signatures: Signatures

    /// How many inputs' signatures were verified, and how many were not checked (not P2PKH).
    public struct Signatures: Encodable, Sendable, Equatable {
        public let inputs: Int
        public let verified: Int
        public let notVerified: Int
        /// `signatures: N of M verified`.
        public var summary: String {
            "signatures: \(verified) of \(inputs) verified" + (notVerified > 0 ? ", \(notVerified) not verified (not P2PKH)" : "")
        }
    }

    /// The preview of `bundle` on `network`, with the addresses `home` watches.
    /// - Throws: `WatcherError.rejected` as a broadcast would refuse the bundle; `.database` when the watched
    ///   addresses cannot be read.
    public static func of(
        _ bundle: TransactionBundle, home: WatcherHome, network: Network
    ) throws(WatcherError) -> BroadcastPreview {
        let (extended, fee, check) = try WatcherBroadcast.checked(bundle, home: home)
        let entries: [WatchedWallets.Entry]
        do { entries = try WatchedWallets(database: home.database, network: network.rawValue).addresses() } catch {
            throw .database(error)
        }
        let watched = Dictionary(entries.map { ($0.address, $0) }, uniquingKeysWith: { first, _ in first })
        let outputs = extended.transaction.outputs.enumerated().map { index, output in
            let address = output.lockingScript.p2pkhAddress(network: network)?.string
            let entry = address.flatMap { watched[$0] }
            return Output(
                index: index, kind: ScriptClassification(output.lockingScript).kind.rawValue, address: address,
                satoshis: output.satoshis, watched: entry != nil, scheme: entry?.scheme, reference: entry?.reference)
        }
        let size = bundle.rawTx.count
        return BroadcastPreview(
            broadcast: false, txid: bundle.txid.displayHex, outputs: outputs,
            inputs: Inputs(count: extended.sourceOutputs.count, satoshis: extended.totalInputSatoshis), fee: fee,
            feeRate: FeeDensity.satoshisPerKB(fee: fee, size: size), size: size, nLockTime: extended.transaction.lockTime,
            signatures: Signatures(inputs: check.inputs.count, verified: check.verified, notVerified: check.notVerified))
    }
}
