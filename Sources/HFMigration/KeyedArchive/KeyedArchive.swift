/// The NSKeyedArchiver layout (`$archiver`, `$version`, `$top`, `$objects`) of an archived array of strings, read
/// strictly: exactly those four top keys, `$objects[0] == "$null"`, a root of class `NSArray` or `NSMutableArray`
/// whose `NS.objects` are UIDs of strings (plain, or `NSString`/`NSMutableString` objects with `NS.string`).
public enum KeyedArchive {
    /// The most strings an archived list may hold.
    public static let maximumStrings = 10_000
    /// The longest string accepted, in UTF-8 bytes.
    public static let maximumStringBytes = 1_024

    /// The strings of an archived array, in order.
    ///
    /// - Throws: `PropertyListError` (`.malformed`/`.tooLarge` from the property list, `.unexpectedLayout` for
    ///   anything that is not an archived array of strings).
    public static func stringArray(_ bytes: [UInt8]) throws(PropertyListError) -> [String] {
        let top = try BinaryPropertyList.decode(bytes)
        guard case .dictionary(let entries) = top,
            Set(entries.map(\.key)) == ["$archiver", "$version", "$top", "$objects"]
        else { throw .unexpectedLayout("top-level keys") }
        guard top["$archiver"] == .string("NSKeyedArchiver") else { throw .unexpectedLayout("$archiver") }
        guard top["$version"] == .integer(100_000) else { throw .unexpectedLayout("$version") }
        guard case .array(let objects) = top["$objects"], objects.first == .string("$null") else {
            throw .unexpectedLayout("$objects")
        }
        guard case .dictionary(let topEntries) = top["$top"], topEntries.count == 1,
            case .uid(let rootID) = top["$top"]?["root"]
        else { throw .unexpectedLayout("$top") }
        let root = try resolve(rootID, in: objects)
        guard case .dictionary(let rootEntries) = root, Set(rootEntries.map(\.key)) == ["$class", "NS.objects"] else {
            throw .unexpectedLayout("the root is not an array")
        }
        try expectClass(root, in: objects, named: ["NSArray", "NSMutableArray"])
        guard case .array(let elements) = root["NS.objects"] else { throw .unexpectedLayout("NS.objects") }
        guard elements.count <= maximumStrings else { throw .tooLarge("more than \(maximumStrings) strings") }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .uid(let id) = element else { throw .unexpectedLayout("an element is not a UID") }
            strings.append(try string(try resolve(id, in: objects), in: objects))
        }
        return strings
    }

    private static func string(_ value: PropertyListValue, in objects: [PropertyListValue]) throws(PropertyListError) -> String {
        let text: String
        switch value {
        case .string(let plain):
            text = plain
        case .dictionary(let entries):
            guard Set(entries.map(\.key)) == ["$class", "NS.string"], case .string(let inner) = value["NS.string"] else {
                throw .unexpectedLayout("an element is not a string")
            }
            try expectClass(value, in: objects, named: ["NSString", "NSMutableString"])
            text = inner
        default:
            throw .unexpectedLayout("an element is not a string")
        }
        guard text.utf8.count <= maximumStringBytes else { throw .tooLarge("a string longer than \(maximumStringBytes) bytes") }
        return text
    }

    private static func expectClass(
        _ object: PropertyListValue, in objects: [PropertyListValue], named names: Set<String>
    ) throws(PropertyListError) {
        guard case .uid(let classID) = object["$class"] else { throw .unexpectedLayout("no $class") }
        let description = try resolve(classID, in: objects)
        guard case .dictionary(let entries) = description,
            Set(entries.map(\.key)).isSubset(of: ["$classname", "$classes", "$classhints"]),
            case .string(let name) = description["$classname"], names.contains(name)
        else { throw .unexpectedLayout("unexpected class") }
    }

    /// The object a UID names; UID 0 (`$null`) is refused.
    private static func resolve(_ id: UInt64, in objects: [PropertyListValue]) throws(PropertyListError) -> PropertyListValue {
        guard id >= 1, id < UInt64(objects.count) else { throw .unexpectedLayout("a UID out of range") }
        return objects[Int(id)]
    }
}
