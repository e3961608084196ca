import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct Type42ChainTests {
    /// Receive 0…2 and change 0…1 recomputed here from the raw definition (ECDH + HMAC + tweak) agree with the
    /// chain.
    @Test func chainMatchesTheRawDefinition() throws {
        let master = try ExtendedKey(seed: Mnemonic(phrase: Fixtures.abandonPhrase).seed())
        let m = try #require(master.privateKey)
        let chain = try Type42Chain(rootKey: m)
        let cases: [(KeyChainKind, UInt32, String)] = [
            (.receive, 0, "1-wallet-0"), (.receive, 1, "1-wallet-1"), (.receive, 2, "1-wallet-2"),
            (.change, 0, "0-change-0"), (.change, 1, "0-change-1"),
        ]
        for (kind, index, invoice) in cases {
            #expect(Type42Chain.invoiceNumber(kind, index: index) == invoice)
            let s = try m.sharedPoint(with: m.publicKey).compressed
            let h = Scalar.reducedModOrder(HMAC.sha256(key: s, message: Array(invoice.utf8)))
            let expectedPrivate = try m.adding(tweak: h)
            let expectedPublic = try m.publicKey.adding(tweakTimesGenerator: h)
            #expect(try chain.privateKey(kind, index: index) == expectedPrivate)
            #expect(try chain.publicKey(kind, index: index) == expectedPublic)
            #expect(expectedPrivate.publicKey == expectedPublic)
            // And the generic BRC-42 path with counterparty self.
            let viaBRC42 = try BRC42.childPrivateKey(of: m, counterparty: m.publicKey, invoiceNumber: invoice)
            #expect(viaBRC42 == expectedPrivate)
        }
        #expect(try chain.publicKeys(.change, start: 0, count: 2) == [
            try chain.publicKey(.change, index: 0), try chain.publicKey(.change, index: 1),
        ])
    }

    @Test func invoicesAreValidBRC43() throws {
        let receive = try InvoiceNumber(securityLevel: .everyCounterparty, protocolName: "wallet", keyID: "5")
        let change = try InvoiceNumber(securityLevel: .silent, protocolName: "change", keyID: "5")
        #expect(Type42Chain.invoiceNumber(.receive, index: 5) == receive.string)
        #expect(Type42Chain.invoiceNumber(.change, index: 5) == change.string)
    }

    /// Figures computed at dev time with Python (coincurve ECDH point, hmac, bip_utils master key) for the
    /// "abandon … about" phrase with no passphrase.
    @Test func crossCheckedAddresses() throws {
        let keys = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .main)
        let receive = try keys.derive(scheme: .type42, chain: .receive, start: 0, count: 3)
        #expect(receive.map(\.address.string) == [
            "12gn2vxr1r6tbpP7m5X9MhsPV2qmYtgMkB", "1PbaawADjUGTYpvNx3CbzgC2pPHvrsYvsb",
            "1JiGWuBhBdGV5jFVygyJGTaa2ANRgypuJ6",
        ])
        #expect(
            TestHex.encode(receive[0].publicKey.compressed)
                == "02e894c9897eeddc8f81d44b5321ee1a72aa59b9312261905d1752f0749e07c333")
        #expect(receive.map(\.reference) == ["1-wallet-0", "1-wallet-1", "1-wallet-2"])
        let change = try keys.derive(scheme: .type42, chain: .change, start: 0, count: 2)
        let changeAddresses = change.map(\.address.string)
        #expect(
            changeAddresses == ["1NrpTi7cuZmd7whNwwxWwEzP4bpHMQE4dG", "1AB7Zk8UCSuzMN81a8UckskyTVhQgjWJ8J"])
        #expect(change.map(\.reference) == ["0-change-0", "0-change-1"])
        let testnet = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .test)
        #expect(try testnet.derivedAddress(scheme: .type42, chain: .receive, index: 0).address.string
            == "mhCjKz3ppsY9NvrjUeVXBd5iM2SUWtpKps")
    }

    @Test func descriptionHidesSecrets() throws {
        let chain = try Type42Chain(rootKey: Fixtures.privateKey(String(repeating: "44", count: 32)))
        #expect("\(chain)" == "Type42Chain(root \(chain.rootPublicKey))")
    }
}
