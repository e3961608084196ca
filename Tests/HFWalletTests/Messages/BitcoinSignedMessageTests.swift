import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct BitcoinSignedMessageTests {
    static func vectors() throws -> [String: Any]? { try Fixtures.object("bsm/bsm.vectors.json") }
    static func bitcoinjs() throws -> [String: Any]? { try Fixtures.object("bsm/bitcoinjs-message.fixtures.json") }

    // MARK: - bsm.vectors.json

    @Test func tsSdkCases() throws {
        guard let file = try Self.vectors() else { return }
        let rows = try #require(file["tsSdk"] as? [[String: Any]])
        #expect(rows.count == 2)
        for row in rows {
            let message = Array(try Fixtures.string(row, "message").utf8)
            let signature = try Fixtures.string(row, "signatureBase64")
            let publicKey = try Fixtures.publicKey(try Fixtures.string(row, "publicKeyHex"))
            let address = try Address(string: try Fixtures.string(row, "address"), network: .main)
            #expect(Address(publicKey: publicKey, network: .main) == address)
            let parsed = try BSMSignature(base64: signature)
            #expect(parsed.recoverable.recoveryID == (try #require(row["recoveryId"] as? Int)))
            #expect(parsed.isCompressed == (try #require(row["compressed"] as? Bool)))
            #expect(parsed.base64 == signature)
            #expect(try BitcoinSignedMessage.recoverPublicKey(from: parsed, message: message) == publicKey)
            #expect(BitcoinSignedMessage.isValid(signature, message: message, address: address))
            #expect(BitcoinSignedMessage.isValid(signature, message: message, publicKey: publicKey))
            if let wif = row["wif"] as? String {
                let key = try WIF.decode(wif, network: .main).key
                #expect(try BitcoinSignedMessage.sign(message, with: key).base64 == signature)
            }
        }
    }

    @Test func bitcoinjsSubset() throws {
        guard let file = try Self.vectors() else { return }
        let subset = try #require(file["bitcoinjs"] as? [String: Any])
        let hashes = try #require(subset["magicHash"] as? [[String: Any]])
        #expect(hashes.count == 3)
        for row in hashes {
            #expect(TestHex.encode(BitcoinSignedMessage.magicHash(try Fixtures.string(row, "message")))
                == (try Fixtures.string(row, "magicHash")))
        }
        let signs = try #require(subset["sign"] as? [[String: Any]])
        #expect(signs.count == 2)
        for row in signs {
            let key = try Fixtures.privateKey(try Fixtures.string(row, "privateKeyHex"))
            let compressed = try #require(row["compressed"] as? Bool)
            let signature = try BitcoinSignedMessage.sign(
                Array(try Fixtures.string(row, "message").utf8), with: key, compressed: compressed)
            #expect(signature.base64 == (try Fixtures.string(row, "signature")))
        }
        let verifies = try #require(subset["verify"] as? [[String: Any]])
        #expect(verifies.count == 6)
        for row in verifies {
            let address = try Address(string: try Fixtures.string(row, "address"), network: .main)
            let valid = BitcoinSignedMessage.isValid(
                try Fixtures.string(row, "signature"), message: Array(try Fixtures.string(row, "message").utf8),
                address: address)
            #expect(valid == (try #require(row["valid"] as? Bool)), "\(row["description"] ?? "valid case")")
        }
    }

    /// The moneybutton "known good signature" really does not verify for its address.
    @Test func doNotUseCaseFails() throws {
        guard let file = try Self.vectors() else { return }
        for row in try #require(file["doNotUse"] as? [[String: Any]]) {
            let address = try Address(string: try Fixtures.string(row, "address"), network: .main)
            #expect(!BitcoinSignedMessage.isValid(
                try Fixtures.string(row, "signatureBase64"), message: Array(try Fixtures.string(row, "message").utf8),
                address: address))
        }
    }

    // MARK: - bitcoinjs-message.fixtures.json (verbatim)

    @Test func fixtureSignatureEncodings() throws {
        guard let file = try Self.bitcoinjs() else { return }
        let valid = try #require(file["valid"] as? [String: Any])
        let rows = try #require(valid["signature"] as? [[String: Any]])
        #expect(rows.count == 7)
        for row in rows {
            let bytes = TestHex.decode(try Fixtures.string(row, "hex"))
            let parsed = try BSMSignature(serialized: bytes)
            #expect(parsed.recoverable.recoveryID == (try #require(row["recovery"] as? Int)))
            #expect(parsed.isCompressed == (try #require(row["compressed"] as? Bool)))
            #expect(TestHex.encode(parsed.recoverable.compact) == (try Fixtures.string(row, "signature")))
            #expect(parsed.serialized == bytes)
        }
        let invalid = try #require(file["invalid"] as? [String: Any])
        let bad = try #require(invalid["signature"] as? [[String: Any]])
        #expect(bad.count == 3)
        // Header 0x2b (43), then 68 and 59 bytes.
        let expectedErrors: [BSMError] = [.invalidHeader(0x2b), .wrongLength(length: 68), .wrongLength(length: 59)]
        for (row, expected) in zip(bad, expectedErrors) {
            let bytes = TestHex.decode(try Fixtures.string(row, "hex"))
            #expect(throws: expected) { try BSMSignature(serialized: bytes) }
            #expect(throws: expected) { try BSMSignature(base64: Base64.encode(bytes)) }
        }
    }

    @Test func fixtureMagicHashesForBitcoin() throws {
        guard let file = try Self.bitcoinjs() else { return }
        let valid = try #require(file["valid"] as? [String: Any])
        var checked = 0
        for row in try #require(valid["magicHash"] as? [[String: Any]]) where row["network"] as? String == "bitcoin" {
            #expect(TestHex.encode(BitcoinSignedMessage.magicHash(try Fixtures.string(row, "message")))
                == (try Fixtures.string(row, "magicHash")))
            checked += 1
        }
        #expect(checked == 3)
    }

    /// Sign and verify fixtures on the bitcoin network: the plain and compressed forms pass, segwit headers
    /// (35–42) are refused because BSV has only P2PKH.
    @Test func fixtureSignAndVerify() throws {
        guard let file = try Self.bitcoinjs() else { return }
        let valid = try #require(file["valid"] as? [String: Any])
        for row in try #require(valid["sign"] as? [[String: Any]]) where row["network"] as? String == "bitcoin" {
            let key = try Fixtures.privateKey(String(repeating: "0", count: 63) + (try Fixtures.string(row, "d")))
            let message = Array(try Fixtures.string(row, "message").utf8)
            #expect(try BitcoinSignedMessage.sign(message, with: key, compressed: false).base64
                == (try Fixtures.string(row, "signature")))
            let compressed = try #require(row["compressed"] as? [String: Any])
            #expect(try BitcoinSignedMessage.sign(message, with: key).base64
                == (try Fixtures.string(compressed, "signature")))
            let segwit = try #require(row["segwit"] as? [String: [String: String]])
            for (_, entry) in segwit {
                let text = try #require(entry["signature"])
                #expect(throws: BSMError.self) { try BSMSignature(base64: text) }
            }
        }
        for row in try #require(valid["verify"] as? [[String: Any]]) where row["network"] as? String == "bitcoin" {
            let message = Array(try Fixtures.string(row, "message").utf8)
            let address = try Address(string: try Fixtures.string(row, "address"), network: .main)
            #expect(BitcoinSignedMessage.isValid(try Fixtures.string(row, "signature"), message: message, address: address))
            let compressed = try #require(row["compressed"] as? [String: Any])
            let compressedAddress = try Address(string: try Fixtures.string(compressed, "address"), network: .main)
            #expect(BitcoinSignedMessage.isValid(
                try Fixtures.string(compressed, "signature"), message: message, address: compressedAddress))
            let segwit = try #require(row["segwit"] as? [String: [String: String]])
            for (_, entry) in segwit {
                // The segwit address is not a P2PKH address; the signature is refused by its header alone.
                #expect(throws: BSMError.self) { try BSMSignature(base64: try #require(entry["signature"])) }
            }
        }
        let invalid = try #require(file["invalid"] as? [String: Any])
        let failing = try #require(invalid["verify"] as? [[String: Any]])
        #expect(failing.count == 4)
        for row in failing {
            let address = try Address(string: try Fixtures.string(row, "address"), network: .main)
            #expect(!BitcoinSignedMessage.isValid(
                try Fixtures.string(row, "signature"), message: Array(try Fixtures.string(row, "message").utf8),
                address: address), "\(row["description"] ?? "")")
        }
    }

    /// randomSig: signatures made with extra entropy (not RFC 6979 alone) still verify for the key's address.
    @Test func fixtureRandomSignaturesVerify() throws {
        guard let file = try Self.bitcoinjs() else { return }
        for row in try #require(file["randomSig"] as? [[String: Any]]) {
            let (key, compressed) = try WIF.decode(try Fixtures.string(row, "wif"), network: .main)
            #expect(!compressed)
            let address = try Address(hash160: Hash.hash160(key.publicKey.uncompressed), network: .main)
            let message = Array(try Fixtures.string(row, "message").utf8)
            for entry in try #require(row["signatures"] as? [[String: Any]]) {
                let signature = try Fixtures.string(entry, "signature")
                #expect(BitcoinSignedMessage.isValid(signature, message: message, address: address))
                #expect(BitcoinSignedMessage.isValid(signature, message: message, publicKey: key.publicKey))
            }
        }
    }

    // MARK: - Round trips and rejections

    @Test func roundTripWithWalletKeys() throws {
        let keys = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .main)
        let entry = try keys.derivedAddress(scheme: .type42, chain: .receive, index: 3)
        let receive = try keys.privateKey(for: entry)
        for (key, address) in [
            (keys.identityPrivateKey, Address(publicKey: keys.identityKey, network: .main)), (receive, entry.address),
        ] {
            for text in ["", "hello", String(repeating: "é", count: 300)] {
                let message = Array(text.utf8)
                let signature = try BitcoinSignedMessage.sign(message, with: key)
                #expect(signature.base64.count == 88)
                #expect((31...34).contains(signature.header))
                #expect(BitcoinSignedMessage.isValid(signature.base64, message: message, address: address))
                #expect(BitcoinSignedMessage.isValid(signature.base64, message: message, publicKey: key.publicKey))
                #expect(!BitcoinSignedMessage.isValid(signature.base64, message: message + [0], address: address))
                // Deterministic (RFC 6979).
                #expect(try BitcoinSignedMessage.sign(message, with: key) == signature)
            }
        }
        // The wrong key.
        let signature = try BitcoinSignedMessage.sign([1, 2, 3], with: receive).base64
        #expect(!BitcoinSignedMessage.isValid(signature, message: [1, 2, 3], publicKey: keys.identityKey))
    }

    @Test func rejections() throws {
        let key = try Fixtures.privateKey(String(repeating: "0", count: 63) + "1")
        let good = try BitcoinSignedMessage.sign(Array("vires is numeris".utf8), with: key).serialized
        // Bad base64: wrong alphabet, missing padding, whitespace, non-canonical bits, far too long.
        var noncanonical = Array(Base64.encode(good).utf8)
        // Set the unused low bits of the character before the single "=".
        let last = noncanonical[noncanonical.count - 2]
        noncanonical[noncanonical.count - 2] = last == UInt8(ascii: "9") ? UInt8(ascii: "/") : UInt8(ascii: "9")
        for text in [
            "*" + String(Base64.encode(good).dropFirst()), String(Base64.encode(good).dropLast()),
            " " + Base64.encode(good), Base64.encode(good) + "\n", String(decoding: noncanonical, as: UTF8.self),
            String(repeating: "A", count: 200),
        ] {
            #expect(throws: BSMError.invalidBase64) { try BSMSignature(base64: text) }
        }
        // Header bytes out of range: below 27 and the segwit range 35…42 and beyond.
        for header: UInt8 in [0, 26, 35, 38, 42, 43, 255] {
            #expect(throws: BSMError.invalidHeader(header)) { try BSMSignature(serialized: [header] + good.dropFirst()) }
        }
        // r or s zero or not below n.
        let zeroR = [good[0]] + [UInt8](repeating: 0, count: 32) + good[33...]
        #expect(throws: BSMError.invalidSignature) { try BSMSignature(serialized: zeroR) }
        let bigS = Array(good[0..<33]) + [UInt8](repeating: 0xff, count: 32)
        #expect(throws: BSMError.invalidSignature) { try BSMSignature(serialized: bigS) }
        #expect(throws: BSMError.wrongLength(length: 64)) { try BSMSignature(serialized: Array(good.dropLast())) }
        // isValid gives false for every malformed signature.
        let address = Address(publicKey: key.publicKey, network: .main)
        #expect(!BitcoinSignedMessage.isValid("not base64!", message: [], address: address))
        #expect(!BitcoinSignedMessage.isValid(Base64.encode(zeroR), message: [], publicKey: key.publicKey))
    }
}
