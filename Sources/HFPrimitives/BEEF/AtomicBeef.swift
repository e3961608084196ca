/// An Atomic BEEF (BRC-95): `01 01 01 01 ‖ subject txid (32 bytes, internal order) ‖ BEEF V1 or V2`, a BEEF about
/// one transaction.
///
/// Beyond the BEEF's own checks: the subject is present and is the last transaction, and every other transaction
/// is an ancestor of it (reachable through inputs).
public struct AtomicBeef: Hashable, Sendable {
    /// The prefix `01 01 01 01`.
    public static let prefix: [UInt8] = [0x01, 0x01, 0x01, 0x01]

    /// The transaction the BEEF is about.
    public let subject: Txid
    /// The BEEF.
    public let beef: Beef

    // MARK: - Initializers

    /// An Atomic BEEF about `subject`, validated.
    /// - Throws: `BeefError.subjectMissing`, `.subjectNotLast`, `.notAnAncestor`.
    public init(subject: Txid, beef: Beef) throws(BeefError) {
        let byTxid = beef.transactionsByTxid
        guard let last = beef.transactions.last, byTxid[subject] != nil else { throw .subjectMissing(subject) }
        guard last.txid == subject else { throw .subjectNotLast(subject) }
        var reached: Set<Txid> = [subject]
        var pending = [subject]
        while let txid = pending.popLast() {
            for parent in byTxid[txid]?.parentTxids ?? [] where byTxid[parent] != nil && reached.insert(parent).inserted {
                pending.append(parent)
            }
        }
        if let stray = beef.transactions.first(where: { !reached.contains($0.txid) }) {
            throw .notAnAncestor(stray.txid)
        }
        self.subject = subject
        self.beef = beef
    }

    /// Parses the binary form.
    /// - Throws: `BeefError.notAtomic` without the prefix, `.malformed` for a short subject, then as
    ///   `Beef(serialized:)` and `init(subject:beef:)`.
    public init(serialized bytes: [UInt8]) throws(BeefError) {
        guard bytes.count <= Beef.maxSize else { throw .tooLarge(byteCount: bytes.count) }
        var reader = ByteReader(bytes)
        let prefix = try Beef.read("the Atomic BEEF prefix", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readBytes(4)
        }
        guard prefix == Self.prefix else { throw .notAtomic }
        let subjectBytes = try Beef.read("the subject txid", &reader) { (r: inout ByteReader) throws(ByteReaderError) in
            try r.readBytes(32)
        }
        let subject: Txid
        do { subject = try Txid(internalBytes: subjectBytes) } catch {
            preconditionFailure("32 bytes always make a txid: \(error)")
        }
        let beef = try Beef(reading: &reader)
        guard reader.isAtEnd else { throw .trailingBytes(reader.remaining) }
        try self.init(subject: subject, beef: beef)
    }

    /// Parses the hex of the binary form, either case.
    /// - Throws: `BeefError.invalidHex`, `.tooLarge`, then as `init(serialized:)`.
    public init(hex: String) throws(BeefError) {
        try self.init(serialized: try Beef.decodeHex(hex))
    }

    // MARK: - Properties

    /// The subject's entry (always present).
    public var subjectTransaction: BeefTransaction {
        guard let entry = beef.transactions.last else { preconditionFailure("validated: the subject is last") }
        return entry
    }

    /// The binary form.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(Self.prefix)
        writer.appendHash32(subject.hash32)
        beef.append(to: &writer)
        return writer.bytes
    }

    /// The binary form as lower-case hex.
    public var hex: String { Hex.encode(serialized) }
}
