public import HFPrimitives

extension ProbeResultBundle {
    /// Decodes and validates a `.hfproberesult` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex), counts,
    ///   names, addresses (malformed, of another network, twice within a preset), a preset name twice.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes the file's top-level object.
    init(topLevel object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.probeResult)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let createdAt = try reader.field("createdAt").timestamp()
        let digest = try reader.field("probe").hexBytes(count: 32)
        let maximum = 2 * BundleLimits.probeChainAddressCount.upperBound
        var presets: [Preset] = []
        for field in try reader.field("presets").array(count: BundleLimits.probePresetCount) {
            var preset = try field.object()
            let name = try preset.field("name").string()
            let checked: Int = try preset.field("checked").integer(in: 1...maximum)
            var used: [Address] = []
            for item in try preset.field("used").array(count: 0...maximum) {
                let text = try item.string()
                do { used.append(try Address(string: text, network: network)) } catch {
                    throw .invalidAddress(path: item.path.text, error)
                }
            }
            try preset.finish()
            presets.append(Preset(name: name, checked: checked, used: used))
        }
        try reader.finish()
        try self.init(network: network, createdAt: createdAt, probeDigest: digest, presets: presets)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.probeResult, network: network)
        members["createdAt"] = .string(createdAt.text)
        members["probe"] = .string(probeDigest.hex)
        members["presets"] = .array(
            presets.map { preset in
                .object([
                    "name": .string(preset.name),
                    "checked": .integer(Int64(preset.checked)),
                    "used": .array(preset.used.map { .string($0.string) }),
                ])
            })
        return JSONValue.object(members).canonicalBytes
    }
}
