import HFCrypto
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct BRC42Tests {
    /// BRC42.private.vectors.json: (recipient a, sender B, invoice as UTF-8 text) → child private key.
    @Test func privateVectors() throws {
        guard let rows = try Fixtures.array("brc42/BRC42.private.vectors.json") else { return }
        #expect(rows.count == 5)
        for row in rows {
            let child = try BRC42.childPrivateKey(
                of: Fixtures.privateKey(try Fixtures.string(row, "recipientPrivateKey")),
                counterparty: Fixtures.publicKey(try Fixtures.string(row, "senderPublicKey")),
                invoiceNumber: try Fixtures.string(row, "invoiceNumber"))
            #expect(TestHex.encode(child.rawRepresentation) == (try Fixtures.string(row, "privateKey")))
        }
    }

    /// BRC42.public.vectors.json: (sender b, recipient A, invoice) → child public key.
    @Test func publicVectors() throws {
        guard let rows = try Fixtures.array("brc42/BRC42.public.vectors.json") else { return }
        #expect(rows.count == 5)
        for row in rows {
            let child = try BRC42.childPublicKey(
                of: Fixtures.publicKey(try Fixtures.string(row, "recipientPublicKey")),
                senderPrivateKey: Fixtures.privateKey(try Fixtures.string(row, "senderPrivateKey")),
                invoiceNumber: try Fixtures.string(row, "invoiceNumber"))
            #expect(TestHex.encode(child.compressed) == (try Fixtures.string(row, "publicKey")))
        }
    }

    @Test func bothSidesAgree() throws {
        let alice = try Fixtures.privateKey(String(repeating: "11", count: 32))
        let bob = try Fixtures.privateKey(String(repeating: "22", count: 32))
        for invoice in ["1-wallet-0", "2-hello world-ü", "x"] {
            let mine = try BRC42.childPrivateKey(of: alice, counterparty: bob.publicKey, invoiceNumber: invoice)
            let theirs = try BRC42.childPublicKey(of: alice.publicKey, senderPrivateKey: bob, invoiceNumber: invoice)
            #expect(mine.publicKey == theirs)
        }
    }

    /// brc43-invoice.generated.json: invoice numbers, private keys, both public keys, and the x-coordinate key.
    @Test func brc43GeneratedCases() throws {
        guard let file = try Fixtures.object("brc42/brc43-invoice.generated.json") else { return }
        let root = try Fixtures.privateKey(try Fixtures.string(file, "rootPrivateKey"))
        #expect(TestHex.encode(root.publicKey.compressed) == (try Fixtures.string(file, "rootPublicKey")))
        let deriver = KeyDeriver(rootKey: root)
        let cases = try #require(file["cases"] as? [[String: Any]])
        #expect(cases.count == 6)
        for row in cases {
            let protocolID = try #require(row["protocolID"] as? [Any])
            let levelValue = try #require(protocolID[0] as? Int)
            let level = try #require(InvoiceNumber.SecurityLevel(rawValue: levelValue))
            let invoice = try InvoiceNumber(
                securityLevel: level, protocolName: try #require(protocolID[1] as? String),
                keyID: try Fixtures.string(row, "keyID"))
            #expect(invoice.string == (try Fixtures.string(row, "invoiceNumber")))
            let counterparty: Counterparty =
                switch try Fixtures.string(row, "counterparty") {
                case "self": .selfKey
                case "anyone": .anyone
                case let hex: .key(try Fixtures.publicKey(hex))
                }
            let priv = try deriver.privateKey(for: invoice, counterparty: counterparty)
            #expect(TestHex.encode(priv.rawRepresentation) == (try Fixtures.string(row, "derivedPrivateKey")))
            let forSelf = try deriver.publicKey(for: invoice, counterparty: counterparty, forSelf: true)
            #expect(TestHex.encode(forSelf.compressed) == (try Fixtures.string(row, "derivedPublicKeyForSelf")))
            let ofCounterparty = try deriver.publicKey(for: invoice, counterparty: counterparty)
            let expectedOfCounterparty = try Fixtures.string(row, "derivedPublicKeyOfCounterparty")
            #expect(TestHex.encode(ofCounterparty.compressed) == expectedOfCounterparty)
            let shared = try priv.sharedPoint(with: ofCounterparty).compressed.dropFirst()
            #expect(TestHex.encode(Array(shared)) == (try Fixtures.string(row, "symmetricKeyHex")))
        }
    }

    @Test func anyoneIsTheGenerator() throws {
        let root = try Fixtures.privateKey(String(repeating: "33", count: 32))
        #expect(Counterparty.anyone.publicKey(root: root.publicKey) == PublicKey.generator)
        #expect(Counterparty.selfKey.publicKey(root: root.publicKey) == root.publicKey)
    }
}
