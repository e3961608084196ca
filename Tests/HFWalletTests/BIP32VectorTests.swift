import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct BIP32VectorTests {
    /// Vectors 1–4: every path's xprv and xpub, by private derivation from the seed, by parsing, and (for a
    /// non-hardened last step) by public derivation from the parent's xpub.
    @Test func validVectors() throws {
        guard let file = try Fixtures.object("bip32/bip32.test-vectors.json") else { return }
        let vectors = try #require(file["valid"] as? [[String: Any]])
        #expect(vectors.count == 4)
        var checked = 0
        for vector in vectors {
            let master = try ExtendedKey(seed: TestHex.decode(try Fixtures.string(vector, "seedHex")))
            let chains = try #require(vector["chains"] as? [[String: Any]])
            var parentPublic: String?
            for row in chains {
                let path = try DerivationPath(try Fixtures.string(row, "path"))
                let extPrv = try Fixtures.string(row, "extPrv")
                let extPub = try Fixtures.string(row, "extPub")
                let node = try master.derived(path)
                #expect(node.string(network: .main) == extPrv, "xprv of \(path)")
                #expect(node.publicString(network: .main) == extPub, "xpub of \(path)")
                #expect(node.depth == UInt8(path.indices.count))
                // Parsing round trips.
                let parsedPrivate = try ExtendedKey(string: extPrv, network: .main)
                #expect(parsedPrivate.isPrivate)
                #expect(parsedPrivate.string(network: .main) == extPrv)
                let parsedPublic = try ExtendedKey(string: extPub)
                #expect(!parsedPublic.isPrivate)
                #expect(parsedPublic.string(network: .main) == extPub)
                #expect(parsedPublic.publicKey == node.publicKey)
                // CKDpub from the parent's xpub.
                if let parentPublic, let last = path.indices.last, last < DerivationPath.hardenedOffset {
                    let parent = try ExtendedKey(string: parentPublic)
                    #expect(try parent.derivedChild(at: last).string(network: .main) == extPub, "CKDpub \(path)")
                    #expect(try parent.childPublicKey(at: last) == node.publicKey)
                }
                parentPublic = extPub
                checked += 1
            }
        }
        #expect(checked == 17)
    }

    /// Vector 5: every invalid key is rejected, for the reason the vector gives.
    @Test func invalidVector5Keys() throws {
        guard let file = try Fixtures.object("bip32/bip32.test-vectors.json") else { return }
        let rows = try #require(file["invalid"] as? [[String: Any]])
        #expect(rows.count == 16)
        for row in rows {
            let key = try Fixtures.string(row, "key")
            let reason = try Fixtures.string(row, "reason")
            let expected = try #require(Self.expectedError(reason), "unmapped reason \(reason)")
            #expect(throws: expected, "\(reason)") { try ExtendedKey(string: key) }
        }
    }

    private static func expectedError(_ reason: String) -> ExtendedKeyError? {
        switch reason {
        case "pubkey version / prvkey mismatch": .publicVersionWithPrivateKeyData
        case "prvkey version / pubkey mismatch": .privateVersionWithPublicKeyData
        case "invalid pubkey prefix 04": .invalidPublicKeyPrefix(0x04)
        case "invalid pubkey prefix 01": .invalidPublicKeyPrefix(0x01)
        case "invalid prvkey prefix 04", "invalid prvkey prefix 01": .invalidPrivateKeyPrefix
        case "zero depth with non-zero parent fingerprint": .zeroDepthWithParentFingerprint
        case "zero depth with non-zero index": .zeroDepthWithChildIndex
        case "unknown extended key version": .unknownVersion(0x0101_0101)
        case "private key 0 not in 1..n-1", "private key n not in 1..n-1": .invalidPrivateKey
        case "invalid checksum": .badChecksum
        default: reason.hasPrefix("invalid pubkey 0") ? .invalidPublicKey : nil
        }
    }
}
