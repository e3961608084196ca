public import HFPrimitives

/// A bundle file parsed once: its kind and, for a JSON bundle, its top-level object, so that routing a file by its
/// kind and then decoding it do not parse its bytes twice (a `.hfupdate` or `.hfheaders` can be megabytes).
public struct ParsedBundle: Sendable {
    /// The kind, by content (as ``BundleKind/detect(_:)`` finds it).
    public let kind: BundleKind
    /// The file's bytes (the binary kinds are decoded from them).
    public let bytes: [UInt8]
    /// The top-level object of a JSON bundle; nil for the binary kinds.
    let object: JSONObjectReader?

    /// Parses `bytes` and finds their kind.
    /// - Throws: as ``BundleKind/detect(_:)``.
    public init(_ bytes: [UInt8]) throws(BundleError) {
        let (kind, object) = try BundleKind.parse(bytes)
        self.kind = kind
        self.bytes = bytes
        self.object = object
    }

    /// The top-level object, for a decoder (which checks the format against its own kind).
    /// - Throws: `.unrecognizedContent` for a binary kind.
    func topLevel() throws(BundleError) -> JSONObjectReader {
        guard let object else { throw .unrecognizedContent }
        return object
    }
}

extension HeadersBundle {
    /// Decodes an already parsed `.hfheaders` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension ReceiptBundle {
    /// Decodes an already parsed `.hfreceipt` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension UpdateBundle {
    /// Decodes an already parsed `.hfupdate` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension ProbeResultBundle {
    /// Decodes an already parsed `.hfproberesult` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension AddressPackBundle {
    /// Decodes an already parsed `.hfaddrpack` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension SweepRequestBundle {
    /// Decodes an already parsed `.hfsweep` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension StateBundle {
    /// Decodes an already parsed `.hfstate` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}

extension TransactionBundle {
    /// Decodes an already parsed `.hftx` file, as ``init(decoding:expectedNetwork:)`` decodes its bytes.
    public init(parsed: ParsedBundle, expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try parsed.topLevel(), expectedNetwork: expectedNetwork)
    }
}
