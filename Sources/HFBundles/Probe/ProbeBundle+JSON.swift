public import HFPrimitives

extension ProbeBundle {
    /// Decodes and validates a `.hfprobe` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types), counts, names,
    ///   addresses (malformed, of another network, twice within a preset), a preset name twice.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        var reader = try BundleEnvelope.topLevel(bytes)
        try reader.readFormat(.probe)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let createdAt = try reader.field("createdAt").timestamp()
        var presets: [Preset] = []
        for field in try reader.field("presets").array(count: BundleLimits.probePresetCount) {
            var preset = try field.object()
            let name = try preset.field("name").string()
            let receive = try Self.addresses(try preset.field("receive"), network: network)
            let change = try Self.addresses(try preset.field("change"), network: network)
            try preset.finish()
            presets.append(Preset(name: name, receive: receive, change: change))
        }
        try reader.finish()
        try self.init(network: network, createdAt: createdAt, presets: presets)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.probe, network: network)
        members["createdAt"] = .string(createdAt.text)
        members["presets"] = .array(
            presets.map { preset in
                .object([
                    "name": .string(preset.name),
                    "receive": .array(preset.receive.map { .string($0.string) }),
                    "change": .array(preset.change.map { .string($0.string) }),
                ])
            })
        return JSONValue.object(members).canonicalBytes
    }

    /// An array of 1…100 address strings on `network` (the count is checked again by the initializer).
    static func addresses(_ field: JSONField, network: Network) throws(BundleError) -> [Address] {
        var addresses: [Address] = []
        for item in try field.array(count: BundleLimits.probeChainAddressCount) {
            let text = try item.string()
            do { addresses.append(try Address(string: text, network: network)) } catch {
                throw .invalidAddress(path: item.path.text, error)
            }
        }
        return addresses
    }
}
