// The binary (and hex) forms of BEEF V1 and V2.

extension Beef {
    /// Parses a BEEF V1 (`01 00 be ef`) or V2 (`02 00 be ef`).
    ///
    /// Layout: `version u32 LE ‖ nBUMPs VarInt ‖ BUMPs (BRC-74) ‖ nTx VarInt ‖ entries`. A V1 entry is
    /// `rawTx ‖ u8 hasBump (0/1) ‖ [bumpIndex VarInt]`; a V2 entry is `u8 format ‖ …`: 0 = rawTx, 1 = bumpIndex
    /// VarInt then rawTx, 2 = txid (32 bytes, internal order). Strict: at most `maxSize` bytes, canonical VarInts,
    /// counts bounded by the bytes left before anything is allocated, every BUMP and transaction decoded strictly,
    /// no trailing bytes; then every check of `init(version:bumps:transactions:)`. The encoding is canonical, so
    /// `serialized` gives the input back whenever each BUMP's leaves were in offset order.
    /// - Throws: `BeefError`.
    public init(serialized bytes: [UInt8]) throws(BeefError) {
        guard bytes.count <= Self.maxSize else { throw .tooLarge(byteCount: bytes.count) }
        var reader = ByteReader(bytes)
        try self.init(reading: &reader)
        guard reader.isAtEnd else { throw .trailingBytes(reader.remaining) }
    }

    /// Parses the hex of the binary form, either case.
    /// - Throws: `BeefError.invalidHex`, `.tooLarge`, then as `init(serialized:)`.
    public init(hex: String) throws(BeefError) {
        try self.init(serialized: try Self.decodeHex(hex))
    }

    /// Reads one BEEF from `reader`, leaving any following bytes unread.
    init(reading reader: inout ByteReader) throws(BeefError) {
        let rawVersion = try Self.read("the version", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readUInt32LE()
        }
        guard let version = Version(rawValue: rawVersion) else { throw .unknownVersion(rawVersion) }
        // A BUMP takes at least 37 bytes (height, tree height, one leaf count, offset, flags, hash).
        let bumpCount = try Self.read("the BUMP count", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readCount(max: r.remaining / 37)
        }
        var bumps: [MerklePath] = []
        for index in 0..<bumpCount {
            bumps.append(try Self.readBump(index: index, &reader))
        }
        // An entry takes at least 33 bytes (a V2 txid-only entry); a transaction at least 60.
        let count = try Self.read("the transaction count", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readCount(max: r.remaining / 33)
        }
        var transactions: [BeefTransaction] = []
        for index in 0..<count {
            transactions.append(try Self.readEntry(index: index, version: version, bumpCount: bumps.count, &reader))
        }
        try self.init(version: version, bumps: bumps, transactions: transactions)
    }

    /// The binary form, in this BEEF's version.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        append(to: &writer)
        return writer.bytes
    }

    /// The binary form as lower-case hex.
    public var hex: String { Hex.encode(serialized) }

    /// Appends the binary form.
    func append(to writer: inout ByteWriter) {
        writer.appendUInt32LE(version.rawValue)
        writer.appendCompactSize(UInt64(bumps.count))
        for bump in bumps { writer.appendBytes(bump.serialized) }
        writer.appendCompactSize(UInt64(transactions.count))
        for entry in transactions {
            switch (version, entry.rawTx, entry.bumpIndex) {
            case (.v1, let raw?, let bumpIndex):
                writer.appendBytes(raw)
                writer.appendUInt8(bumpIndex == nil ? 0 : 1)
                if let bumpIndex { writer.appendCompactSize(UInt64(bumpIndex)) }
            case (.v2, let raw?, nil):
                writer.appendUInt8(0)
                writer.appendBytes(raw)
            case (.v2, let raw?, let bumpIndex?):
                writer.appendUInt8(1)
                writer.appendCompactSize(UInt64(bumpIndex))
                writer.appendBytes(raw)
            case (_, nil, _):
                // Validation keeps txid-only entries out of V1.
                writer.appendUInt8(2)
                writer.appendHash32(entry.txid.hash32)
            }
        }
    }

    // MARK: - Reading

    /// Reads one BUMP: its length is found by walking its layout, then `MerklePath(serialized:)` checks it.
    private static func readBump(index: Int, _ reader: inout ByteReader) throws(BeefError) -> MerklePath {
        var probe = reader
        do throws(ByteReaderError) {
            _ = try probe.readCompactSize(max: UInt64(UInt32.max))
            // Past 64 levels the walk stops; `MerklePath(serialized:)` then names the problem.
            let levels = Int(try probe.readUInt8())
            for _ in 0..<(levels <= MerklePath.maxLevelCount ? levels : 0) {
                let leaves = try probe.readCount(max: probe.remaining / 2)
                for _ in 0..<leaves {
                    _ = try probe.readCompactSize(max: .max)
                    if try probe.readUInt8() != 0x01 { _ = try probe.readBytes(32) }
                }
            }
        } catch {
            throw .malformed(part: "BUMP \(index)", error)
        }
        let bytes = try read("BUMP \(index)", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readBytes(probe.offset - r.offset)
        }
        do { return try MerklePath(serialized: bytes) } catch { throw .invalidBump(index: index, error) }
    }

    /// Reads one transaction entry of `version`.
    private static func readEntry(
        index: Int, version: Version, bumpCount: Int, _ reader: inout ByteReader
    ) throws(BeefError) -> BeefTransaction {
        let part = "transaction \(index)"
        switch version {
        case .v1:
            let raw = try readRawTransaction(index: index, &reader)
            let flag = try read(part, &reader) { (r: inout ByteReader) throws(ByteReaderError) in try r.readUInt8() }
            guard flag <= 1 else { throw .invalidBumpFlag(index: index, flag: flag) }
            let bumpIndex = flag == 1 ? try readBumpIndex(index: index, bumpCount: bumpCount, &reader) : nil
            return try entry(index: index, raw: raw, bumpIndex: bumpIndex)
        case .v2:
            let format = try read(part, &reader) { (r: inout ByteReader) throws(ByteReaderError) in try r.readUInt8() }
            switch format {
            case 0:
                return try entry(index: index, raw: try readRawTransaction(index: index, &reader), bumpIndex: nil)
            case 1:
                let bumpIndex = try readBumpIndex(index: index, bumpCount: bumpCount, &reader)
                return try entry(index: index, raw: try readRawTransaction(index: index, &reader), bumpIndex: bumpIndex)
            case 2:
                let bytes = try read(part, &reader) { (r: inout ByteReader) throws(ByteReaderError) in
                    try r.readBytes(32)
                }
                do { return BeefTransaction(txidOnly: try Txid(internalBytes: bytes)) } catch {
                    preconditionFailure("32 bytes always make a txid: \(error)")
                }
            default:
                throw .invalidFormat(index: index, format: format)
            }
        }
    }

    /// Reads a BUMP index and checks it names one of the `bumpCount` BUMPs.
    private static func readBumpIndex(index: Int, bumpCount: Int, _ reader: inout ByteReader) throws(BeefError) -> Int {
        let value = try read("transaction \(index)'s BUMP index", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readCompactSize(max: .max)
        }
        guard value < UInt64(bumpCount) else {
            throw .bumpIndexOutOfRange(index: index, bumpIndex: value, bumpCount: bumpCount)
        }
        return Int(value)
    }

    /// Parses an entry's transaction.
    private static func entry(index: Int, raw: [UInt8], bumpIndex: Int?) throws(BeefError) -> BeefTransaction {
        do { return try BeefTransaction(rawTx: raw, bumpIndex: bumpIndex) } catch {
            throw .invalidTransaction(index: index, error)
        }
    }

    /// Reads the bytes of one plain-format transaction, found by walking its layout (every count and length bounded
    /// by the bytes left); the strict parse comes after.
    private static func readRawTransaction(index: Int, _ reader: inout ByteReader) throws(BeefError) -> [UInt8] {
        var probe = reader
        do throws(ByteReaderError) {
            _ = try probe.readBytes(4)
            let inputs = try probe.readCount(max: probe.remaining / 41)
            for _ in 0..<inputs {
                _ = try probe.readBytes(36)
                _ = try probe.readBytes(try probe.readCount(max: probe.remaining))
                _ = try probe.readBytes(4)
            }
            let outputs = try probe.readCount(max: probe.remaining / 9)
            for _ in 0..<outputs {
                _ = try probe.readBytes(8)
                _ = try probe.readBytes(try probe.readCount(max: probe.remaining))
            }
            _ = try probe.readBytes(4)
        } catch {
            throw .malformed(part: "transaction \(index)", error)
        }
        let length = probe.offset - reader.offset
        guard length <= Transaction.maxSize else {
            throw .invalidTransaction(index: index, .tooLarge(byteCount: length))
        }
        return try read("transaction \(index)", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readBytes(length)
        }
    }

    /// Runs one read, turning a `ByteReaderError` into `BeefError.malformed` for `part`.
    static func read<T>(
        _ part: String, _ reader: inout ByteReader, _ body: (inout ByteReader) throws(ByteReaderError) -> T
    ) throws(BeefError) -> T {
        do { return try body(&reader) } catch { throw .malformed(part: part, error) }
    }

    /// Decodes hex, checking its length against `maxSize` first.
    static func decodeHex(_ hex: String) throws(BeefError) -> [UInt8] {
        guard hex.utf8.count / 2 <= maxSize else { throw .tooLarge(byteCount: hex.utf8.count / 2) }
        do { return try Hex.decode(hex) } catch { throw .invalidHex(error) }
    }
}
