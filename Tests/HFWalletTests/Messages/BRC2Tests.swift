import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct BRC2Tests {
    /// The invoice of a compliance vector row: `protocolID` `[level, name]` and `keyID`.
    static func invoice(_ row: [String: Any]) throws -> InvoiceNumber {
        let protocolID = try #require(row["protocolID"] as? [Any])
        let levelValue = try #require(protocolID[0] as? Int)
        let level = try #require(InvoiceNumber.SecurityLevel(rawValue: levelValue))
        return try InvoiceNumber(
            securityLevel: level, protocolName: try #require(protocolID[1] as? String),
            keyID: try Fixtures.string(row, "keyID"))
    }

    static func compliance() throws -> [String: Any]? { try Fixtures.object("brc2/brc2-brc3.compliance.json") }

    // MARK: - Raw symmetric keys

    /// SymmetricKey.aesgcm.vectors.json: base64 key, 32-byte IV ciphertexts; the plaintext is the UTF-8 text as written.
    @Test func aesGCMVectorsDecrypt() throws {
        guard let rows = try Fixtures.array("brc2/SymmetricKey.aesgcm.vectors.json") else { return }
        #expect(rows.count == 5)
        for row in rows {
            let key = try BRC2SymmetricKey(rawRepresentation: try Base64.decode(try Fixtures.string(row, "key")))
            let ciphertext = try Base64.decode(try Fixtures.string(row, "ciphertext"))
            let plaintext = Array(try Fixtures.string(row, "plaintext").utf8)
            #expect(try key.decrypt(ciphertext) == plaintext)
            // Re-encrypting under the same IV reproduces the bytes exactly.
            #expect(key.encrypt(plaintext, iv: Array(ciphertext.prefix(32))) == ciphertext)
        }
    }

    /// SymmetricKey.31byte-compat.json: an X coordinate with 31 significant bytes is left-padded to 32 for AES.
    @Test func thirtyOneByteKeysAreLeftPadded() throws {
        guard let file = try Fixtures.object("brc2/SymmetricKey.31byte-compat.json") else { return }
        let cases = try #require(file["cases"] as? [[String: Any]])
        #expect(cases.count == 2)
        for row in cases {
            let wif = try WIF.decode(try Fixtures.string(row, "wif"), network: .main).key
            let x = Array(wif.publicKey.compressed.dropFirst())
            let minimal = Array(x.drop { $0 == 0 })
            #expect(TestHex.encode(minimal) == (try Fixtures.string(row, "xMinimalBytesHex")))
            let key = try BRC2SymmetricKey(rawRepresentation: minimal)
            #expect(TestHex.encode(key.rawRepresentation) == (try Fixtures.string(row, "aesKeyHex")))
            #expect(try BRC2SymmetricKey(rawRepresentation: x).rawRepresentation == key.rawRepresentation)
            let plaintext = Array(try Fixtures.string(row, "plaintextUtf8").utf8)
            let ciphertexts = try #require(row["ciphertextsHex"] as? [String])
            #expect(ciphertexts.count == 4)
            for hex in ciphertexts {
                #expect(try key.decrypt(TestHex.decode(hex)) == plaintext)
            }
        }
    }

    // MARK: - BRC-2 compliance

    @Test func encryptionComplianceVector() throws {
        guard let file = try Self.compliance() else { return }
        let row = try #require(file["encryption"] as? [String: Any])
        let user = try Fixtures.privateKey(try Fixtures.string(row, "userPrivateKeyHex"))
        #expect(TestHex.encode(user.publicKey.compressed) == (try Fixtures.string(row, "userPublicKeyHex")))
        let counterparty = Counterparty.key(try Fixtures.publicKey(try Fixtures.string(row, "counterpartyPublicKeyHex")))
        let invoice = try Self.invoice(row)
        let intermediate = try #require(row["intermediate"] as? [String: Any])
        #expect(invoice.string == (try Fixtures.string(intermediate, "invoiceNumber")))
        let deriver = KeyDeriver(rootKey: user)
        let key = try deriver.symmetricKey(for: invoice, counterparty: counterparty)
        #expect(TestHex.encode(key.rawRepresentation) == (try Fixtures.string(intermediate, "symmetricKeyHex")))
        let ciphertext = TestHex.decode(try Fixtures.string(row, "ciphertextHex"))
        #expect(TestHex.encode(Array(ciphertext.prefix(32))) == (try Fixtures.string(intermediate, "ivHex")))
        #expect(TestHex.encode(Array(ciphertext.suffix(16))) == (try Fixtures.string(intermediate, "gcmTagHex")))
        let plaintext = Array(try Fixtures.string(row, "plaintextUtf8").utf8)
        #expect(try deriver.decrypt(ciphertext, invoice: invoice, counterparty: counterparty) == plaintext)
        #expect(key.encrypt(plaintext, iv: Array(ciphertext.prefix(32))) == ciphertext)
    }

    @Test func hmacComplianceVector() throws {
        guard let file = try Self.compliance() else { return }
        let row = try #require(file["hmac"] as? [String: Any])
        let deriver = KeyDeriver(rootKey: try Fixtures.privateKey(try Fixtures.string(row, "userPrivateKeyHex")))
        let counterparty = Counterparty.key(try Fixtures.publicKey(try Fixtures.string(row, "counterpartyPublicKeyHex")))
        let data = Array(try Fixtures.string(row, "dataUtf8").utf8)
        let expected = TestHex.decode(try Fixtures.string(row, "hmacHex"))
        let invoice = try Self.invoice(row)
        #expect(try deriver.authenticationCode(for: data, invoice: invoice, counterparty: counterparty) == expected)
        #expect(try deriver.isValidAuthenticationCode(expected, for: data, invoice: invoice, counterparty: counterparty))
        var wrong = expected
        wrong[0] ^= 1
        #expect(!(try deriver.isValidAuthenticationCode(wrong, for: data, invoice: invoice, counterparty: counterparty)))
        #expect(!(try deriver.isValidAuthenticationCode(
            Array(expected.prefix(31)), for: data, invoice: invoice, counterparty: counterparty)))
    }

    /// BRC-3: the "anyone" wallet verifies the signer's signature; the derived child key matches.
    @Test func signatureComplianceVector() throws {
        guard let file = try Self.compliance() else { return }
        let row = try #require(file["signature_brc3"] as? [String: Any])
        let signer = try Fixtures.publicKey(try Fixtures.string(row, "signerIdentityPublicKeyHex"))
        let invoice = try Self.invoice(row)
        let intermediate = try #require(row["intermediate"] as? [String: Any])
        #expect(invoice.string == (try Fixtures.string(intermediate, "invoiceNumber")))
        let child = try KeyDeriver.anyone.publicKey(for: invoice, counterparty: .key(signer))
        #expect(TestHex.encode(child.compressed) == (try Fixtures.string(intermediate, "signerChildPublicKeyHex")))
        let signature = try ECDSASignature(derRepresentation: TestHex.decode(try Fixtures.string(row, "signatureDerHex")))
        let data = Array(try Fixtures.string(row, "dataUtf8").utf8)
        #expect(try KeyDeriver.anyone.isValidSignature(signature, for: data, invoice: invoice, counterparty: .key(signer)))
        #expect(!(try KeyDeriver.anyone.isValidSignature(
            signature, for: data + [0], invoice: invoice, counterparty: .key(signer))))
        let other = try InvoiceNumber(securityLevel: .perCounterparty, protocolName: "BRC3 Test", keyID: "43")
        #expect(!(try KeyDeriver.anyone.isValidSignature(signature, for: data, invoice: other, counterparty: .key(signer))))
    }

    /// keyID 72 gives an X with a leading zero byte: AES uses 32 bytes, HMAC the key without the zero.
    @Test func leadingZeroKeyQuirk() throws {
        guard let file = try Self.compliance() else { return }
        let row = try #require(file["leadingZeroSymmetricKey_generated"] as? [String: Any])
        let deriver = KeyDeriver(rootKey: try Fixtures.privateKey(try Fixtures.string(row, "userPrivateKeyHex")))
        let counterparty = Counterparty.key(try Fixtures.publicKey(try Fixtures.string(row, "counterpartyPublicKeyHex")))
        let invoice = try Self.invoice(row)
        let key = try deriver.symmetricKey(for: invoice, counterparty: counterparty)
        #expect(TestHex.encode(key.rawRepresentation) == (try Fixtures.string(row, "symmetricKeyHex32")))
        #expect(TestHex.encode(key.hmacKey) == (try Fixtures.string(row, "hmacKeyHexAsUsedByTsSdk")))
        let data = Array(try Fixtures.string(row, "dataUtf8").utf8)
        #expect(TestHex.encode(key.authenticationCode(for: data)) == (try Fixtures.string(row, "hmacHex")))
        let ciphertext = TestHex.decode(try Fixtures.string(row, "ciphertextHex"))
        #expect(try deriver.decrypt(ciphertext, invoice: invoice, counterparty: counterparty) == data)
    }

    // MARK: - Round trips

    /// Two wallets derive the same key from either side, for several invoices; self-encryption works too.
    @Test func roundTripsBetweenWallets() throws {
        let keys = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .main)
        let me = KeyDeriver(rootKey: keys.identityPrivateKey)
        let them = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "5a", count: 32)))
        for keyID in ["1", "42", "72", "a longer key id with spaces"] {
            let invoice = try InvoiceNumber(securityLevel: .perCounterparty, protocolName: "hf messages", keyID: keyID)
            let plaintext = Array("message \(keyID)".utf8)
            let sealed = try me.encrypt(plaintext, invoice: invoice, counterparty: .key(them.rootPublicKey))
            #expect(sealed.count == 32 + plaintext.count + 16)
            #expect(try them.decrypt(sealed, invoice: invoice, counterparty: .key(me.rootPublicKey)) == plaintext)
            let mac = try me.authenticationCode(for: plaintext, invoice: invoice, counterparty: .key(them.rootPublicKey))
            #expect(try them.isValidAuthenticationCode(
                mac, for: plaintext, invoice: invoice, counterparty: .key(me.rootPublicKey)))
            let mine = try me.encrypt(plaintext, invoice: invoice, counterparty: .selfKey)
            #expect(try me.decrypt(mine, invoice: invoice, counterparty: .selfKey) == plaintext)
            let signature = try me.signature(for: plaintext, invoice: invoice, counterparty: .key(them.rootPublicKey))
            #expect(try them.isValidSignature(
                signature, for: plaintext, invoice: invoice, counterparty: .key(me.rootPublicKey)))
            #expect(try me.isValidSignature(
                signature, for: plaintext, invoice: invoice, counterparty: .key(them.rootPublicKey), forSelf: true))
        }
    }

    // MARK: - Rejections

    @Test func rejections() throws {
        let alice = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "11", count: 32)))
        let bob = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "22", count: 32)))
        let carol = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "33", count: 32)))
        let invoice = try InvoiceNumber(securityLevel: .everyCounterparty, protocolName: "hf messages", keyID: "1")
        let sealed = try alice.encrypt(Array("secret".utf8), invoice: invoice, counterparty: .key(bob.rootPublicKey))
        // Wrong counterparty, wrong key ID, wrong recipient.
        #expect(throws: BRC2Error.authenticationFailed) {
            try bob.decrypt(sealed, invoice: invoice, counterparty: .key(carol.rootPublicKey))
        }
        let otherInvoice = try InvoiceNumber(securityLevel: .everyCounterparty, protocolName: "hf messages", keyID: "2")
        #expect(throws: BRC2Error.authenticationFailed) {
            try bob.decrypt(sealed, invoice: otherInvoice, counterparty: .key(alice.rootPublicKey))
        }
        #expect(throws: BRC2Error.authenticationFailed) {
            try carol.decrypt(sealed, invoice: invoice, counterparty: .key(alice.rootPublicKey))
        }
        // Any flipped bit: IV, body or tag.
        for index in [0, 31, 32, sealed.count - 17, sealed.count - 1] {
            var tampered = sealed
            tampered[index] ^= 0x01
            #expect(throws: BRC2Error.authenticationFailed) {
                try bob.decrypt(tampered, invoice: invoice, counterparty: .key(alice.rootPublicKey))
            }
        }
        // Truncated below IV + tag, and cut by one byte.
        for length in [0, 16, 47] {
            #expect(throws: BRC2Error.ciphertextTooShort(length: length)) {
                try bob.decrypt(Array(sealed.prefix(length)), invoice: invoice, counterparty: .key(alice.rootPublicKey))
            }
        }
        #expect(throws: BRC2Error.authenticationFailed) {
            try bob.decrypt(Array(sealed.dropLast()), invoice: invoice, counterparty: .key(alice.rootPublicKey))
        }
        // Empty plaintext is 48 bytes and valid.
        let empty = try alice.encrypt([], invoice: invoice, counterparty: .key(bob.rootPublicKey))
        #expect(try bob.decrypt(empty, invoice: invoice, counterparty: .key(alice.rootPublicKey)) == [])
        // Key lengths.
        #expect(throws: BRC2Error.invalidKeyLength(length: 0)) { try BRC2SymmetricKey(rawRepresentation: []) }
        #expect(throws: BRC2Error.invalidKeyLength(length: 33)) {
            try BRC2SymmetricKey(rawRepresentation: [UInt8](repeating: 1, count: 33))
        }
        let key = try BRC2SymmetricKey(rawRepresentation: [UInt8](repeating: 1, count: 32))
        let long = [UInt8](repeating: 0, count: BRC2SymmetricKey.maximumCiphertextLength + 1)
        #expect(throws: BRC2Error.ciphertextTooLong(length: long.count)) { try key.decrypt(long) }
    }
}
