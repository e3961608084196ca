import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct ExtendedKeyTests {
    static let seed = TestHex.decode("000102030405060708090a0b0c0d0e0f")

    @Test func hardenedChildOfAPublicKeyIsRefused() throws {
        let xpub = try ExtendedKey(seed: Self.seed).neutered()
        #expect(!xpub.isPrivate)
        #expect(throws: ExtendedKeyError.hardenedDerivationFromPublicKey(index: 0x8000_0000)) {
            try xpub.derivedChild(at: 0x8000_0000)
        }
        #expect(throws: ExtendedKeyError.hardenedDerivationFromPublicKey(index: 0x8000_0005)) {
            try xpub.derived(DerivationPath("m/1/5'"))
        }
        #expect(throws: ExtendedKeyError.hardenedDerivationFromPublicKey(index: 0x8000_0001)) {
            try xpub.childPublicKey(at: 0x8000_0001)
        }
        #expect(try xpub.childPrivateKey(at: 1) == nil)
        // Non-hardened children of the public key match the private derivation.
        let priv = try ExtendedKey(seed: Self.seed)
        #expect(try xpub.derivedChild(at: 7).publicKey == priv.derivedChild(at: 7).publicKey)
        #expect(try priv.childPrivateKey(at: 7)?.publicKey == priv.derivedChild(at: 7).publicKey)
        #expect(try priv.childPrivateKey(at: 0x8000_0007)?.publicKey == priv.derivedChild(at: 0x8000_0007).publicKey)
    }

    @Test func fingerprintAndParentLinks() throws {
        let master = try ExtendedKey(seed: Self.seed)
        // BIP32 vector 1 master: HASH160 of 0339a360…85c2, cross-checked with bip_utils Hash160.
        #expect(TestHex.encode(master.identifier) == "3442193e1bb70916e914552172cd4e2dbc9df811")
        #expect(master.fingerprint == 0x3442_193E)
        let child = try master.derivedChild(at: DerivationPath.hardened(0))
        #expect(child.parentFingerprint == master.fingerprint)
        #expect(child.childIndex == 0x8000_0000)
        #expect(child.depth == 1)
    }

    @Test func networksAndVersions() throws {
        let master = try ExtendedKey(seed: Self.seed)
        let tprv = master.string(network: .test)
        let tpub = master.publicString(network: .regtest)
        #expect(tprv.hasPrefix("tprv"))
        #expect(tpub.hasPrefix("tpub"))
        #expect(master.string(network: .regtest) == tprv)
        #expect(try ExtendedKey(string: tprv, network: .test).string(network: .test) == tprv)
        #expect(try ExtendedKey(string: tpub, network: .regtest).publicKey == master.publicKey)
        #expect(throws: ExtendedKeyError.wrongNetwork) { try ExtendedKey(string: tprv, network: .main) }
        #expect(throws: ExtendedKeyError.wrongNetwork) {
            try ExtendedKey(string: master.publicString(network: .main), network: .test)
        }
    }

    @Test func wrongLengthAndBadTextAreRejected() throws {
        let master = try ExtendedKey(seed: Self.seed)
        var payload = try Base58.decodeCheck(master.publicString(network: .main))
        payload.append(0)
        #expect(throws: ExtendedKeyError.invalidLength(79)) { try ExtendedKey(string: Base58.encodeCheck(payload)) }
        payload.removeLast(2)
        #expect(throws: ExtendedKeyError.invalidLength(77)) { try ExtendedKey(string: Base58.encodeCheck(payload)) }
        #expect(throws: ExtendedKeyError.invalidBase58) { try ExtendedKey(string: "xpub0OIl") }
        #expect(throws: ExtendedKeyError.invalidBase58) { try ExtendedKey(string: "") }
    }

    @Test func seedLengthIsChecked() {
        for length in [0, 15, 65] {
            #expect(throws: ExtendedKeyError.invalidSeedLength(length)) {
                try ExtendedKey(seed: [UInt8](repeating: 1, count: length))
            }
        }
        #expect(throws: Never.self) { try ExtendedKey(seed: [UInt8](repeating: 1, count: 64)) }
    }

    @Test func descriptionHidesKeyMaterial() throws {
        let master = try ExtendedKey(seed: Self.seed)
        let text = "\(master)"
        #expect(text == "ExtendedKey(private, depth 0, index 0)")
        #expect(!text.contains(master.string(network: .main)))
        #expect("\(try master.derivedChild(at: 0x8000_0002).neutered())" == "ExtendedKey(public, depth 1, index 2')")
    }
}
