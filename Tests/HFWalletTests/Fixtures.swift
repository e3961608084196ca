import HFCrypto
import HFTestSupport
import Testing

/// Shared constants and helpers of the HFWallet tests.
enum Fixtures {
    /// The all-zero-entropy 12-word phrase used for the cross-checked wallet figures.
    static let abandonPhrase =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    /// Loads a JSON vector object; nil when the file is absent and vectors are optional.
    static func object(_ path: String) throws -> [String: Any]? {
        guard let raw = try Vectors.json(path) else { return nil }
        return try #require(raw as? [String: Any], "\(path) is not a JSON object")
    }

    /// Loads a JSON vector array; nil when the file is absent and vectors are optional.
    static func array(_ path: String) throws -> [[String: Any]]? {
        guard let raw = try Vectors.json(path) else { return nil }
        return try #require(raw as? [[String: Any]], "\(path) is not a JSON array of objects")
    }

    /// A string field of a vector row.
    static func string(_ row: [String: Any], _ key: String) throws -> String {
        try #require(row[key] as? String, "missing string field \(key)")
    }

    /// A private key from hex.
    static func privateKey(_ hex: String) throws -> PrivateKey {
        try PrivateKey(rawRepresentation: TestHex.decode(hex))
    }

    /// A public key from hex.
    static func publicKey(_ hex: String) throws -> PublicKey {
        try PublicKey(serialized: TestHex.decode(hex))
    }
}
