import HFPrimitives

/// The home's spending policy in a backup document (version 2; in every backup of a home with a policy unless `backup create --exclude-policy` with the policy passphrase), with
/// its passphrase verifier, so a restore brings the limits back under the same policy passphrase.
///
/// JSON (members absent when the rule is off): `{"allow":["1…"],"allowlistOnly":false,"maxFee":N,
/// "maxPerTransaction":N,"maxPerWindow":N,"passphraseVerifier":{"iterations":N,"salt":"<32 hex>",
/// "verifier":"<64 hex>"},"windowBlocks":N}`; `maxPerWindow` and `windowBlocks` come together.
public struct BackupPolicy: Sendable, Equatable {
    /// The per-transaction cap in satoshis.
    public let maxPerTransaction: UInt64?
    /// The window cap in satoshis.
    public let maxPerWindow: UInt64?
    /// The window's length in validated blocks.
    public let windowBlocks: Int?
    /// Allowlisted P2PKH addresses (of any network).
    public let allow: [String]
    /// Whether only the allowlist may be paid.
    public let allowlistOnly: Bool
    /// The fee cap in satoshis.
    public let maxFee: UInt64?
    /// The verifier's PBKDF2 salt (16 bytes).
    public let salt: [UInt8]
    /// The verifier's PBKDF2 iterations (100,000…10,000,000).
    public let iterations: Int
    /// The verifier (32 bytes).
    public let verifier: [UInt8]

    /// The largest satoshi figure a rule may hold.
    public static let maxSatoshis: UInt64 = 21_000_000 * 100_000_000
    /// The iterations a verifier may have.
    public static let acceptedIterations = 100_000...10_000_000

    /// A policy entry.
    /// - Throws: `BundleError` when the window's two members do not come together, a figure is out of range, or
    ///   the verifier's sizes are wrong.
    public init(
        maxPerTransaction: UInt64?, maxPerWindow: UInt64?, windowBlocks: Int?, allow: [String], allowlistOnly: Bool,
        maxFee: UInt64?, salt: [UInt8], iterations: Int, verifier: [UInt8]
    ) throws(BundleError) {
        guard (maxPerWindow == nil) == (windowBlocks == nil) else { throw .missingField(path: "windowBlocks") }
        for (path, value) in [("maxPerTransaction", maxPerTransaction), ("maxPerWindow", maxPerWindow), ("maxFee", maxFee)]
        where (value ?? 0) > Self.maxSatoshis {
            throw .outOfRange(path: path, allowed: 0...Int64(Self.maxSatoshis))
        }
        if let windowBlocks, !(1...1_000_000).contains(windowBlocks) {
            throw .outOfRange(path: "windowBlocks", allowed: 1...1_000_000)
        }
        guard allow.count <= 1000 else { throw .countOutOfRange(path: "allow", count: allow.count, allowed: 0...1000) }
        guard salt.count == 16 else { throw .wrongLength(path: "passphraseVerifier.salt", expected: 16, actual: salt.count) }
        guard verifier.count == 32 else {
            throw .wrongLength(path: "passphraseVerifier.verifier", expected: 32, actual: verifier.count)
        }
        guard Self.acceptedIterations.contains(iterations) else {
            throw .outOfRange(path: "passphraseVerifier.iterations", allowed: 100_000...10_000_000)
        }
        self.maxPerTransaction = maxPerTransaction
        self.maxPerWindow = maxPerWindow
        self.windowBlocks = windowBlocks
        self.allow = allow
        self.allowlistOnly = allowlistOnly
        self.maxFee = maxFee
        self.salt = salt
        self.iterations = iterations
        self.verifier = verifier
    }

    /// The canonical JSON value.
    var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "allow": .array(allow.map { .string($0) }), "allowlistOnly": .bool(allowlistOnly),
            "passphraseVerifier": .object([
                "iterations": .integer(Int64(iterations)), "salt": .string(Hex.encode(salt)), "verifier": .string(Hex.encode(verifier)),
            ]),
        ]
        if let maxPerTransaction { members["maxPerTransaction"] = .integer(Int64(maxPerTransaction)) }
        if let maxPerWindow { members["maxPerWindow"] = .integer(Int64(maxPerWindow)) }
        if let windowBlocks { members["windowBlocks"] = .integer(Int64(windowBlocks)) }
        if let maxFee { members["maxFee"] = .integer(Int64(maxFee)) }
        return .object(members)
    }

    /// Reads a policy object.
    /// The canonical JSON of this policy alone (the signer keeps a copy in its encrypted vault).
    public func encoded() -> [UInt8] { jsonValue.canonicalBytes }

    /// Decodes the bytes of ``encoded()``.
    /// - Throws: `BundleError` as for the `policy` member of a backup.
    public init(decoding bytes: [UInt8]) throws(BundleError) {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes, limits: .bundle) } catch { throw .invalidJSON(error) }
        try self.init(JSONField(value: value, path: .root))
    }

    init(_ field: JSONField) throws(BundleError) {
        var reader = try field.object()
        let satoshis: (JSONField?) throws(BundleError) -> UInt64? = { field throws(BundleError) in
            try field.map { field throws(BundleError) in try field.integer(in: 0...Self.maxSatoshis) }
        }
        let maxPerTransaction = try satoshis(reader.optionalField("maxPerTransaction"))
        let maxPerWindow = try satoshis(reader.optionalField("maxPerWindow"))
        let windowBlocks: Int? = try reader.optionalField("windowBlocks").map { field throws(BundleError) in
            try field.integer(in: 1...1_000_000)
        }
        let maxFee = try satoshis(reader.optionalField("maxFee"))
        var allow: [String] = []
        for entry in try reader.field("allow").array(count: 0...1000) { allow.append(try entry.text(maxBytes: 35)) }
        let allowlistOnly = try reader.field("allowlistOnly").bool()
        var verifierReader = try reader.field("passphraseVerifier").object()
        let iterations: Int = try verifierReader.field("iterations").integer(in: 100_000...10_000_000)
        let salt = try verifierReader.field("salt").hexBytes(count: 16)
        let verifier = try verifierReader.field("verifier").hexBytes(count: 32)
        try verifierReader.finish()
        try reader.finish()
        do {
            try self.init(
                maxPerTransaction: maxPerTransaction, maxPerWindow: maxPerWindow, windowBlocks: windowBlocks,
                allow: allow, allowlistOnly: allowlistOnly, maxFee: maxFee, salt: salt, iterations: iterations,
                verifier: verifier)
        } catch { throw error.rebased(onto: field.path) }
    }
}
