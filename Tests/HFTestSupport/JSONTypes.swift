import Foundation

/// Checks on the types of decoded `--json` output (issue 15: numbers are numbers, never strings).
public enum JSONTypes {
    /// The names in `keys` whose values in `object` (from `JSONSerialization`) are not JSON numbers: missing, or
    /// strings (`"102"`), or anything else; empty when every one is a number.
    public static func notNumbers(_ object: [String: Any], _ keys: [String]) -> [String] {
        keys.filter { key in
            guard let value = object[key], !(value is String) else { return true }
            return !(value is NSNumber)
        }
    }
}
