/// Writes canonical JSON: object keys sorted by their UTF-8 bytes, no insignificant whitespace, minimal escapes.
///
/// Minimal escapes: `"` and `\` as `\"` and `\\`; the control characters U+0008, U+0009, U+000A, U+000C, U+000D as
/// `\b \t \n \f \r`; every other control character below U+0020 as `\u00xx` with lower-case hex; everything else,
/// `/` and non-ASCII included, as its UTF-8 bytes. Integers are plain decimal. The output has no trailing newline.
/// Equal values therefore always give identical bytes.
struct CanonicalJSONWriter {
    /// An object member: its key and a closure that writes its value.
    typealias Member = (key: String, write: (inout CanonicalJSONWriter) -> Void)

    /// The bytes written so far.
    var bytes: [UInt8] = []

    /// A writer that reserves `capacity` bytes up front.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `value`.
    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(number.description)
        case .string(let text): writeString(utf8: text.utf8)
        case .array(let elements):
            writeArray(elements) { $0.write($1) }
        case .object(let members):
            writeObject(members.map { member in (member.key, { $0.write(member.value) }) })
        }
    }

    /// Appends an object whose members are written by closures, in canonical key order.
    ///
    /// This lets callers write a member from bytes that must not become a `String` (a secret held in
    /// `SecureBytes`). Keys must be distinct.
    mutating func writeObject(_ members: [Member]) {
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in sorted.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(utf8: member.key.utf8)
            bytes.append(UInt8(ascii: ":"))
            member.write(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends an array whose elements are written by `writeElement`.
    mutating func writeArray<Element>(
        _ elements: some Sequence<Element>, _ writeElement: (inout CanonicalJSONWriter, Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeElement(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends bytes that are already canonical JSON text (a value rendered earlier).
    mutating func writeCanonical(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Appends a string literal from well-formed UTF-8 bytes, escaping minimally.
    mutating func writeString(utf8: some Sequence<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: append("\\b")
            case 0x09: append("\\t")
            case 0x0a: append("\\n")
            case 0x0c: append("\\f")
            case 0x0d: append("\\r")
            case 0x00..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0f)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ASCII text verbatim.
    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Lower-case hex digits.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension JSONValue {
    /// The canonical JSON text of this value as UTF-8 (see the writer's rules: sorted keys, no whitespace, minimal
    /// escapes, no trailing newline). Equal values give identical bytes.
    public var canonicalBytes: [UInt8] {
        var writer = CanonicalJSONWriter()
        writer.write(self)
        return writer.bytes
    }
}
