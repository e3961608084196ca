import HFPrimitives

/// The members every JSON bundle shares: `format`, `version` (always 1) and, except in backup documents, `network`.
enum BundleEnvelope {
    /// The only version this module reads and writes.
    static let version: Int64 = 1

    /// Parses a whole bundle file into a reader over its top-level object.
    /// - Throws: `.tooLarge` over 64 MiB (before parsing), `.invalidJSON`, or `.wrongType` when the top level is not
    ///   an object.
    static func topLevel(_ bytes: [UInt8]) throws(BundleError) -> JSONObjectReader {
        guard bytes.count <= BundleLimits.maxBundleBytes else {
            throw .tooLarge(size: bytes.count, limit: BundleLimits.maxBundleBytes)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: .bundle)
        } catch {
            throw .invalidJSON(error)
        }
        return try JSONField(value: value, path: .root).object()
    }

    /// The envelope members of a bundle of `kind` on `network` (nil for backup documents, which have none).
    static func members(_ kind: BundleKind, network: Network?) -> [String: JSONValue] {
        var members: [String: JSONValue] = ["format": .string(kind.formatName ?? ""), "version": .integer(version)]
        if let network { members["network"] = .string(network.rawValue) }
        return members
    }
}

extension JSONObjectReader {
    /// Reads and checks `format` (must name `kind`) and `version` (must be in `versions`, by default only 1), in
    /// that order.
    /// - Returns: the version.
    /// - Throws: `.wrongFormat` for another known kind, `.unknownFormat`, `.unsupportedVersion`, or the field errors.
    @discardableResult
    mutating func readFormat(
        _ kind: BundleKind, versions: ClosedRange<Int64> = BundleEnvelope.version...BundleEnvelope.version
    ) throws(BundleError) -> Int64 {
        let format = try field("format").string()
        if format != kind.formatName {
            let found = String(format.prefix(64))
            guard BundleKind(formatName: format) != nil else { throw .unknownFormat(found) }
            throw .wrongFormat(expected: kind.formatName ?? "", found: found)
        }
        let versionField = try field("version")
        guard case .number(let version) = versionField.value else {
            throw .wrongType(path: versionField.path.text, expected: .integer, found: versionField.value.type)
        }
        guard let found = version.int64Value, versions.contains(found) else { throw .unsupportedVersion(version) }
        return found
    }

    /// Reads `network` and checks it against `expected` (when given).
    /// - Throws: `.unknownNetwork`, `.wrongNetwork`, or the field errors.
    mutating func readNetwork(expected: Network?) throws(BundleError) -> Network {
        try Self.network(try field("network"), expected: expected)
    }

    /// The network named by `field`, checked against `expected` (when given).
    static func network(_ field: JSONField, expected: Network?) throws(BundleError) -> Network {
        let name = try field.string()
        guard let network = Network(rawValue: name) else { throw .unknownNetwork(String(name.prefix(64))) }
        if let expected, expected != network { throw .wrongNetwork(expected: expected, found: network) }
        return network
    }
}
