#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON form of every `--json` result: object keys sorted, no insignificant whitespace, `/` not escaped.
public enum CanonicalJSON {
    /// Encodes `value` canonically as UTF-8 bytes.
    /// - Throws: ``CommandError`` with ``ExitCode/software`` when encoding fails (for example, a non-finite float).
    public static func encode(_ value: some Encodable) throws(CommandError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value))
        } catch {
            throw CommandError(.software, "cannot encode the result as JSON: \(error)")
        }
    }

    /// Encodes `value` canonically as a string.
    /// - Throws: as ``encode(_:)``.
    public static func string(_ value: some Encodable) throws(CommandError) -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
