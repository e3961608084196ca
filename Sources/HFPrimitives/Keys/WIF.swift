public import HFCrypto

/// Wallet Import Format: a private key as Base58Check text.
///
/// The payload is `network.wifVersion ‖ 32-byte big-endian key`, followed by `0x01` when the key's public key is
/// used in compressed form (always, in this toolkit's addresses). WIF text is secret: never log it. Intermediate
/// copies of the key are zeroized; the returned `String` cannot be, so keep its lifetime short.
public enum WIF {
    /// The longest text `decode(_:network:)` will look at; WIF is 51 or 52 characters.
    static let maxTextLength = 60

    /// Encodes a private key as WIF.
    ///
    /// - Parameters:
    ///   - key: the private key.
    ///   - network: chooses the version byte (0x80 main, 0xef test and regtest).
    ///   - compressed: whether to append the compression flag 0x01 (strings start `K`/`L` on main rather than `5`).
    /// - Returns: the WIF text (secret).
    public static func encode(_ key: PrivateKey, network: Network, compressed: Bool = true) -> String {
        var payload: [UInt8] = []
        payload.reserveCapacity(34)
        payload.append(network.wifVersion)
        var raw = key.rawRepresentation
        payload.append(contentsOf: raw)
        Zeroization.zeroize(&raw)
        if compressed { payload.append(0x01) }
        defer { Zeroization.zeroize(&payload) }
        return Base58.encodeCheck(payload)
    }

    /// Decodes WIF text for `network`.
    ///
    /// - Parameters:
    ///   - text: the WIF text (secret; it never appears in an error).
    ///   - network: the expected network; test and regtest accept the same strings.
    /// - Returns: the key and whether the compression flag was present.
    /// - Throws: `WIFError.invalidEncoding`, `.badChecksum`, `.wrongLength`, `.wrongNetwork`, `.badCompressionFlag`
    ///   or `.invalidKey`, checked in that order.
    public static func decode(
        _ text: String, network: Network
    ) throws(WIFError) -> (key: PrivateKey, compressed: Bool) {
        var payload: [UInt8]
        do {
            payload = try Base58.decodeCheck(text, maxLength: maxTextLength)
        } catch .badChecksum {
            throw .badChecksum
        } catch {
            throw .invalidEncoding
        }
        defer { Zeroization.zeroize(&payload) }
        guard payload.count == 33 || payload.count == 34 else { throw .wrongLength }
        guard payload[0] == network.wifVersion else { throw .wrongNetwork }
        let compressed = payload.count == 34
        if compressed {
            guard payload[33] == 0x01 else { throw .badCompressionFlag }
        }
        var raw = Array(payload[1..<33])
        defer { Zeroization.zeroize(&raw) }
        guard let key = try? PrivateKey(rawRepresentation: raw) else { throw .invalidKey }
        return (key, compressed)
    }
}
