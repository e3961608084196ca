/// The fountain encoder of BCR-2020-005: splits a message into equal fragments (the last padded with zeros) and
/// produces parts for ever — parts 1…n the fragments in order, later ones XORs chosen by `URFragmentChooser`.
public struct URFountainEncoder: Sendable {
    /// The message's CRC-32.
    public let checksum: UInt32
    /// The message length.
    public let messageLength: Int
    /// The fragments, each `fragmentLength` bytes.
    public let fragments: [[UInt8]]
    /// The number of the last part produced (0 before the first).
    public private(set) var sequence: UInt32

    /// An encoder for `message` with fragments of at most `maximumFragmentLength` bytes (and at least
    /// `minimumFragmentLength`, when the message allows), its first part numbered `firstSequence + 1`.
    public init(message: [UInt8], maximumFragmentLength: Int, minimumFragmentLength: Int = 10,
                firstSequence: UInt32 = 0)
    {
        precondition(!message.isEmpty && maximumFragmentLength >= minimumFragmentLength && minimumFragmentLength > 0,
                     "URFountainEncoder: bad arguments")
        checksum = CRC32.checksum(message)
        messageLength = message.count
        let length = Self.fragmentLength(
            messageLength: message.count, minimum: minimumFragmentLength, maximum: maximumFragmentLength)
        fragments = stride(from: 0, to: message.count, by: length).map { start in
            let fragment = Array(message[start..<min(start + length, message.count)])
            return fragment + [UInt8](repeating: 0, count: length - fragment.count)
        }
        sequence = firstSequence
    }

    /// The fragment length: ⌈len ÷ count⌉ for the smallest count (up to len ÷ minimum) that brings it to at most
    /// `maximum` (the reference encoder's search).
    public static func fragmentLength(messageLength: Int, minimum: Int, maximum: Int) -> Int {
        let most = max(1, messageLength / minimum)
        var length = messageLength
        for count in 1...most {
            length = (messageLength + count - 1) / count
            if length <= maximum { break }
        }
        return length
    }

    /// The fragment count.
    public var fragmentCount: Int { fragments.count }

    /// The next part (the sequence wraps at 2³², skipping 0).
    public mutating func nextPart() -> URPart {
        sequence &+= 1
        if sequence == 0 { sequence = 1 }
        return part(sequence)
    }

    /// Part `sequence` (from 1).
    public func part(_ sequence: UInt32) -> URPart {
        let indexes = URFragmentChooser.fragments(sequence: sequence, count: fragments.count, checksum: checksum)
        var data = [UInt8](repeating: 0, count: fragments[0].count)
        for index in indexes {
            for position in data.indices { data[position] ^= fragments[index][position] }
        }
        return URPart(sequence: sequence, fragmentCount: fragments.count, messageLength: messageLength,
                      checksum: checksum, data: data)
    }
}
