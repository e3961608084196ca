#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON form of every `--json` result: object keys sorted, no insignificant whitespace, `/` not escaped.
///
/// Besides the C0 controls JSON always escapes, DEL and the characters ``UntrustedText`` treats as dangerous above
/// U+007F (C1 controls, U+2028/U+2029, the bidi embeddings, overrides and isolates, and the other invisible format
/// controls) are written as `\uXXXX`, so a `--json` line shown on a terminal cannot reorder or hide text.
public enum CanonicalJSON {
    /// Encodes `value` canonically as UTF-8 bytes.
    /// - Throws: ``CommandError`` with ``ExitCode/software`` when encoding fails (for example, a non-finite float).
    public static func encode(_ value: some Encodable) throws(CommandError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return escapingFormatControls(Array(try encoder.encode(value)))
        } catch {
            throw CommandError(.software, "cannot encode the result as JSON: \(error)")
        }
    }

    /// Encodes `value` canonically as a string.
    /// - Throws: as ``encode(_:)``.
    public static func string(_ value: some Encodable) throws(CommandError) -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    /// `json` with DEL and every non-ASCII character that ``UntrustedText/needsEscape(_:newlines:keepingTabs:)``
    /// names written as `\uXXXX`. Such characters can only stand inside strings (JSON's syntax is ASCII), where the
    /// escape means the same character, so the value is unchanged.
    static func escapingFormatControls(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(where: { $0 == 0x7F || $0 >= 0xC2 }) else { return json }
        var result: [UInt8] = []
        result.reserveCapacity(json.count + 12)
        for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
            if scalar.value >= 0x7F, UntrustedText.needsEscape(scalar) {
                let digits = String(scalar.value, radix: 16)
                result += Array(("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
            } else {
                result.append(contentsOf: scalar.utf8)
            }
        }
        return result
    }
}
