import HFCrypto
public import HFPrimitives

/// A `.hfheaders` bundle: a contiguous run of block headers anchored to the network's checkpoint (docs/design.md §4).
///
/// Headers are kept as their raw bytes in `headerEncoding` (80 bytes for `full80`, 48 for `noPrev48`); use
/// `fullHeaders(previousHashOfFirst:)` to get 80-byte headers for SPV validation. What this type checks on its own:
/// sizes, `startHeight` above the checkpoint, and for `full80` that every header builds on the one before it (and on
/// the checkpoint when the run starts right after it). Everything else (proof of work, difficulty, time, the link
/// to the local header at `startHeight − 1`) is the header chain's job (`commitValidatedRun`).
public struct HeadersBundle: Hashable, Sendable {
    /// The network.
    public let network: Network
    /// The checkpoint the run is anchored to.
    public let checkpoint: HeaderCheckpoint
    /// The height of the first header, above `checkpoint.height`.
    public let startHeight: UInt32
    /// How `headers` are encoded.
    public let headerEncoding: HeaderEncoding
    /// The headers in order, each `headerEncoding.byteCount` bytes; 1…10,000 of them.
    public let headers: [[UInt8]]
    /// The fee rate the watcher saw, if it included one.
    public let feeQuote: FeeQuote?
    /// The header providers whose answers the watcher compared and found agreeing for this run (such as
    /// `["junglebus","whatsonchain"]`), if it said; information only, never needed to import.
    public let sources: [String]?

    /// How many names `sources` may hold, and the longest name in bytes.
    public static let sourcesCount = 1...8
    public static let sourceNameBytes = 32

    // MARK: - Initializers

    /// A bundle from 80-byte headers, written in `encoding`.
    ///
    /// - Parameters:
    ///   - network: the network.
    ///   - checkpoint: the network's checkpoint.
    ///   - startHeight: the height of `fullHeaders[0]`, above the checkpoint.
    ///   - fullHeaders: 1…10,000 serialized 80-byte headers, each building on the one before.
    ///   - encoding: how to write them; `noPrev48` (the default) drops the previous-block hashes.
    ///   - feeQuote: an optional fee rate.
    ///   - sources: the agreeing header providers, if known (1…8 distinct names of 1…32 bytes).
    /// - Throws: `BundleError.countOutOfRange`, `.wrongLength` (path `headers[i]`), `.headersNotLinked`,
    ///   `.checkpointNotLinked` or `.startHeightOutOfRange`.
    public init(
        network: Network, checkpoint: HeaderCheckpoint, startHeight: UInt32, fullHeaders: [[UInt8]],
        encoding: HeaderEncoding = .noPrev48, feeQuote: FeeQuote? = nil, sources: [String]? = nil
    ) throws(BundleError) {
        try Self.validate(
            checkpoint: checkpoint, startHeight: startHeight, headers: fullHeaders, encoding: .full80)
        if let sources { try Self.validate(sources: sources) }
        self.init(
            network: network, checkpoint: checkpoint, startHeight: startHeight, headerEncoding: encoding,
            headers: encoding == .full80 ? fullHeaders : fullHeaders.map(HeaderLayout.withoutPreviousHash),
            feeQuote: feeQuote, sources: sources)
    }

    /// Wraps parts already validated with `validate`.
    init(
        network: Network, checkpoint: HeaderCheckpoint, startHeight: UInt32, headerEncoding: HeaderEncoding,
        headers: [[UInt8]], feeQuote: FeeQuote?, sources: [String]?
    ) {
        self.network = network
        self.checkpoint = checkpoint
        self.startHeight = startHeight
        self.headerEncoding = headerEncoding
        self.headers = headers
        self.feeQuote = feeQuote
        self.sources = sources
    }

    // MARK: - Properties

    /// The height of the last header.
    public var endHeight: UInt32 { startHeight + UInt32(headers.count - 1) }

    // MARK: - Methods

    /// The run as serialized 80-byte headers.
    ///
    /// For `noPrev48` each previous-block hash is rebuilt: the first from `anchor`, each later one as `hash256` of
    /// the rebuilt header before it. For `full80` the headers are returned as they are, after checking that the first
    /// builds on `anchor`.
    /// - Parameter anchor: the hash of the local header at `startHeight − 1` (the checkpoint's hash when the run
    ///   starts right after it).
    /// - Throws: `BundleError.anchorMismatch` for a `full80` run that does not build on `anchor`.
    public func fullHeaders(previousHashOfFirst anchor: BlockHash) throws(BundleError) -> [[UInt8]] {
        switch headerEncoding {
        case .full80:
            guard let first = headers.first, HeaderLayout.previousHash(of: first) == anchor.internalBytes else {
                throw .anchorMismatch
            }
            return headers
        case .noPrev48:
            var previous = anchor.internalBytes
            return headers.map { short in
                let full = HeaderLayout.withPreviousHash(short, previous: previous)
                previous = Hash.hash256(full)
                return full
            }
        }
    }

    /// The run as parsed headers (`fullHeaders(previousHashOfFirst:)`, then `BlockHeader(bytes:)`).
    /// - Throws: as `fullHeaders(previousHashOfFirst:)`.
    public func blockHeaders(previousHashOfFirst anchor: BlockHash) throws(BundleError) -> [BlockHeader] {
        try fullHeaders(previousHashOfFirst: anchor).map { bytes throws(BundleError) in
            do {
                return try BlockHeader(bytes: bytes)
            } catch {
                preconditionFailure("a rebuilt header is always 80 bytes: \(error)")
            }
        }
    }

    /// Checks the `sources` names: 1…8 of them, each 1…32 bytes without control characters, none repeated.
    static func validate(sources: [String]) throws(BundleError) {
        guard sourcesCount.contains(sources.count) else {
            throw .countOutOfRange(path: "sources", count: sources.count, allowed: sourcesCount)
        }
        for (index, name) in sources.enumerated() {
            let path = "sources[\(index)]"
            guard !name.isEmpty else { throw .emptyValue(path: path) }
            guard name.utf8.count <= sourceNameBytes else { throw .overLimit(path: path, limit: sourceNameBytes) }
            guard !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) else { throw .invalidText(path: path) }
            guard !sources[..<index].contains(name) else { throw .duplicateEntry(path: path) }
        }
    }

    /// Checks the run's size, heights and (for `full80`) internal links.
    static func validate(
        checkpoint: HeaderCheckpoint, startHeight: UInt32, headers: [[UInt8]], encoding: HeaderEncoding
    ) throws(BundleError) {
        guard BundleLimits.headerCount.contains(headers.count) else {
            throw .countOutOfRange(path: "headers", count: headers.count, allowed: BundleLimits.headerCount)
        }
        for (index, header) in headers.enumerated() where header.count != encoding.byteCount {
            throw .wrongLength(path: "headers[\(index)]", expected: encoding.byteCount, actual: header.count)
        }
        guard startHeight > checkpoint.height,
            UInt64(startHeight) + UInt64(headers.count - 1) <= UInt64(BundleLimits.maxHeight)
        else { throw .startHeightOutOfRange }
        guard encoding == .full80 else { return }
        if startHeight == checkpoint.height + 1,
            HeaderLayout.previousHash(of: headers[0]) != checkpoint.hash.internalBytes
        {
            throw .checkpointNotLinked
        }
        var previous = Hash.hash256(headers[0])
        for index in headers.indices.dropFirst() {
            guard HeaderLayout.previousHash(of: headers[index]) == previous else {
                throw .headersNotLinked(height: Int(startHeight) + index)
            }
            previous = Hash.hash256(headers[index])
        }
    }
}
