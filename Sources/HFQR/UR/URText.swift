/// The text form of a UR (BCR-2020-005): `ur:<type>/<bytewords>` for a single part, `ur:<type>/<seq>-<count>/<bytewords>`
/// for one part of several; read in either case, written upper case (every character is then in the QR alphanumeric
/// set).
public enum URText {
    /// A parsed UR text.
    public enum Parsed: Hashable, Sendable {
        /// A whole message in one text.
        case single(type: String, message: [UInt8])
        /// One part of a multi-part message.
        case part(type: String, URPart)
    }

    /// The longest UR type accepted.
    public static let maximumTypeLength = 64

    /// Parses a UR text strictly: the scheme, a type of letters, digits and `-`, for a part a sequence number and count
    /// in decimal without leading zeros that agree with the part's CBOR, and a minimal bytewords body whose CRC-32
    /// matches.
    /// - Throws: `URError`.
    public static func parse(_ text: [UInt8], maximumFragments: Int, maximumMessage: Int) throws(URError) -> Parsed {
        let lower = text.map { (65...90).contains($0) ? $0 + 32 : $0 }
        guard lower.starts(with: Array("ur:".utf8)) else { throw .malformedText("it does not start with ur:") }
        let components = lower.dropFirst(3).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard components.count == 2 || components.count == 3 else {
            throw .malformedText("\(components.count) path components, not 2 or 3")
        }
        let typeBytes = components[0]
        guard !typeBytes.isEmpty, typeBytes.count <= maximumTypeLength,
            typeBytes.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "-") })
        else { throw .malformedText("the type is not 1–\(maximumTypeLength) letters, digits or '-'") }
        let type = String(decoding: typeBytes, as: UTF8.self)
        let body = try Bytewords.decodeMinimal(components[components.count - 1])
        guard components.count == 3 else { return .single(type: type, message: body) }
        let numbers = components[1].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard numbers.count == 2, let sequence = decimal(numbers[0]), let count = decimal(numbers[1]) else {
            throw .malformedText("the sequence is not <number>-<count>")
        }
        let part = try URPart(cbor: body, maximumFragments: maximumFragments, maximumMessage: maximumMessage)
        guard UInt64(part.sequence) == sequence, UInt64(part.fragmentCount) == count else {
            throw .inconsistentPart("the text says part \(sequence) of \(count), the CBOR part \(part.sequence) of "
                + "\(part.fragmentCount)")
        }
        return .part(type: type, part)
    }

    /// `UR:<TYPE>/<BYTEWORDS>` for a whole message.
    public static func single(type: String, message: [UInt8]) -> String {
        ("ur:\(type)/" + Bytewords.encodeMinimal(message)).uppercased()
    }

    /// `UR:<TYPE>/<SEQ>-<COUNT>/<BYTEWORDS>` for one part.
    public static func part(type: String, _ part: URPart) -> String {
        ("ur:\(type)/\(part.sequence)-\(part.fragmentCount)/" + Bytewords.encodeMinimal(part.cbor)).uppercased()
    }

    /// A decimal number of 1–10 digits without a leading zero.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard (1...10).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }),
            digits.count == 1 || digits.first != UInt8(ascii: "0")
        else { return nil }
        return digits.reduce(0) { $0 * 10 + UInt64($1 - 48) }
    }
}
