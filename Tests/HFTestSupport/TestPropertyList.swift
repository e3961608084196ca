/// A binary property list (`bplist00`) writer for tests, independent of the reader under test: builds the
/// NSKeyedArchiver files of legacy chain lists and malformed variants of them.
public indirect enum TestPropertyList {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case data([UInt8])
    case uid(UInt64)
    case array([TestPropertyList])
    case dictionary([(String, TestPropertyList)])

    /// The NSKeyedArchiver archive of an `NSArray` (or `NSMutableArray`) of strings, as Foundation writes it.
    public static func keyedArchive(strings: [String], className: String = "NSArray") -> TestPropertyList {
        let classIndex = UInt64(2 + strings.count)
        var objects: [TestPropertyList] = [.string("$null")]
        objects.append(.dictionary([
            ("NS.objects", .array(strings.indices.map { .uid(UInt64(2 + $0)) })), ("$class", .uid(classIndex)),
        ]))
        objects += strings.map(TestPropertyList.string)
        objects.append(.dictionary([
            ("$classname", .string(className)), ("$classes", .array([.string(className), .string("NSObject")])),
        ]))
        return .dictionary([
            ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
            ("$top", .dictionary([("root", .uid(1))])), ("$objects", .array(objects)),
        ])
    }

    /// The `bplist00` bytes of this value (every node a separate object, no sharing).
    public func binary() -> [UInt8] {
        var flat: [TestPropertyList] = []
        var children: [[Int]] = []
        func flatten(_ value: TestPropertyList) -> Int {
            let index = flat.count
            flat.append(value)
            children.append([])
            switch value {
            case .array(let items): children[index] = items.map(flatten)
            case .dictionary(let entries):
                let keys = entries.map { flatten(.string($0.0)) }
                let values = entries.map { flatten($0.1) }
                children[index] = keys + values
            default: break
            }
            return index
        }
        _ = flatten(self)
        let referenceSize = flat.count < 256 ? 1 : 2
        var body: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for (index, value) in flat.enumerated() {
            offsets.append(body.count)
            switch value {
            case .null: body.append(0x00)
            case .bool(let flag): body.append(flag ? 0x09 : 0x08)
            case .integer(let number): body += Self.integer(number)
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    body += Self.header(0x5, text.utf8.count) + Array(text.utf8)
                } else {
                    let units = Array(text.utf16)
                    body += Self.header(0x6, units.count)
                    for unit in units { body += [UInt8(unit >> 8), UInt8(unit & 0xff)] }
                }
            case .data(let bytes): body += Self.header(0x4, bytes.count) + bytes
            case .uid(let id):
                let bytes = Self.bigEndian(id, width: id < 256 ? 1 : id < 65_536 ? 2 : 4)
                body += [0x80 | UInt8(bytes.count - 1)] + bytes
            case .array:
                body += Self.header(0xa, children[index].count)
                for child in children[index] { body += Self.bigEndian(UInt64(child), width: referenceSize) }
            case .dictionary:
                body += Self.header(0xd, children[index].count / 2)
                for child in children[index] { body += Self.bigEndian(UInt64(child), width: referenceSize) }
            }
        }
        let tableOffset = body.count
        let offsetSize = tableOffset < 256 ? 1 : tableOffset < 65_536 ? 2 : 4
        for offset in offsets { body += Self.bigEndian(UInt64(offset), width: offsetSize) }
        body += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        body += Self.bigEndian(UInt64(flat.count), width: 8) + Self.bigEndian(0, width: 8)
            + Self.bigEndian(UInt64(tableOffset), width: 8)
        return body
    }

    private static func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0f] + integer(Int64(count))
    }

    private static func integer(_ value: Int64) -> [UInt8] {
        if value >= 0 && value < 256 { return [0x10] + bigEndian(UInt64(value), width: 1) }
        if value >= 0 && value < 65_536 { return [0x11] + bigEndian(UInt64(value), width: 2) }
        if value >= 0 && value < 1 << 32 { return [0x12] + bigEndian(UInt64(value), width: 4) }
        return [0x13] + bigEndian(UInt64(bitPattern: value), width: 8)
    }

    private static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
