import Foundation

/// Checks on the types of decoded `--json` output (issue 15: numbers are numbers, never strings).
public enum JSONTypes {
    /// The JSON type of one decoded value.
    public enum Kind: String, Hashable, Sendable, CustomStringConvertible {
        case number, boolean, string, array, object, null

        public var description: String { rawValue }
    }

    /// The JSON type of `value` as `JSONSerialization` decoded it, nil for anything it never produces.
    ///
    /// On Linux a JSON `1` decodes to an `NSNumber` that also passes `is Bool`, and `true` to an `NSNumber` too, so
    /// neither `is Bool` nor `is NSNumber` tells them apart: a boolean is the `NSNumber` whose type encoding is
    /// `c` (`__NSCFBoolean`, on Linux and on Darwin); integers decode as `q`/`i`, fractions as `d`.
    public static func kind(of value: Any) -> Kind? {
        switch value {
        case is String: return .string
        case let number as NSNumber: return String(cString: number.objCType) == "c" ? .boolean : .number
        case is NSNull: return .null
        case is [Any]: return .array
        case is [String: Any]: return .object
        default: return nil
        }
    }

    /// Every field of `object` with its JSON type, to compare with a whole expected shape.
    public static func kinds(_ object: [String: Any]) -> [String: Kind] {
        object.compactMapValues { kind(of: $0) }
    }

    /// The fields of `expected` that `object` lacks or holds with another type, as `name: expected, found` lines;
    /// empty when every one matches (fields `expected` does not name are not looked at).
    public static func mismatches(_ object: [String: Any], _ expected: [String: Kind]) -> [String] {
        expected.keys.sorted().compactMap { key in
            let found = object[key].map { kind(of: $0)?.description ?? "\(type(of: $0))" } ?? "missing"
            return found == expected[key]?.description ? nil : "\(key): \(expected[key]!), found \(found)"
        }
    }

    /// The JSON types of the elements of the array `value` (empty for an empty array; nil when it is no array).
    public static func elementKinds(_ value: Any?) -> Set<Kind>? {
        (value as? [Any]).map { Set($0.compactMap { kind(of: $0) }) }
    }

    /// `text` decoded as one JSON object (empty when it is not one).
    public static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// `text` decoded as a JSON array of objects (empty when it is not one).
    public static func objects(_ text: String) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
    }

    /// The names in `keys` whose values in `object` (from `JSONSerialization`) are not JSON numbers: missing, or
    /// strings (`"102"`), booleans, or anything else; empty when every one is a number.
    public static func notNumbers(_ object: [String: Any], _ keys: [String]) -> [String] {
        keys.filter { key in object[key].map { kind(of: $0) } != .number }
    }
}
