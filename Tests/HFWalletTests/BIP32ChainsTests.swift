import HFCrypto
import HFPrimitives
import HFWallet
import Testing

/// Other wallets' BIP32 chains (issue 32): every preset's first addresses against known answers computed with an
/// independent library — the Python bsv-sdk 2.4.0 of `make interop-venv` (`bip32_derive_xprv_from_mnemonic`, mainnet
/// P2PKH of the compressed key) — and one published BIP44 vector; the path model's refusals.
@Suite struct BIP32ChainsTests {
    /// BIP39's published test phrases (Trezor's vectors).
    static let legalWinner = "legal winner thank year wave sausage worth useful legal winner thank yellow"
    static let abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    func keys(_ phrase: String, passphrase: String = "", chains: BIP32Chains) throws -> WalletKeys {
        try WalletKeys(mnemonic: Mnemonic(phrase: phrase), passphrase: passphrase, network: .main, chains: chains)
    }

    func addresses(_ keys: WalletKeys, _ chain: KeyChainKind, count: Int) throws -> [String] {
        try keys.derive(scheme: .bip44, chain: chain, start: 0, count: count).map(\.address.string)
    }

    /// Centbee: a phrase with its 4-digit PIN as the BIP39 passphrase, on `m/44'/0/0/N` and `m/44'/0/1/N`.
    @Test func centbeeWithAPinMatchesBsvSdk() throws {
        let keys = try keys(Self.legalWinner, passphrase: "4821", chains: WalletPreset.centbee.chains)
        #expect(try addresses(keys, .receive, count: 3) == [
            "1ChzYHGJVX3r4Q5AyBLFpV7uaMgwFAUWMq", "17s4d2HCKv7ubcM3bdqKrwGmm5jPLKnGRb", "1JELmh9VJz2w7b2LJHGDP8aaauan25YTxB",
        ])
        #expect(try addresses(keys, .change, count: 2) == [
            "1DsJg5LJvWbp5f92NzXdZWQZTmpMKjnuHK", "19ngLkwrDZnGGb3cqceB1e3fddD2B5LSk2",
        ])
        let first = try keys.derivedAddress(scheme: .bip44, chain: .receive, index: 0)
        #expect(first.reference == "m/44'/0/0/0")
        #expect(first.publicKey.compressed.hex == "03a951a7059725f442c4b7da0e7fa39b9828e2b6a9a0f0535d7483104a7f7f1025")
        #expect(try keys.derivedAddress(scheme: .bip44, chain: .change, index: 1).reference == "m/44'/0/1/1")
        // Without the PIN the same phrase is another wallet.
        let noPin = try self.keys(Self.legalWinner, chains: WalletPreset.centbee.chains)
        #expect(try addresses(noPin, .receive, count: 1) != ["1ChzYHGJVX3r4Q5AyBLFpV7uaMgwFAUWMq"])
    }

    /// ElectrumSV's BIP39 account `m/44'/0'/0'`; receive 0 is BIP44's widely published first Bitcoin address of the
    /// "abandon … about" phrase.
    @Test func electrumsvMatchesThePublishedBip44Vector() throws {
        let keys = try keys(Self.abandon, chains: WalletPreset.electrumsv.chains)
        #expect(try addresses(keys, .receive, count: 2) == [
            "1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA", "1Ak8PffB2meyfYnbXZR9EGfLfFZVpzJvQP",
        ])
        #expect(try addresses(keys, .change, count: 1) == ["1J3J6EvPrv8q6AC3VCjWV45Uf3nssNMRtH"])
        #expect(try keys.derivedAddress(scheme: .bip44, chain: .change, index: 0).reference == "m/44'/0'/0'/1/0")
    }

    @Test func twetchIsReceiveZeroOfTheRootChains() throws {
        let keys = try keys(Self.abandon, chains: WalletPreset.twetch.chains)
        #expect(try addresses(keys, .receive, count: 2) == [
            "13iX7DteNj1gV7zhe4t6o9FX9CArR5wZxz", "1QAUQ4opPaGfnow7qBMVcmMhYg9Ubv33x9",
        ])
        #expect(try addresses(keys, .change, count: 1) == ["17aJR6juqmcwnNMYLTE8SMf2ptTySCxHrV"])
        #expect(try keys.derivedAddress(scheme: .bip44, chain: .receive, index: 0).reference == "m/0/0")
    }

    /// A Yours phrase on its three paths: the payment address is change 0 of the `yours` (= our) chains, the ordinals
    /// and identity addresses receive 0 of the prefixes `m/44'/236'/1'` and `m/0'/236'/0'`.
    @Test func yoursOnItsThreePaths() throws {
        let wallet = try keys(Self.abandon, chains: WalletPreset.yours.chains)
        #expect(WalletPreset.yours.chains.isStandard)
        #expect(try addresses(wallet, .change, count: 1) == ["125GFsvYsDtyzGkExfsX8DoHuXu2UsMUEZ"])
        #expect(try addresses(wallet, .receive, count: 1) == ["1K6LZdwpKT5XkEZo2T2kW197aMXYbYMc4f"])
        let ordinals = try keys(Self.abandon, chains: BIP32Chains(prefix: DerivationPath("m/44'/236'/1'")))
        #expect(try addresses(ordinals, .receive, count: 1) == ["18pBoqRpHUYf9udsab5G9LT3vQUPxEyMFf"])
        let identity = try keys(Self.abandon, chains: BIP32Chains(prefix: DerivationPath("m/0'/236'/0'")))
        #expect(try addresses(identity, .receive, count: 1) == ["16UeyS7TvuQDwYreJpZqZceEKWbjzt4JW4"])
    }

    @Test func theStandardChainsAreOursAndKeepOurReferences() throws {
        let standard = try keys(Self.abandon, chains: .standard)
        let plain = try WalletKeys(mnemonic: Mnemonic(phrase: Self.abandon), network: .main)
        #expect(try addresses(standard, .receive, count: 3) == addresses(plain, .receive, count: 3))
        #expect(try plain.derivedAddress(scheme: .bip44, chain: .change, index: 7).reference == "m/44'/236'/0'/1/7")
        #expect(BIP32Chains.standard.text == "m/44'/236'/0'/0 m/44'/236'/0'/1")
        // The wallet ID does not depend on the chains (it is the identity key's).
        #expect(try keys(Self.abandon, chains: WalletPreset.centbee.chains).walletIDHex == plain.walletIDHex)
    }

    @Test func privateKeysFollowTheChains() throws {
        let keys = try keys(Self.legalWinner, passphrase: "4821", chains: WalletPreset.centbee.chains)
        let entry = try keys.derivedAddress(scheme: .bip44, chain: .change, index: 1)
        #expect(try keys.privateKey(for: entry).publicKey == entry.publicKey)
        // An entry of our own chains is not this wallet's.
        let ours = try self.keys(Self.legalWinner, passphrase: "4821", chains: .standard)
        let foreign = try ours.derivedAddress(scheme: .bip44, chain: .change, index: 1)
        #expect(throws: WalletKeysError.notThisWallet) { try keys.privateKey(for: foreign) }
    }

    @Test func theStoredFormRoundTripsAndBadPairsAreRefused() throws {
        for preset in WalletPreset.allCases {
            #expect(try BIP32Chains(text: preset.chains.text) == preset.chains)
        }
        #expect(WalletPreset.centbee.chains.text == "m/44'/0/0 m/44'/0/1")
        #expect(throws: BIP32ChainsError.malformed) { try BIP32Chains(text: "m/44'/0/0") }
        #expect(throws: BIP32ChainsError.malformed) { try BIP32Chains(text: "m/44'/0/0  m/44'/0/1") }
        #expect(throws: BIP32ChainsError.malformed) { try BIP32Chains(text: "x/1 m/2") }
        #expect(throws: BIP32ChainsError.sameChain) { try BIP32Chains(text: "m/1 m/1") }
        #expect(throws: BIP32ChainsError.nested) { try BIP32Chains(text: "m/0 m/0/1") }
        #expect(throws: BIP32ChainsError.nested) { try BIP32Chains(text: "m/0/1 m/0") }
        let deep = DerivationPath(indices: [UInt32](repeating: 1, count: 254))
        #expect(throws: BIP32ChainsError.tooDeep) { try BIP32Chains(prefix: deep) }
        #expect(try BIP32Chains(prefix: DerivationPath(indices: [UInt32](repeating: 1, count: 253))).receive.indices.count == 254)
    }
}
