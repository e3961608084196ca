/// A strict, bounded reader of Apple binary property lists (`bplist00`), written without Foundation.
///
/// Checked: the magic, the trailer (offset and reference sizes 1…8, object count, top object, an offset table that
/// ends exactly at the trailer), every offset inside the object area, every reference below the object count,
/// integer sizes, ASCII and UTF-16 string contents (no unpaired surrogates), string-only and unique dictionary keys,
/// no reference cycles. Bounded: input size, object count, nesting depth, and the number of objects decoded (shared
/// references are decoded again each time they are used, so this caps the work of a crafted file).
public struct BinaryPropertyList {
    /// The limits of one decode.
    public struct Limits: Sendable {
        public var maximumBytes = 1 << 20
        public var maximumObjects = 65_536
        public var maximumDepth = 32
        public var maximumDecodedObjects = 200_000

        /// The default limits.
        public init() {}
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let tableOffset: Int
    private var decoded = 0

    /// Decodes `bytes` to its top object.
    ///
    /// - Throws: `PropertyListError.malformed` or `.tooLarge`.
    public static func decode(_ bytes: [UInt8], limits: Limits = Limits()) throws(PropertyListError) -> PropertyListValue {
        var reader = try BinaryPropertyList(bytes, limits: limits)
        var path: [Int] = []
        return try reader.object(reader.topObject, path: &path)
    }

    private init(_ bytes: [UInt8], limits: Limits) throws(PropertyListError) {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge("more than \(limits.maximumBytes) bytes") }
        guard bytes.count >= 8 + 1 + 32, Array(bytes[0..<8]) == Array("bplist00".utf8) else {
            throw .malformed("no bplist00 header")
        }
        self.bytes = bytes
        self.limits = limits
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw .malformed("offset or reference size out of range")
        }
        let count = Self.bigEndian(bytes, trailer + 8, 8)
        let top = Self.bigEndian(bytes, trailer + 16, 8)
        let table = Self.bigEndian(bytes, trailer + 24, 8)
        guard count >= 1 else { throw .malformed("no objects") }
        guard count <= UInt64(limits.maximumObjects) else { throw .tooLarge("more than \(limits.maximumObjects) objects") }
        guard top < count else { throw .malformed("top object out of range") }
        guard table >= 9, table < UInt64(trailer),
            table + count * UInt64(offsetSize) == UInt64(trailer)
        else { throw .malformed("offset table does not end at the trailer") }
        guard referenceSize >= 8 || count <= UInt64(1) << UInt64(8 * referenceSize) else {
            throw .malformed("reference size too small for the object count")
        }
        objectCount = Int(count)
        topObject = Int(top)
        tableOffset = Int(table)
    }

    // MARK: - Objects

    private mutating func object(_ index: Int, path: inout [Int]) throws(PropertyListError) -> PropertyListValue {
        guard index < objectCount else { throw .malformed("reference out of range") }
        guard !path.contains(index) else { throw .malformed("reference cycle") }
        guard path.count < limits.maximumDepth else { throw .tooLarge("nested deeper than \(limits.maximumDepth)") }
        decoded += 1
        guard decoded <= limits.maximumDecodedObjects else {
            throw .tooLarge("more than \(limits.maximumDecodedObjects) objects decoded")
        }
        let offset = Self.clamped(Self.bigEndian(bytes, tableOffset + index * offsetSize, offsetSize))
        guard offset >= 8, offset < tableOffset else { throw .malformed("object offset out of range") }
        let marker = bytes[offset]
        let info = Int(marker & 0x0f)
        switch marker >> 4 {
        case 0x0:
            switch info {
            case 0x0: return .null
            case 0x8: return .bool(false)
            case 0x9: return .bool(true)
            default: throw .malformed("unknown marker")
            }
        case 0x1:
            guard info <= 3 else { throw .malformed("integer wider than 8 bytes") }
            let width = 1 << info
            let raw = try span(offset + 1, width)
            let value = Self.bigEndian(bytes, raw, width)
            return .integer(width == 8 ? Int64(bitPattern: value) : Int64(value))
        case 0x2:
            guard info == 2 || info == 3 else { throw .malformed("real of unsupported width") }
            let width = 1 << info
            let value = Self.bigEndian(bytes, try span(offset + 1, width), width)
            return .real(width == 4 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value))
        case 0x3:
            guard info == 3 else { throw .malformed("date of unsupported width") }
            return .date(Double(bitPattern: Self.bigEndian(bytes, try span(offset + 1, 8), 8)))
        case 0x4:
            let (count, start) = try length(offset, info)
            return .data(Array(bytes[try span(start, count)..<start + count]))
        case 0x5:
            let (count, start) = try length(offset, info)
            let raw = bytes[try span(start, count)..<start + count]
            guard raw.allSatisfy({ $0 < 0x80 }) else { throw .malformed("non-ASCII byte in an ASCII string") }
            return .string(String(decoding: raw, as: UTF8.self))
        case 0x6:
            let (count, start) = try length(offset, info)
            guard count <= Int.max / 2 else { throw .malformed("string length overflows") }
            _ = try span(start, count * 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for unit in 0..<count {
                units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1]))
            }
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error: throw .malformed("unpaired surrogate in a UTF-16 string")
                }
            }
            return .string(text)
        case 0x8:
            guard info <= 7 else { throw .malformed("UID wider than 8 bytes") }
            return .uid(Self.bigEndian(bytes, try span(offset + 1, info + 1), info + 1))
        case 0xa, 0xc:
            let references = try references(offset, info, multiplier: 1)
            var values: [PropertyListValue] = []
            values.reserveCapacity(references.count)
            path.append(index)
            for reference in references { values.append(try object(reference, path: &path)) }
            path.removeLast()
            return marker >> 4 == 0xa ? .array(values) : .set(values)
        case 0xd:
            let references = try references(offset, info, multiplier: 2)
            let half = references.count / 2
            var entries: [(key: String, value: PropertyListValue)] = []
            entries.reserveCapacity(half)
            path.append(index)
            for entry in 0..<half {
                guard case .string(let key) = try object(references[entry], path: &path) else {
                    throw .malformed("a dictionary key is not a string")
                }
                guard !entries.contains(where: { $0.key == key }) else { throw .malformed("duplicate dictionary key") }
                entries.append((key, try object(references[half + entry], path: &path)))
            }
            path.removeLast()
            return .dictionary(entries)
        default:
            throw .malformed("unknown marker")
        }
    }

    /// The element count of a variable-length object and where its contents start.
    private func length(_ offset: Int, _ info: Int) throws(PropertyListError) -> (Int, Int) {
        guard info == 0x0f else { return (info, offset + 1) }
        let marker = bytes[try span(offset + 1, 1)]
        guard marker >> 4 == 0x1, marker & 0x0f <= 3 else { throw .malformed("a length is not an integer") }
        let width = 1 << Int(marker & 0x0f)
        let value = Self.bigEndian(bytes, try span(offset + 2, width), width)
        guard value <= UInt64(tableOffset) else { throw .malformed("length beyond the object area") }
        return (Int(value), offset + 2 + width)
    }

    private func references(_ offset: Int, _ info: Int, multiplier: Int) throws(PropertyListError) -> [Int] {
        let (count, start) = try length(offset, info)
        let total = count * multiplier
        guard total <= objectCount * multiplier else { throw .malformed("more references than objects") }
        _ = try span(start, total * referenceSize)
        return (0..<total).map { Self.clamped(Self.bigEndian(bytes, start + $0 * referenceSize, referenceSize)) }
    }

    /// Checks that `count` bytes from `start` lie inside the object area; returns `start`.
    private func span(_ start: Int, _ count: Int) throws(PropertyListError) -> Int {
        guard count >= 0, start <= tableOffset, count <= tableOffset - start else {
            throw .malformed("object runs past the object area")
        }
        return start
    }

    private static func clamped(_ value: UInt64) -> Int { value > UInt64(Int.max) ? Int.max : Int(value) }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[start..<start + width] { value = value << 8 | UInt64(byte) }
        return value
    }
}
