import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct ElectrumECIESTests {
    /// The parties of `ecies/electrum-ecies-bie1.json`.
    struct Parties {
        let keys: [String: PrivateKey]

        init(_ file: [String: Any]) throws {
            var keys: [String: PrivateKey] = [:]
            for name in ["alice", "bob"] {
                let party = try #require(file[name] as? [String: Any])
                let key = try Fixtures.privateKey(try Fixtures.string(party, "privateKeyHex"))
                #expect(TestHex.encode(key.publicKey.compressed) == (try Fixtures.string(party, "publicKeyHex")))
                #expect(try WIF.decode(try Fixtures.string(party, "wif"), network: .main).key == key)
                keys[name] = key
            }
            self.keys = keys
        }

        func key(_ row: [String: Any], _ field: String) throws -> PrivateKey {
            try #require(keys[try Fixtures.string(row, field)])
        }
    }

    static func vectorFile() throws -> [String: Any]? { try Fixtures.object("ecies/electrum-ecies-bie1.json") }

    /// Every case encrypts to the exact bytes with the fixed sender key, and decrypts back.
    @Test func vectorsEncryptAndDecrypt() throws {
        guard let file = try Self.vectorFile() else { return }
        let parties = try Parties(file)
        let cases = try #require(file["cases"] as? [[String: Any]])
        #expect(cases.count == 6)
        for row in cases {
            let from = try parties.key(row, "from")
            let to = try parties.key(row, "to")
            let noKey = try #require(row["noKey"] as? Bool)
            let plaintext = Array(try Fixtures.string(row, "plaintextUtf8").utf8)
            let expectedText = try Fixtures.string(row, "ciphertextBase64")
            #expect(expectedText.hasPrefix("QklFM"))
            let expected = try Base64.decode(expectedText)
            let made = try ElectrumECIES.encrypt(plaintext, to: to.publicKey, from: from, includeSenderKey: !noKey)
            #expect(made == expected)
            #expect(Base64.encode(made) == expectedText)
            let opened = try ElectrumECIES.decrypt(expected, with: to, sender: noKey ? from.publicKey : nil)
            #expect(opened == plaintext)
            if noKey {
                // Symmetric ECDH: the reverse direction gives identical bytes, and either side can open it.
                #expect(try ElectrumECIES.encrypt(plaintext, to: from.publicKey, from: to, includeSenderKey: false) == expected)
                #expect(try ElectrumECIES.decrypt(expected, with: from, sender: to.publicKey) == plaintext)
            } else {
                // With the embedded key, naming the right sender is accepted too.
                #expect(try ElectrumECIES.decrypt(expected, with: to, sender: from.publicKey) == plaintext)
            }
        }
    }

    /// The intermediate iv, kE and kM of alice → bob.
    @Test func intermediateKeys() throws {
        guard let file = try Self.vectorFile() else { return }
        let parties = try Parties(file)
        let expected = try #require(file["intermediate_alice_to_bob"] as? [String: Any])
        let alice = try #require(parties.keys["alice"])
        let bob = try #require(parties.keys["bob"])
        for keys in [try ElectrumECIES.Keys(alice, bob.publicKey), try ElectrumECIES.Keys(bob, alice.publicKey)] {
            #expect(TestHex.encode(keys.iv) == (try Fixtures.string(expected, "ivHex")))
            #expect(TestHex.encode(keys.encryptionKey) == (try Fixtures.string(expected, "kEHex")))
            #expect(TestHex.encode(keys.macKey) == (try Fixtures.string(expected, "kMHex")))
        }
    }

    /// Ephemeral-key round trips with the wallet's own identity key and receive key, for sizes around the block size.
    @Test func roundTripsWithWalletKeys() throws {
        let keys = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .main)
        let receive = try keys.privateKey(scheme: .type42, chain: .receive, index: 0)
        for recipient in [keys.identityPrivateKey, receive] {
            for size in [0, 1, 15, 16, 17, 31, 32, 33, 1000] {
                let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                let message = try ElectrumECIES.encrypt(plaintext, to: recipient.publicKey)
                #expect(message.count == 4 + 33 + (size / 16 + 1) * 16 + 32)
                #expect(try ElectrumECIES.decrypt(message, with: recipient) == plaintext)
                // Ephemeral keys: two encryptions of the same text differ.
                #expect(try ElectrumECIES.encrypt(plaintext, to: recipient.publicKey) != message)
            }
        }
        // No-key mode with a fixed sender (the wallet's identity) to the receive key.
        let secret = Array("no key round trip".utf8)
        let message = try ElectrumECIES.encrypt(
            secret, to: receive.publicKey, from: keys.identityPrivateKey, includeSenderKey: false)
        #expect(try ElectrumECIES.decrypt(message, with: receive, sender: keys.identityKey) == secret)
    }

    /// A 65-byte uncompressed sender key in the message is accepted (the reference's decrypt reads it).
    @Test func uncompressedSenderKeyIsAccepted() throws {
        let sender = try Fixtures.privateKey(String(repeating: "41", count: 32))
        let recipient = try Fixtures.privateKey(String(repeating: "42", count: 32))
        let compressed = try ElectrumECIES.encrypt(Array("hi".utf8), to: recipient.publicKey, from: sender)
        let keys = try ElectrumECIES.Keys(sender, recipient.publicKey)
        // Rebuild the same message with the uncompressed key and its MAC over it.
        var body = ElectrumECIES.magic + sender.publicKey.uncompressed + compressed[37..<(compressed.count - 32)]
        body += HMAC.sha256(key: keys.macKey, message: body)
        #expect(try ElectrumECIES.decrypt(body, with: recipient) == Array("hi".utf8))
    }

    // MARK: - Rejections

    /// A fixed alice → bob message for the rejection tests.
    static func sample() throws -> (alice: PrivateKey, bob: PrivateKey, message: [UInt8]) {
        let alice = try Fixtures.privateKey("77e06abc52bf065cb5164c5deca839d0276911991a2730be4d8d0a0307de7ceb")
        let bob = try Fixtures.privateKey("2b57c7c5e408ce927eef5e2efb49cfdadde77961d342daa72284bb3d6590862d")
        let message = try ElectrumECIES.encrypt(Array("this is my test message".utf8), to: bob.publicKey, from: alice)
        return (alice, bob, message)
    }

    @Test func badMACIsRejected() throws {
        let (_, bob, message) = try Self.sample()
        // Any flipped bit, in the magic-covered key, the ciphertext or the MAC itself, fails authentication.
        for index in [message.count - 1, message.count - 32, 40, message.count - 33] {
            var tampered = message
            tampered[index] ^= 0x01
            #expect(throws: ElectrumECIESError.authenticationFailed) { try ElectrumECIES.decrypt(tampered, with: bob) }
        }
    }

    @Test func wrongKeyIsRejected() throws {
        let (alice, bob, message) = try Self.sample()
        let stranger = try Fixtures.privateKey(String(repeating: "07", count: 32))
        #expect(throws: ElectrumECIESError.authenticationFailed) { try ElectrumECIES.decrypt(message, with: stranger) }
        // The sender cannot open what it sent with its own key (it would need bob's).
        #expect(throws: ElectrumECIESError.authenticationFailed) { try ElectrumECIES.decrypt(message, with: alice) }
        // Naming a different expected sender than the embedded one.
        #expect(throws: ElectrumECIESError.senderKeyMismatch) {
            try ElectrumECIES.decrypt(message, with: bob, sender: stranger.publicKey)
        }
    }

    @Test func truncatedMessagesAreRejected() throws {
        let (_, bob, message) = try Self.sample()
        for length in [0, 3, 4, 20, 51] {
            #expect(throws: ElectrumECIESError.messageTooShort(length: length)) {
                try ElectrumECIES.decrypt(Array(message.prefix(length)), with: bob)
            }
        }
        // Lengths that leave neither whole blocks nor a key and whole blocks.
        for cut in [2, 3, 15] {
            #expect(throws: ElectrumECIESError.malformedBody) {
                try ElectrumECIES.decrypt(Array(message.dropLast(cut)), with: bob)
            }
        }
        // Lengths that leave whole blocks read as a no-key message, which then needs a sender key.
        for cut in [1, 17] {
            #expect(throws: ElectrumECIESError.missingSenderKey) {
                try ElectrumECIES.decrypt(Array(message.dropLast(cut)), with: bob)
            }
        }
        // Cutting one whole block leaves a valid shape whose MAC no longer matches.
        #expect(throws: ElectrumECIESError.authenticationFailed) {
            try ElectrumECIES.decrypt(Array(message.dropLast(16)), with: bob)
        }
    }

    @Test func wrongMagicIsRejected() throws {
        let (_, bob, message) = try Self.sample()
        for magic in ["BIE0", "bie1", "BIE2", "\0\0\0\0"] {
            let tampered = Array(magic.utf8) + message.dropFirst(4)
            #expect(throws: ElectrumECIESError.badMagic) { try ElectrumECIES.decrypt(tampered, with: bob) }
        }
    }

    @Test func invalidEmbeddedKeyIsRejected() throws {
        let (_, bob, message) = try Self.sample()
        // 0x02 followed by an X that is not below the field prime.
        var tampered = message
        tampered.replaceSubrange(5..<37, with: [UInt8](repeating: 0xff, count: 32))
        #expect(throws: ElectrumECIESError.invalidSenderKey) { try ElectrumECIES.decrypt(tampered, with: bob) }
        // A prefix byte that is no SEC1 key.
        tampered = message
        tampered[4] = 0x05
        #expect(throws: ElectrumECIESError.invalidSenderKey) { try ElectrumECIES.decrypt(tampered, with: bob) }
    }

    @Test func noKeyMessagesNeedTheSender() throws {
        let (alice, bob, _) = try Self.sample()
        let message = try ElectrumECIES.encrypt(
            Array("x".utf8), to: bob.publicKey, from: alice, includeSenderKey: false)
        #expect(throws: ElectrumECIESError.missingSenderKey) { try ElectrumECIES.decrypt(message, with: bob) }
        #expect(throws: ElectrumECIESError.authenticationFailed) {
            try ElectrumECIES.decrypt(message, with: bob, sender: bob.publicKey)
        }
        // An ephemeral sender key would be lost in no-key mode.
        #expect(throws: ElectrumECIESError.missingSenderKey) {
            try ElectrumECIES.encrypt([1], to: bob.publicKey, includeSenderKey: false)
        }
    }

    @Test func oversizedMessageIsRejectedBeforeAnyWork() throws {
        let (_, bob, _) = try Self.sample()
        let huge = [UInt8](repeating: 0, count: ElectrumECIES.maximumMessageLength + 1)
        #expect(throws: ElectrumECIESError.messageTooLong(length: huge.count)) {
            try ElectrumECIES.decrypt(huge, with: bob)
        }
    }

    /// The MAC is checked before decryption: a forged body with a correct MAC reaches AES and fails on padding,
    /// while the same body with any MAC error stops at authentication and never reaches AES.
    @Test func macIsCheckedBeforeDecrypting() throws {
        let (alice, bob, _) = try Self.sample()
        let keys = try ElectrumECIES.Keys(alice, bob.publicKey)
        // A block whose CBC decryption ends in a byte that is no valid padding (found by decrypting candidates).
        var forged: [UInt8] = []
        for seed in 0..<64 {
            let block = [UInt8](repeating: UInt8(seed), count: 16)
            var candidate = ElectrumECIES.magic + alice.publicKey.compressed + block
            candidate += HMAC.sha256(key: keys.macKey, message: candidate)
            if case .failure(.decryptionFailed) = Result(catching: { () throws(ElectrumECIESError) in
                try ElectrumECIES.decrypt(candidate, with: bob)
            }) {
                forged = candidate
                break
            }
        }
        #expect(!forged.isEmpty)
        var badMAC = forged
        badMAC[badMAC.count - 1] ^= 0x80
        #expect(throws: ElectrumECIESError.authenticationFailed) { try ElectrumECIES.decrypt(badMAC, with: bob) }
    }
}
