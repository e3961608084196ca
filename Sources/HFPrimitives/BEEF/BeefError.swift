/// Why bytes could not become a `Beef` or an `AtomicBeef` (BRC-62, BRC-95, BRC-96), or why parts could not be
/// assembled into one. Every case names the transaction or BUMP concerned.
public enum BeefError: Error, Equatable, Sendable {
    /// The hex text is not hex.
    case invalidHex(HexError)
    /// More bytes than `Beef.maxSize`.
    case tooLarge(byteCount: Int)
    /// The bytes start with neither `01 00 be ef` (V1), `02 00 be ef` (V2) nor `01 01 01 01` (Atomic).
    case unknownVersion(UInt32)
    /// An Atomic BEEF was expected and the bytes lack its `01 01 01 01` prefix.
    case notAtomic
    /// The bytes end early, have a non-canonical VarInt or an oversize count while reading `part`.
    case malformed(part: String, ByteReaderError)
    /// Bytes remain after the last transaction.
    case trailingBytes(Int)
    /// BUMP `index` is not a valid BRC-74 merkle path.
    case invalidBump(index: Int, MerklePathError)
    /// Transaction `index` does not decode.
    case invalidTransaction(index: Int, TransactionError)
    /// Transaction `index` of a V1 BEEF has a has-BUMP byte other than 0 or 1.
    case invalidBumpFlag(index: Int, flag: UInt8)
    /// Transaction `index` of a V2 BEEF has a format byte other than 0, 1 or 2.
    case invalidFormat(index: Int, format: UInt8)
    /// Transaction `index` is txid-only, which only V2 allows.
    case txidOnlyInVersion1(index: Int)
    /// The BEEF holds no transaction.
    case noTransactions
    /// Transaction `index` names BUMP `bumpIndex`, and there are only `bumpCount`.
    case bumpIndexOutOfRange(index: Int, bumpIndex: UInt64, bumpCount: Int)
    /// The transaction's BUMP does not hold its txid at level 0.
    case transactionNotInBump(Txid, bumpIndex: Int)
    /// A txid appears twice.
    case duplicateTransaction(Txid)
    /// A transaction comes before a parent of it that the BEEF also holds (the order must be parents first).
    case parentAfterChild(child: Txid, parent: Txid)
    /// A transaction without a BUMP spends an output of a transaction the BEEF does not hold, so it cannot be
    /// verified.
    case missingParent(child: Txid, parent: Txid)
    /// The Atomic BEEF's subject is not among its transactions.
    case subjectMissing(Txid)
    /// The Atomic BEEF's subject is not its last transaction (BRC-95: the newest comes last).
    case subjectNotLast(Txid)
    /// A transaction of an Atomic BEEF is neither its subject nor an ancestor of it.
    case notAnAncestor(Txid)
    /// The BEEF has more BUMPs or transactions than a `Beef` may hold.
    case tooManyItems(Int)
}

extension BeefError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidHex(let reason): "the BEEF is not valid hex: \(reason)"
        case .tooLarge(let count): "the BEEF has \(count) bytes, more than the limit"
        case .unknownVersion(let version):
            "not a BEEF: the version 0x\(String(version, radix: 16)) is neither 0100BEEF, 0200BEEF nor Atomic 01010101"
        case .notAtomic: "not an Atomic BEEF: the 01010101 prefix is missing"
        case .malformed(let part, let reason): "the BEEF is malformed in \(part): \(reason)"
        case .trailingBytes(let count): "\(count) bytes follow the last transaction of the BEEF"
        case .invalidBump(let index, let reason): "BUMP \(index) of the BEEF is invalid: \(reason)"
        case .invalidTransaction(let index, let reason): "transaction \(index) of the BEEF is invalid: \(reason)"
        case .invalidBumpFlag(let index, let flag):
            "transaction \(index) of the BEEF has the has-BUMP byte 0x\(String(flag, radix: 16)) (must be 0 or 1)"
        case .invalidFormat(let index, let format):
            "transaction \(index) of the BEEF has the format byte 0x\(String(format, radix: 16)) (must be 0, 1 or 2)"
        case .txidOnlyInVersion1(let index): "transaction \(index) is txid-only, which BEEF V1 cannot hold"
        case .noTransactions: "the BEEF holds no transaction"
        case .bumpIndexOutOfRange(let index, let bumpIndex, let count):
            "transaction \(index) of the BEEF names BUMP \(bumpIndex), but there \(count == 1 ? "is" : "are") \(count)"
        case .transactionNotInBump(let txid, let bumpIndex):
            "transaction \(txid) is not at level 0 of BUMP \(bumpIndex), which it claims proves it"
        case .duplicateTransaction(let txid): "transaction \(txid) appears twice in the BEEF"
        case .parentAfterChild(let child, let parent):
            "transaction \(child) comes before its parent \(parent); a BEEF lists parents first"
        case .missingParent(let child, let parent):
            "transaction \(child) has no BUMP and its parent \(parent) is not in the BEEF, so it cannot be verified"
        case .subjectMissing(let txid): "the Atomic BEEF's subject \(txid) is not among its transactions"
        case .subjectNotLast(let txid): "the Atomic BEEF's subject \(txid) is not its last transaction"
        case .notAnAncestor(let txid):
            "transaction \(txid) of the Atomic BEEF is neither its subject nor an ancestor of it"
        case .tooManyItems(let count): "the BEEF has \(count) BUMPs or transactions, more than the limit"
        }
    }
}
