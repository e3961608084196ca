import Foundation
import HFCrypto
import HFPrimitives
import Testing

/// Private key 1: its public key is the generator G.
private let keyOneCompressedPublicKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
private let keyOneHash160 = "751e76e8199196d454941c45d1b3a323f1433bd6"
private let keyOneMainAddress = "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"
private let keyOneTestAddress = "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r"

@Suite struct AddressTests {
    @Test func privateKeyOne() throws {
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        let publicKey = try PrivateKey(rawRepresentation: one).publicKey
        #expect(publicKey.compressed.hex == keyOneCompressedPublicKey)
        let address = Address(publicKey: publicKey, network: .main)
        #expect(address.hash160.hex == keyOneHash160)
        #expect(address.string == keyOneMainAddress)
        #expect(address.description == keyOneMainAddress)
        #expect(Address(publicKey: publicKey, network: .test).string == keyOneTestAddress)
        #expect(Address(publicKey: publicKey, network: .regtest).string == keyOneTestAddress)
    }

    @Test func usesCompressedKeyEvenIfParsedUncompressed() throws {
        let uncompressed = try PublicKey(serialized: [UInt8](hex: keyOneCompressedPublicKey)).uncompressed
        let key = try PublicKey(serialized: uncompressed)
        #expect(Address(publicKey: key, network: .main).string == keyOneMainAddress)
    }

    @Test func parsesAndRoundTrips() throws {
        let main = try Address(string: keyOneMainAddress, network: .main)
        #expect(main.network == .main)
        #expect(main.hash160.hex == keyOneHash160)
        let test = try Address(string: keyOneTestAddress, network: .test)
        let regtest = try Address(string: keyOneTestAddress, network: .regtest)
        #expect(test.hash160 == main.hash160)
        #expect(regtest.network == .regtest)
        #expect(test != regtest)
        #expect(try Address(hash160: [UInt8](hex: keyOneHash160), network: .main) == main)
        #expect(
            try Address(hash160: [UInt8](repeating: 0, count: 20), network: .main).string
                == "1111111111111111111114oLvT2")
        #expect(
            try Address(hash160: [UInt8](repeating: 0, count: 20), network: .test).string
                == "mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8")
    }

    @Test func lockingScript() throws {
        let address = try Address(string: keyOneMainAddress, network: .main)
        #expect(address.lockingScript.hex == "76a914" + keyOneHash160 + "88ac")
        #expect(Address(lockingScript: address.lockingScript, network: .main) == address)
        var wrong = address.lockingScript
        wrong[24] = 0xad
        #expect(Address(lockingScript: wrong, network: .main) == nil)
        #expect(Address(lockingScript: Array(address.lockingScript.dropLast()), network: .main) == nil)
        #expect(Address(lockingScript: [0xa9, 0x14] + address.hash160 + [0x87], network: .main) == nil)
    }

    @Test func rejectsWrongNetwork() {
        #expect(throws: AddressError.wrongNetwork(expected: .main, versionByte: 0x6f)) {
            try Address(string: keyOneTestAddress, network: .main)
        }
        #expect(throws: AddressError.wrongNetwork(expected: .test, versionByte: 0x00)) {
            try Address(string: keyOneMainAddress, network: .test)
        }
        #expect(throws: AddressError.wrongNetwork(expected: .regtest, versionByte: 0x00)) {
            try Address(string: keyOneMainAddress, network: .regtest)
        }
        // P2SH (version 0x05) is not a P2PKH address.
        #expect(throws: AddressError.wrongNetwork(expected: .main, versionByte: 0x05)) {
            try Address(string: "3CNHUhP3uyB9EUtRLsmvFUmvGdjGdkTxJw", network: .main)
        }
    }

    @Test func rejectsDamage() {
        #expect(throws: AddressError.badChecksum) {
            try Address(string: "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ", network: .main)
        }
        #expect(throws: AddressError.badChecksum) {
            try Address(string: "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SMAH", network: .main)
        }
        #expect(throws: AddressError.invalidEncoding) {
            try Address(string: "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAM0", network: .main)
        }
        #expect(throws: AddressError.invalidEncoding) { try Address(string: " " + keyOneMainAddress, network: .main) }
        #expect(throws: AddressError.invalidEncoding) { try Address(string: "", network: .main) }
        #expect(throws: AddressError.invalidEncoding) {
            try Address(string: String(repeating: "1", count: 41), network: .main)
        }
        // Valid Base58Check, wrong payload lengths (20 and 22 bytes).
        #expect(throws: AddressError.wrongLength) { try Address(string: "111111111111111111117K4nzc", network: .main) }
        #expect(throws: AddressError.wrongLength) {
            try Address(string: "1p8KevEo5z2dqhHVZQ6v6D6s8PRnAmsr6yG", network: .main)
        }
        #expect(throws: AddressError.wrongLength) {
            try Address(hash160: [UInt8](repeating: 0, count: 19), network: .main)
        }
        #expect(throws: AddressError.wrongLength) {
            try Address(hash160: [UInt8](repeating: 0, count: 21), network: .main)
        }
    }

    @Test func codableKeepsNetwork() throws {
        let regtest = try Address(string: keyOneTestAddress, network: .regtest)
        let data = try JSONEncoder().encode(regtest)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(object == ["network": "regtest", "address": keyOneTestAddress])
        #expect(try JSONDecoder().decode(Address.self, from: data) == regtest)
        let mismatch = Data(#"{"network":"main","address":"\#(keyOneTestAddress)"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Address.self, from: mismatch) }
    }
}
