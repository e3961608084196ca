/// One part of a multi-part UR (BCR-2020-005): the CBOR array `[seqNum, seqLen, messageLen, checksum, data]`.
public struct URPart: Hashable, Sendable {
    /// The part's number, from 1 (it wraps at 2³²; 0 is never sent).
    public let sequence: UInt32
    /// The number of fragments of the message.
    public let fragmentCount: Int
    /// The message length in bytes.
    public let messageLength: Int
    /// The CRC-32 of the whole message.
    public let checksum: UInt32
    /// The XOR of the fragments the part carries.
    public let data: [UInt8]

    /// A part from its fields (no checks: the encoder's own).
    public init(sequence: UInt32, fragmentCount: Int, messageLength: Int, checksum: UInt32, data: [UInt8]) {
        self.sequence = sequence
        self.fragmentCount = fragmentCount
        self.messageLength = messageLength
        self.checksum = checksum
        self.data = data
    }

    /// Decodes the CBOR of a part strictly and checks its numbers: a sequence from 1, 1…`maximumFragments`
    /// fragments, a message of at least one byte per fragment and at most `maximumMessage` bytes, and data exactly
    /// ⌈messageLen ÷ seqLen⌉ bytes long with no fragment left empty.
    /// - Throws: `URError.malformedPart` or `.inconsistentPart`.
    public init(cbor bytes: [UInt8], maximumFragments: Int, maximumMessage: Int) throws(URError) {
        let fields = try Self.fields(bytes)
        guard fields.numbers[0] >= 1, fields.numbers[0] <= UInt64(UInt32.max) else {
            throw .inconsistentPart("sequence number \(fields.numbers[0]) is outside 1…2³²−1")
        }
        guard fields.numbers[1] >= 1, fields.numbers[1] <= UInt64(maximumFragments) else {
            throw .inconsistentPart("\(fields.numbers[1]) fragments is outside 1…\(maximumFragments)")
        }
        guard fields.numbers[2] >= fields.numbers[1], fields.numbers[2] <= UInt64(maximumMessage) else {
            throw .inconsistentPart("a message of \(fields.numbers[2]) bytes in \(fields.numbers[1]) fragments is "
                + "outside \(fields.numbers[1])…\(maximumMessage) bytes")
        }
        guard fields.numbers[3] <= UInt64(UInt32.max) else { throw .inconsistentPart("a checksum of more than 32 bits") }
        let fragmentCount = Int(fields.numbers[1])
        let messageLength = Int(fields.numbers[2])
        let fragmentLength = (messageLength + fragmentCount - 1) / fragmentCount
        guard (fragmentCount - 1) * fragmentLength < messageLength else {
            throw .inconsistentPart("\(fragmentCount) fragments of \(fragmentLength) bytes leave one empty")
        }
        guard fields.data.count == fragmentLength else {
            throw .inconsistentPart("a fragment of \(fields.data.count) bytes where a message of \(messageLength) "
                + "bytes in \(fragmentCount) fragments has \(fragmentLength)")
        }
        self.init(sequence: UInt32(fields.numbers[0]), fragmentCount: fragmentCount, messageLength: messageLength,
                  checksum: UInt32(fields.numbers[3]), data: fields.data)
    }

    /// The five fields of a part's CBOR, read strictly (an array of five items, four unsigned integers in shortest
    /// form and a byte string, nothing after it) without checking the numbers against each other.
    /// - Throws: `URError.malformedPart`.
    public static func fields(_ bytes: [UInt8]) throws(URError) -> (numbers: [UInt64], data: [UInt8]) {
        var offset = 0
        let array = try CBORHead.read(bytes, at: &offset)
        guard array.major == 4, array.argument == 5 else { throw .malformedPart("not an array of five items") }
        var numbers: [UInt64] = []
        for _ in 0..<4 {
            let item = try CBORHead.read(bytes, at: &offset)
            guard item.major == 0 else { throw .malformedPart("a field is not an unsigned integer") }
            numbers.append(item.argument)
        }
        let data = try CBORHead.read(bytes, at: &offset)
        guard data.major == 2 else { throw .malformedPart("the data is not a byte string") }
        guard data.argument == UInt64(bytes.count - offset) else {
            throw .malformedPart("the data's length is not what remains of the part")
        }
        return (numbers, Array(bytes[offset...]))
    }

    /// The part's CBOR, every number in its shortest form.
    public var cbor: [UInt8] {
        CBORHead.encode(major: 4, 5) + CBORHead.encode(major: 0, UInt64(sequence))
            + CBORHead.encode(major: 0, UInt64(fragmentCount)) + CBORHead.encode(major: 0, UInt64(messageLength))
            + CBORHead.encode(major: 0, UInt64(checksum)) + CBORHead.encode(major: 2, UInt64(data.count)) + data
    }

    /// The fragment length every part of this message has.
    public var fragmentLength: Int { data.count }

    /// The 0-based fragments this part XORs.
    public var fragmentIndexes: [Int] {
        URFragmentChooser.fragments(sequence: sequence, count: fragmentCount, checksum: checksum)
    }
}
