/// Why a UR text, part or message was refused.
public enum URError: Error, Hashable, Sendable {
    /// The text is not `ur:<type>/<body>` or `ur:<type>/<seq>-<count>/<body>`.
    case malformedText(String)
    /// The bytewords body is not valid minimal bytewords.
    case invalidBytewords(String)
    /// The bytewords body's CRC-32 does not match.
    case bytewordsChecksum
    /// The part's CBOR is not `[seqNum, seqLen, messageLen, checksum, data]` in minimal encoding.
    case malformedPart(String)
    /// The part's numbers contradict each other or exceed the bounds.
    case inconsistentPart(String)
    /// The reassembled message's CRC-32 is not the one its parts announced.
    case messageChecksum
    /// The message is not the CBOR byte string a `bytes` UR carries.
    case malformedMessage(String)
}

extension URError: CustomStringConvertible {
    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .malformedText(let reason): "not a UR: \(reason)"
        case .invalidBytewords(let reason): "the UR body is not bytewords: \(reason)"
        case .bytewordsChecksum: "the UR body's CRC-32 does not match (a misread frame)"
        case .malformedPart(let reason): "the UR part is malformed: \(reason)"
        case .inconsistentPart(let reason): "the UR part is inconsistent: \(reason)"
        case .messageChecksum: "the reassembled UR message's CRC-32 does not match its parts"
        case .malformedMessage(let reason): "the UR message is not a CBOR byte string: \(reason)"
        }
    }
}
