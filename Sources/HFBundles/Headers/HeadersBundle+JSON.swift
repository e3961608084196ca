public import HFPrimitives

extension HeadersBundle {
    /// Decodes and validates a `.hfheaders` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB), strict JSON as docs/design.md §4 defines it.
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope (format, version, network), fields (missing,
    ///   unknown, types, hex, sizes) and the checks of `init(network:checkpoint:startHeight:fullHeaders:…)`.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes a header bundle object read from any position (a file's top level, or inside an `.hfupdate`).
    init(reader object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.headers)
        let network = try reader.readNetwork(expected: expectedNetwork)
        var checkpointReader = try reader.field("checkpoint").object()
        let checkpoint = HeaderCheckpoint(
            height: try checkpointReader.field("height").integer(in: 0...UInt32.max),
            hash: try checkpointReader.field("hash").blockHash())
        try checkpointReader.finish()
        let startHeight = try reader.field("startHeight").integer(in: 0...UInt32.max)
        let encoding = try reader.field("headerEncoding").oneOf(HeaderEncoding.self)
        var headers: [[UInt8]] = []
        for entry in try reader.field("headers").array(count: BundleLimits.headerCount) {
            headers.append(try entry.hexBytes(count: encoding.byteCount))
        }
        let feeQuote = try reader.optionalField("feeQuote").map { field throws(BundleError) in try Self.feeQuote(field) }
        let sources = try reader.optionalField("sources").map { field throws(BundleError) -> [String] in
            try field.array(count: Self.sourcesCount).map { entry throws(BundleError) in try entry.string() }
        }
        try reader.finish()
        try Self.validate(checkpoint: checkpoint, startHeight: startHeight, headers: headers, encoding: encoding)
        if let sources { try Self.validate(sources: sources) }
        self.init(
            network: network, checkpoint: checkpoint, startHeight: startHeight, headerEncoding: encoding,
            headers: headers, feeQuote: feeQuote, sources: sources)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        jsonValue.canonicalBytes
    }

    /// The bundle as a JSON value.
    var jsonValue: JSONValue {
        var members = BundleEnvelope.members(.headers, network: network)
        members["checkpoint"] = .object([
            "height": .integer(UInt64(checkpoint.height)), "hash": .string(checkpoint.hash.displayHex),
        ])
        members["startHeight"] = .integer(UInt64(startHeight))
        members["headerEncoding"] = .string(headerEncoding.rawValue)
        members["headers"] = .array(headers.map { .string($0.hex) })
        if let feeQuote { members["feeQuote"] = feeQuote.jsonValue }
        if let sources { members["sources"] = .array(sources.map { .string($0) }) }
        return .object(members)
    }

    /// Reads a `feeQuote` object.
    static func feeQuote(_ field: JSONField) throws(BundleError) -> FeeQuote {
        var reader = try field.object()
        let quote = try FeeQuote(
            satoshis: try reader.field("satoshis").integer(in: FeeQuote.satoshisRange),
            bytes: try reader.field("bytes").integer(in: FeeQuote.bytesRange),
            observedAt: try reader.field("observedAt").timestamp())
        try reader.finish()
        return quote
    }
}

extension FeeQuote {
    /// The quote as a JSON object.
    var jsonValue: JSONValue {
        .object(["satoshis": .integer(satoshis), "bytes": .integer(bytes), "observedAt": .string(observedAt.text)])
    }
}
