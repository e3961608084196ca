import Foundation
import HFMigration
import HFTestSupport
import Testing

/// The bplist00 reader and the NSKeyedArchiver layout of an array of strings: round trips against the test writer,
/// cross-checks with Foundation, and every rejection.
@Suite struct KeyedArchiveTests {
    @Test func readsAnArchivedArrayOfStrings() throws {
        let ids = ["a1b2c3d4", "ffee0011", "x"]
        #expect(try KeyedArchive.stringArray(TestPropertyList.keyedArchive(strings: ids).binary()) == ids)
        #expect(try KeyedArchive.stringArray(TestPropertyList.keyedArchive(strings: []).binary()) == [])
        let mutable = TestPropertyList.keyedArchive(strings: ids, className: "NSMutableArray").binary()
        #expect(try KeyedArchive.stringArray(mutable) == ids)
    }

    @Test func readsLongAndUnicodeStringsAndManyElements() throws {
        let ids = (0..<300).map { "wallet-\($0)-" + String(repeating: "z", count: $0 % 40) } + ["Zürich ✓ 𝄞"]
        #expect(try KeyedArchive.stringArray(TestPropertyList.keyedArchive(strings: ids).binary()) == ids)
    }

    @Test func foundationReadsOurWriterAndWeReadFoundationsArchives() throws {
        let ids = ["3a5e1c", "b00b1e5", "Ünïcode"]
        let ours = TestPropertyList.keyedArchive(strings: ids).binary()
        let parsed = try PropertyListSerialization.propertyList(from: Data(ours), format: nil) as? [String: Any]
        #expect(parsed?["$archiver"] as? String == "NSKeyedArchiver")
        #expect((parsed?["$objects"] as? [Any])?.count == ids.count + 3)
        let archived = try NSKeyedArchiver.archivedData(withRootObject: ids as NSArray, requiringSecureCoding: false)
        #expect(Array(archived.prefix(8)) == Array("bplist00".utf8))
        #expect(try KeyedArchive.stringArray(Array(archived)) == ids)
        let mutable = NSMutableArray(array: ["one", "two"])
        let archivedMutable = try NSKeyedArchiver.archivedData(withRootObject: mutable, requiringSecureCoding: false)
        #expect(try KeyedArchive.stringArray(Array(archivedMutable)) == ["one", "two"])
    }

    @Test func decodesEveryScalarKind() throws {
        let value = TestPropertyList.dictionary([
            ("n", .null), ("t", .bool(true)), ("f", .bool(false)), ("i", .integer(70_000)), ("neg", .integer(-5)),
            ("d", .data([1, 2, 3])), ("u", .uid(300)), ("a", .array([.string("x")])),
        ])
        let decoded = try BinaryPropertyList.decode(value.binary())
        #expect(decoded["n"] == .null)
        #expect(decoded["t"] == .bool(true))
        #expect(decoded["f"] == .bool(false))
        #expect(decoded["i"] == .integer(70_000))
        #expect(decoded["neg"] == .integer(-5))
        #expect(decoded["d"] == .data([1, 2, 3]))
        #expect(decoded["u"] == .uid(300))
        #expect(decoded["a"] == .array([.string("x")]))
    }

    @Test func rejectsMalformedPropertyLists() {
        let good = TestPropertyList.keyedArchive(strings: ["abc"]).binary()
        var badMagic = good
        badMagic[7] = 0x31
        #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(badMagic) }
        for cut in [0, 8, 20, good.count - 1, good.count - 32] {
            #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(Array(good.prefix(cut))) }
        }
        var trailing = good
        trailing.insert(0, at: good.count - 32)
        #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(trailing) }
        var badRefSize = good
        badRefSize[good.count - 25] = 0
        #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(badRefSize) }
        var badTop = good
        badTop[good.count - 9] = 0xff
        #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(badTop) }
        #expect(throws: PropertyListError.self) { try KeyedArchive.stringArray(Array("not a plist at all, just text".utf8)) }
        #expect(throws: PropertyListError.self) {
            try KeyedArchive.stringArray([UInt8](repeating: 0, count: (1 << 20) + 1))
        }
    }

    @Test func rejectsEveryLayoutThatIsNotAnArchivedStringArray() {
        let cases: [TestPropertyList] = [
            .array([.string("abc")]),
            .dictionary([("$archiver", .string("NSKeyedArchiver"))]),
            Self.archive(archiver: "NSArchiver"),
            Self.archive(version: 99),
            Self.archive(objects: [.string("x"), .dictionary([])]),
            Self.archive(root: 0),
            Self.archive(root: 9),
            Self.archive(elements: [.integer(3)]),
            Self.archive(elements: [.uid(0)]),
            Self.archive(elements: [.uid(1)]),
            Self.archive(className: "NSDictionary"),
            Self.archive(elementValue: .integer(5)),
            Self.archive(elementValue: .string(String(repeating: "a", count: 1_025))),
        ]
        for (index, value) in cases.enumerated() {
            #expect(throws: PropertyListError.self, "case \(index)") { try KeyedArchive.stringArray(value.binary()) }
        }
    }

    @Test func rejectsCyclesDuplicateKeysNonStringKeysAndBadStrings() {
        // A hand-made plist whose array contains itself.
        var cycle: [UInt8] = Array("bplist00".utf8) + [0xa1, 0x00]
        cycle += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + Self.be(1) + Self.be(0) + Self.be(10)
        #expect(throws: PropertyListError.malformed("reference cycle")) { try BinaryPropertyList.decode(cycle) }
        let duplicate = TestPropertyList.dictionary([("k", .null), ("k", .null)]).binary()
        #expect(throws: PropertyListError.malformed("duplicate dictionary key")) { try BinaryPropertyList.decode(duplicate) }
        // Dictionary with an integer key: {1: null}.
        var integerKey: [UInt8] = Array("bplist00".utf8) + [0xd1, 0x01, 0x02, 0x10, 0x01, 0x00]
        integerKey += [8, 11, 13] + [0, 0, 0, 0, 0, 0, 1, 1] + Self.be(3) + Self.be(0) + Self.be(14)
        #expect(throws: PropertyListError.malformed("a dictionary key is not a string")) {
            try BinaryPropertyList.decode(integerKey)
        }
        // An ASCII string with a high byte, and a UTF-16 string with an unpaired surrogate.
        var highByte: [UInt8] = Array("bplist00".utf8) + [0x51, 0xc3]
        highByte += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + Self.be(1) + Self.be(0) + Self.be(10)
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(highByte) }
        var surrogate: [UInt8] = Array("bplist00".utf8) + [0x61, 0xd8, 0x00]
        surrogate += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + Self.be(1) + Self.be(0) + Self.be(11)
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(surrogate) }
    }

    @Test func boundsNestingAndSharedReferenceBlowUp() {
        var nested = TestPropertyList.string("x")
        for _ in 0..<40 { nested = .array([nested]) }
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(nested.binary()) }
        // 20 levels, each an array holding the next level twice: 2^20 decodes if shared references were followed freely.
        var body: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<20 {
            offsets.append(body.count)
            body += [0xa2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(body.count)
        body += [0x51, 0x61]
        let table = body.count
        body += offsets.map(UInt8.init)
        body += [0, 0, 0, 0, 0, 0, 1, 1] + Self.be(UInt64(offsets.count)) + Self.be(0) + Self.be(UInt64(table))
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(body) }
    }

    @Test func mutatedArchivesNeverCrashAndNeverYieldForeignStrings() {
        let ids = ["a1b2c3", "d4e5f6", "0789ab"]
        let good = TestPropertyList.keyedArchive(strings: ids).binary()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))) }
            if let strings = try? KeyedArchive.stringArray(bytes) {
                #expect(strings.count <= KeyedArchive.maximumStrings)
            }
        }
    }

    private static func be(_ value: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    private static func archive(
        archiver: String = "NSKeyedArchiver", version: Int64 = 100_000, objects: [TestPropertyList]? = nil,
        root: UInt64 = 1, elements: [TestPropertyList] = [.uid(2)], className: String = "NSArray",
        elementValue: TestPropertyList = .string("abc")
    ) -> TestPropertyList {
        let defaultObjects: [TestPropertyList] = [
            .string("$null"), .dictionary([("NS.objects", .array(elements)), ("$class", .uid(3))]), elementValue,
            .dictionary([("$classname", .string(className)), ("$classes", .array([.string(className)]))]),
        ]
        return .dictionary([
            ("$version", .integer(version)), ("$archiver", .string(archiver)), ("$top", .dictionary([("root", .uid(root))])),
            ("$objects", .array(objects ?? defaultObjects)),
        ])
    }
}
