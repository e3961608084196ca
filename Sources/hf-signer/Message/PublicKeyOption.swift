import HFCommandLine
import HFCrypto
import HFPrimitives

/// A public key given on the command line in hex.
enum PublicKeyOption {
    /// Parses a 33-byte compressed (or 65-byte uncompressed) SEC1 key in hex.
    ///
    /// - Throws: `UsageError` naming the option.
    static func parse(_ text: String, option: String) throws(UsageError) -> PublicKey {
        guard let bytes = try? Hex.decode(text), let key = try? PublicKey(serialized: bytes) else {
            throw UsageError("\(option) must be a public key in hex (66 digits), not '\(text.prefix(80))'")
        }
        return key
    }
}
