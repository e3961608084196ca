public import HFPrimitives

/// `.hfproberesult` (watcher → signer, `man/hf-bundles.5`): the answer to a `.hfprobe`, per preset how many of its
/// addresses have history on the chain and which.
///
/// It names the probe it answers by ``probeDigest`` (`SHA-256` of the probe's canonical bytes, ``ProbeBundle/digest``)
/// and is not signed: it is the watcher's report of what the chain service said, and the signer only prints it
/// (it changes nothing in the home), so the digest lets the user match it with the probe, nothing more.
public struct ProbeResultBundle: Hashable, Sendable {
    /// One preset's answer.
    public struct Preset: Hashable, Sendable {
        /// The preset's name, as the probe gave it.
        public let name: String
        /// How many of its addresses were asked (receive and change together), 1…200.
        public let checked: Int
        /// The addresses that have history, at most `checked`, each once.
        public let used: [Address]

        /// One preset's answer; ``ProbeResultBundle/init(network:createdAt:probeDigest:presets:)`` checks it.
        public init(name: String, checked: Int, used: [Address]) {
            self.name = name
            self.checked = checked
            self.used = used
        }
    }

    /// The network.
    public let network: Network
    /// When the watcher asked.
    public let createdAt: RFC3339Timestamp
    /// `SHA-256` of the canonical bytes of the probe answered (32 bytes).
    public let probeDigest: [UInt8]
    /// The presets, in the probe's order, each name once.
    public let presets: [Preset]

    /// A result.
    ///
    /// - Throws: `BundleError.wrongLength` (path `probe`), `.countOutOfRange` (presets; a preset's `checked` outside
    ///   1…200 or more used addresses than checked), name faults as ``ProbeBundle``, `.duplicateEntry`,
    ///   `.invalidAddress`.
    public init(
        network: Network, createdAt: RFC3339Timestamp, probeDigest: [UInt8], presets: [Preset]
    ) throws(BundleError) {
        guard probeDigest.count == 32 else {
            throw .wrongLength(path: "probe", expected: 32, actual: probeDigest.count)
        }
        guard BundleLimits.probePresetCount.contains(presets.count) else {
            throw .countOutOfRange(path: "presets", count: presets.count, allowed: BundleLimits.probePresetCount)
        }
        var names: Set<String> = []
        var checkedPresets: [Preset] = []
        for (index, preset) in presets.enumerated() {
            let path = "presets[\(index)]"
            try ProbeBundle.checkName(preset.name, path: path + ".name")
            guard names.insert(preset.name).inserted else { throw .duplicateEntry(path: path + ".name") }
            let allowed = 1...(2 * BundleLimits.probeChainAddressCount.upperBound)
            guard allowed.contains(preset.checked) else {
                let bounds = Int64(allowed.lowerBound)...Int64(allowed.upperBound)
                throw .outOfRange(path: path + ".checked", allowed: bounds)
            }
            guard preset.used.count <= preset.checked else {
                throw .countOutOfRange(path: path + ".used", count: preset.used.count, allowed: 0...preset.checked)
            }
            var seen: Set<[UInt8]> = []
            var used: [Address] = []
            for (item, address) in preset.used.enumerated() {
                let itemPath = "\(path).used[\(item)]"
                used.append(try ProbeBundle.on(network, address, path: itemPath))
                guard seen.insert(address.hash160).inserted else { throw .duplicateEntry(path: itemPath) }
            }
            checkedPresets.append(Preset(name: preset.name, checked: preset.checked, used: used))
        }
        self.network = network
        self.createdAt = createdAt
        self.probeDigest = probeDigest
        self.presets = checkedPresets
    }
}
