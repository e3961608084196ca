import HFCrypto
public import HFPrimitives

/// `.hfprobe` (signer → watcher, `man/hf-bundles.5`): the first addresses of each chain of a recovery phrase, derived
/// as each known wallet layout (a *preset*) derives them, for the watcher to ask which have history. It carries
/// addresses only: no key, no phrase, nothing secret.
///
/// **Not signed.** The other signer → watcher bundles are signed with a wallet's identity key, which the watcher
/// trusts from an earlier `--trust-identity`; a probe is made before any wallet of the phrase exists, and a
/// signature by the probed phrase's own key would prove nothing to a watcher that trusts no such key. A probe is
/// instead bound to its answer by digest: the `.hfproberesult` names `SHA-256` of the probe's canonical bytes
/// (``digest``), which `hf-signer wallet probe` prints, so the user can tell which probe a result answers.
public struct ProbeBundle: Hashable, Sendable {
    /// One wallet layout's addresses.
    public struct Preset: Hashable, Sendable {
        /// The layout's name: 1…32 bytes of `a`–`z`, `0`–`9` and `-` (`centbee`, `hf-airgap`, …).
        public let name: String
        /// The first addresses of its receive chain, from index 0.
        public let receive: [Address]
        /// The first addresses of its change chain, from index 0.
        public let change: [Address]

        /// A layout's addresses; ``ProbeBundle/init(network:createdAt:presets:)`` checks them.
        public init(name: String, receive: [Address], change: [Address]) {
            self.name = name
            self.receive = receive
            self.change = change
        }

        /// Every address, receive first.
        public var addresses: [Address] { receive + change }
    }

    /// The network of every address.
    public let network: Network
    /// When the probe was made.
    public let createdAt: RFC3339Timestamp
    /// The layouts, 1…32, each name once.
    public let presets: [Preset]

    /// A probe.
    ///
    /// - Throws: `BundleError.countOutOfRange` (presets, or a chain's addresses outside 1…100), `.invalidText` or
    ///   `.overLimit` for a name, `.duplicateEntry` for a name twice or an address twice within a preset,
    ///   `.invalidAddress` for an address of another network.
    public init(network: Network, createdAt: RFC3339Timestamp, presets: [Preset]) throws(BundleError) {
        guard BundleLimits.probePresetCount.contains(presets.count) else {
            throw .countOutOfRange(path: "presets", count: presets.count, allowed: BundleLimits.probePresetCount)
        }
        var names: Set<String> = []
        var checked: [Preset] = []
        for (index, preset) in presets.enumerated() {
            let path = "presets[\(index)]"
            try Self.checkName(preset.name, path: path + ".name")
            guard names.insert(preset.name).inserted else { throw .duplicateEntry(path: path + ".name") }
            var seen: Set<[UInt8]> = []
            let receive = try Self.checked(preset.receive, path: path + ".receive", network: network, seen: &seen)
            let change = try Self.checked(preset.change, path: path + ".change", network: network, seen: &seen)
            checked.append(Preset(name: preset.name, receive: receive, change: change))
        }
        self.network = network
        self.createdAt = createdAt
        self.presets = checked
    }

    /// `SHA-256` of ``encoded()``: what a `.hfproberesult` names to say which probe it answers.
    public var digest: [UInt8] { Hash.sha256(encoded()) }

    /// Checks a preset name: 1…32 bytes of `a`–`z`, `0`–`9` and `-`.
    static func checkName(_ name: String, path: String) throws(BundleError) {
        guard !name.isEmpty else { throw .emptyValue(path: path) }
        guard name.utf8.count <= BundleLimits.maxProbePresetNameBytes else {
            throw .overLimit(path: path, limit: BundleLimits.maxProbePresetNameBytes)
        }
        let allowed = name.utf8.allSatisfy { byte in
            (0x61...0x7a).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2d
        }
        guard allowed else { throw .invalidText(path: path) }
    }

    /// One chain's addresses: 1…100, on `network` (moved onto it when another network shares the version byte),
    /// none already in `seen`.
    private static func checked(
        _ addresses: [Address], path: String, network: Network, seen: inout Set<[UInt8]>
    ) throws(BundleError) -> [Address] {
        guard BundleLimits.probeChainAddressCount.contains(addresses.count) else {
            throw .countOutOfRange(
                path: path, count: addresses.count, allowed: BundleLimits.probeChainAddressCount)
        }
        var result: [Address] = []
        for (index, address) in addresses.enumerated() {
            let itemPath = "\(path)[\(index)]"
            result.append(try on(network, address, path: itemPath))
            guard seen.insert(address.hash160).inserted else { throw .duplicateEntry(path: itemPath) }
        }
        return result
    }

    /// `address` on `network`, or `.invalidAddress` when its version byte is another network's.
    static func on(_ network: Network, _ address: Address, path: String) throws(BundleError) -> Address {
        let version = address.network.p2pkhVersion
        guard version == network.p2pkhVersion else {
            throw .invalidAddress(path: path, .wrongNetwork(expected: network, versionByte: version))
        }
        guard address.network != network, let moved = try? Address(hash160: address.hash160, network: network) else {
            return address
        }
        return moved
    }
}
