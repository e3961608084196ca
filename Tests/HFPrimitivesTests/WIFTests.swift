import HFCrypto
import HFPrimitives
import Testing

private let keyOneMainCompressed = "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn"
private let keyOneMainUncompressed = "5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf"
private let keyOneTestCompressed = "cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA"
private let keyOneTestUncompressed = "91avARGdfge8E4tZfYLoxeJ5sGBdNJQH4kvjJoQFacbgwmaKkrx"

/// Private key 1.
private func keyOne() throws -> PrivateKey {
    var one = [UInt8](repeating: 0, count: 32)
    one[31] = 1
    return try PrivateKey(rawRepresentation: one)
}

@Suite struct WIFTests {
    @Test func encodesKeyOne() throws {
        let key = try keyOne()
        #expect(WIF.encode(key, network: .main) == keyOneMainCompressed)
        #expect(WIF.encode(key, network: .main, compressed: false) == keyOneMainUncompressed)
        #expect(WIF.encode(key, network: .test) == keyOneTestCompressed)
        #expect(WIF.encode(key, network: .regtest) == keyOneTestCompressed)
        #expect(WIF.encode(key, network: .test, compressed: false) == keyOneTestUncompressed)
    }

    @Test(arguments: [
        (keyOneMainCompressed, Network.main, true), (keyOneMainUncompressed, .main, false),
        (keyOneTestCompressed, .test, true), (keyOneTestCompressed, .regtest, true),
        (keyOneTestUncompressed, .test, false),
    ])
    func decodesKeyOne(text: String, network: Network, compressed: Bool) throws {
        let decoded = try WIF.decode(text, network: network)
        #expect(decoded.key == (try keyOne()))
        #expect(decoded.compressed == compressed)
    }

    @Test func roundTripsRandomKeys() throws {
        for _ in 0..<16 {
            let key = PrivateKey.generate()
            for network in Network.allCases {
                for compressed in [true, false] {
                    let text = WIF.encode(key, network: network, compressed: compressed)
                    let decoded = try WIF.decode(text, network: network)
                    #expect(decoded.key == key)
                    #expect(decoded.compressed == compressed)
                }
            }
        }
    }

    @Test func rejectsWrongNetwork() {
        #expect(throws: WIFError.wrongNetwork) { try WIF.decode(keyOneTestCompressed, network: .main) }
        #expect(throws: WIFError.wrongNetwork) { try WIF.decode(keyOneMainCompressed, network: .test) }
        #expect(throws: WIFError.wrongNetwork) { try WIF.decode(keyOneMainUncompressed, network: .regtest) }
        // An address is valid Base58Check but not a key.
        #expect(throws: WIFError.wrongLength) { try WIF.decode("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", network: .main) }
    }

    @Test func rejectsEveryFlippedBit() throws {
        let full = try Base58.decode(keyOneMainCompressed)
        for index in full.indices {
            for bit in 0..<8 {
                var damaged = full
                damaged[index] ^= 1 << bit
                #expect(throws: WIFError.badChecksum) { try WIF.decode(Base58.encode(damaged), network: .main) }
            }
        }
    }

    @Test func rejectsMalformedPayloads() {
        // 0x80 ‖ key ‖ 0x02: wrong compression flag.
        #expect(throws: WIFError.badCompressionFlag) {
            try WIF.decode("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sfZr2ym", network: .main)
        }
        // 0x80 ‖ 32 zero bytes ‖ 0x01: the zero key.
        #expect(throws: WIFError.invalidKey) {
            try WIF.decode("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73Nd2Mcv1", network: .main)
        }
        // 0x80 ‖ n ‖ 0x01: the group order is not a valid key.
        #expect(throws: WIFError.invalidKey) {
            try WIF.decode("L5oLkpV3aqBjhki6LmvChTCV6odsp4SXM6FfU2Gppt5kFqRzExJJ", network: .main)
        }
        // 0x80 ‖ key ‖ 0x01 0x01 (35 bytes) and 0x80 ‖ 31 bytes (32 bytes).
        #expect(throws: WIFError.wrongLength) {
            try WIF.decode("2SaK6n3GY7WKrHRSyvhrn1k6zdzeAMmNBXH5PtXqoENrdhfi68hfwW", network: .main)
        }
        #expect(throws: WIFError.wrongLength) {
            try WIF.decode("yNb7j1viLcZunrTHozyfJPTZJrprRSPpY485Lwzq1CFSBo1up", network: .main)
        }
    }

    @Test func rejectsBadEncoding() {
        #expect(throws: WIFError.invalidEncoding) { try WIF.decode("", network: .main) }
        #expect(throws: WIFError.invalidEncoding) { try WIF.decode(keyOneMainCompressed + " ", network: .main) }
        #expect(throws: WIFError.invalidEncoding) {
            try WIF.decode("0" + keyOneMainCompressed.dropFirst(), network: .main)
        }
        #expect(throws: WIFError.invalidEncoding) { try WIF.decode(String(repeating: "K", count: 61), network: .main) }
    }

    @Test func errorsNeverShowTheKey() {
        do {
            _ = try WIF.decode("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sfZr2ym", network: .main)
            Issue.record("expected a throw")
        } catch {
            let text = String(describing: error) + String(reflecting: error)
            #expect(!text.contains("KwDiBf89"))
            #expect(!text.contains("0000000000000001"))
        }
    }
}
