import HFCrypto

/// One sealed vault item: nonce ‖ ciphertext ‖ tag, bound to its id by the AAD.
enum VaultSeal {
    static func aad(_ id: String) -> [UInt8] { Array("hf-vault/v1".utf8) + [0] + Array(id.utf8) }

    static func seal(_ data: SecureBytes, id: String, key: SecureBytes) throws(VaultError) -> [UInt8] {
        let nonce = SecureRandom.bytes(12)
        var plaintext = data.bytes
        var keyBytes = key.bytes
        defer {
            Zeroization.zeroize(&plaintext)
            Zeroization.zeroize(&keyBytes)
        }
        guard let box = try? AESGCM.seal(plaintext, key: keyBytes, iv: nonce, aad: aad(id)) else {
            throw .damaged(id: id)
        }
        return nonce + box.ciphertext + box.tag
    }

    static func open(_ item: [UInt8], id: String, key: SecureBytes) throws(VaultError) -> SecureBytes {
        guard item.count >= 12 + AESGCM.tagLength else { throw .damaged(id: id) }
        let nonce = Array(item[..<12])
        let box = AESGCM.SealedBox(
            ciphertext: Array(item[12..<(item.count - AESGCM.tagLength)]), tag: Array(item.suffix(AESGCM.tagLength)))
        var keyBytes = key.bytes
        defer { Zeroization.zeroize(&keyBytes) }
        guard var plaintext = try? AESGCM.open(box, key: keyBytes, iv: nonce, aad: aad(id)) else {
            throw .damaged(id: id)
        }
        return SecureBytes(consuming: &plaintext)
    }
}
