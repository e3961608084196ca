/// Solves the parts of one multi-part UR by Gaussian elimination over GF(2), one bitset row per independent part.
///
/// The reference decoders only peel (reduce a part by the single fragments and by parts whose fragment set is a subset
/// of its own), which stalls on the rare fragments and needs about 2n parts when a scanner joins during the mixed
/// phase. Elimination keeps a basis in row-echelon form (each row's lowest fragment is its pivot, no two rows share
/// one): a new part is reduced by the rows of its pivots; if something is left it adds one to the rank, else it was
/// dependent (a repeat). At rank n, back-substitution gives every fragment. Any n independent parts complete the
/// message, about n + 2 received parts from any start (docs/reference/qr-transport.md §4.5).
public struct URRankDecoder: Sendable {
    /// The fragment count.
    public let fragmentCount: Int
    /// The fragment length.
    public let fragmentLength: Int
    /// The message length.
    public let messageLength: Int
    /// The message's CRC-32.
    public let checksum: UInt32
    /// Row of each pivot fragment, or -1.
    private var pivotRow: [Int]
    /// The rows: which fragments each XORs (a bitset), and the XOR of its data (as 64-bit words).
    private var rows: [(bits: [UInt64], data: [UInt64])] = []
    /// Parts received (each distinct sequence number once).
    public private(set) var received = 0
    /// Sequence numbers seen (to count repeats without reducing them).
    private var seen: Set<UInt32> = []

    /// What adding a part did.
    public enum Outcome: Hashable, Sendable {
        /// The part raised the rank.
        case independent
        /// The part was a repeat or a combination of parts already held.
        case dependent
    }

    /// A decoder for the message `part` belongs to.
    public init(for part: URPart) {
        fragmentCount = part.fragmentCount
        fragmentLength = part.fragmentLength
        messageLength = part.messageLength
        checksum = part.checksum
        pivotRow = [Int](repeating: -1, count: part.fragmentCount)
    }

    /// The independent parts held (the rank).
    public var rank: Int { rows.count }

    /// Whether every fragment is determined.
    public var isComplete: Bool { rows.count == fragmentCount }

    /// The fragments no independent part has as its pivot yet (0-based; a hint, not exactly the unknown ones).
    public var openFragments: [Int] { pivotRow.indices.filter { pivotRow[$0] < 0 } }

    /// Whether `part` belongs to this message (same count, length, message length and checksum).
    public func accepts(_ part: URPart) -> Bool {
        part.fragmentCount == fragmentCount && part.fragmentLength == fragmentLength
            && part.messageLength == messageLength && part.checksum == checksum
    }

    /// Adds a part this decoder `accepts`.
    public mutating func add(_ part: URPart) -> Outcome {
        precondition(accepts(part), "URRankDecoder: a part of another message")
        guard seen.insert(part.sequence).inserted else { return .dependent }
        received += 1
        guard !isComplete else { return .dependent }
        var bits = [UInt64](repeating: 0, count: (fragmentCount + 63) / 64)
        for index in part.fragmentIndexes { bits[index >> 6] |= 1 << UInt64(index & 63) }
        var data = Self.words(part.data)
        while let lowest = Self.lowestBit(bits) {
            let row = pivotRow[lowest]
            guard row >= 0 else {
                pivotRow[lowest] = rows.count
                rows.append((bits, data))
                return .independent
            }
            Self.xor(&bits, rows[row].bits)
            Self.xor(&data, rows[row].data)
        }
        return .dependent
    }

    /// The message, once complete: back-substitution from the highest pivot down, then the CRC-32 check.
    /// - Throws: `URError.messageChecksum` when the parts do not give the announced message.
    /// - Returns: nil while incomplete.
    public func message() throws(URError) -> [UInt8]? {
        guard isComplete else { return nil }
        var solved = rows
        for column in stride(from: fragmentCount - 1, through: 0, by: -1) {
            let row = pivotRow[column]
            var bits = solved[row].bits
            var data = solved[row].data
            bits[column >> 6] &= ~(1 << UInt64(column & 63))
            while let other = Self.lowestBit(bits) {
                let otherRow = pivotRow[other]
                Self.xor(&bits, solved[otherRow].bits)
                Self.xor(&data, solved[otherRow].data)
                bits[other >> 6] &= ~(1 << UInt64(other & 63))
            }
            solved[row] = (bits, data)
        }
        var message: [UInt8] = []
        message.reserveCapacity(fragmentCount * fragmentLength)
        for column in 0..<fragmentCount {
            message += Self.bytes(solved[pivotRow[column]].data, count: fragmentLength)
        }
        message.removeSubrange(messageLength...)
        guard CRC32.checksum(message) == checksum else { throw .messageChecksum }
        return message
    }

    // MARK: - Private

    private static func lowestBit(_ bits: [UInt64]) -> Int? {
        for (index, word) in bits.enumerated() where word != 0 { return index * 64 + word.trailingZeroBitCount }
        return nil
    }

    private static func xor(_ target: inout [UInt64], _ source: [UInt64]) {
        for index in target.indices { target[index] ^= source[index] }
    }

    private static func words(_ bytes: [UInt8]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (index, byte) in bytes.enumerated() { words[index >> 3] |= UInt64(byte) << UInt64((index & 7) * 8) }
        return words
    }

    private static func bytes(_ words: [UInt64], count: Int) -> [UInt8] {
        (0..<count).map { UInt8((words[$0 >> 3] >> UInt64(($0 & 7) * 8)) & 0xFF) }
    }
}
