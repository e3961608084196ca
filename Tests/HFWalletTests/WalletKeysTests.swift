import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct WalletKeysTests {
    static func abandonKeys(_ network: Network = .main) throws -> WalletKeys {
        try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: network)
    }

    /// m/44'/236'/0'/c/n for "abandon … about", cross-checked with bip_utils (Bip44Coins.BITCOIN_SV and a plain
    /// BIP32 derivation of the same path).
    @Test func bip44CrossCheckedAddresses() throws {
        let keys = try Self.abandonKeys()
        let receive = try keys.derive(scheme: .bip44, chain: .receive, start: 0, count: 3)
        #expect(receive.map(\.address.string) == [
            "1K6LZdwpKT5XkEZo2T2kW197aMXYbYMc4f", "1DhquSu6ky8QQnf88b1d3tRYeUkMLASZg9",
            "155Vurs4bMMu5BemtZ6cVPhryGWef4VxZu",
        ])
        #expect(receive.map(\.reference) == ["m/44'/236'/0'/0/0", "m/44'/236'/0'/0/1", "m/44'/236'/0'/0/2"])
        #expect(
            TestHex.encode(receive[0].publicKey.compressed)
                == "03ded5f2bd986575aa364aafdf80756d8e215752f38a6ab217923a9dc314d37c71")
        let change = try keys.derive(scheme: .bip44, chain: .change, start: 1, count: 2)
        let changeAddresses = change.map(\.address.string)
        #expect(
            changeAddresses == ["1HB1TYZAQBu84TUfAVVkqnZDWX1JTizALU", "1FVCwj1goPiMWb5qCUrerT3FRkW7cfthL7"])
        #expect(change.map(\.reference) == ["m/44'/236'/0'/1/1", "m/44'/236'/0'/1/2"])
        #expect(change.map(\.index) == [1, 2])
        #expect(
            keys.bip44AccountPublicString
                == "xpub6CdMDgU2hzWyeZ852LWqp5AfDz3ty2cRfi4jEw9BT8aNYugMQvVykQsKLARZ"
                + "dbqKKp7yTviJdL1N9saYLmJNKD1rwVAwLTmU8r8qKeoyG4R"
        )
        // The cached-chain fast path equals full derivation from the master key.
        let master = try ExtendedKey(seed: Mnemonic(phrase: Fixtures.abandonPhrase).seed())
        let full = try master.derived(DerivationPath("m/44'/236'/0'/1/2"))
        #expect(full.publicKey == change[1].publicKey)
        #expect(try keys.privateKey(for: change[1]) == full.privateKey)
    }

    /// Identity key m/13'/0' and wallet IDs, cross-checked with bip_utils + hashlib.
    @Test func identityAndWalletID() throws {
        let main = try Self.abandonKeys(.main)
        #expect(
            TestHex.encode(main.identityKey.compressed)
                == "0242bdc5d667a519ab0c1f0cee6b44fc735a7b48bfdba2a9b20fd594f094bee407")
        #expect(main.walletIDHex == "1402c0b07958d0603c0f9b49ae6788fecee72ff98efd0bf8f9f20d89c8d674d2")
        #expect(main.walletID.count == 32)
        #expect(
            try Self.abandonKeys(.test).walletIDHex
                == "599d5301148d40d37fcb43415043fc5e79fcea1d1aa0b7d662a8323e97be17a7")
        #expect(
            try Self.abandonKeys(.regtest).walletIDHex
                == "c7e547ee80b9f8da9ff0bee5ef8ad36a8a1d950ad270d174af3380daec7f42a1")
        #expect(main.identityPrivateKey.publicKey == main.identityKey)
        // A passphrase gives another wallet.
        let other = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), passphrase: "x", network: .main)
        #expect(other.walletID != main.walletID)
    }

    @Test(arguments: DerivationScheme.allCases)
    func privateKeysMatchEntries(scheme: DerivationScheme) throws {
        let keys = try Self.abandonKeys(.test)
        for chain in KeyChainKind.allCases {
            for entry in try keys.derive(scheme: scheme, chain: chain, start: 5, count: 3) {
                let key = try keys.privateKey(for: entry)
                #expect(key.publicKey == entry.publicKey)
                #expect(Address(publicKey: key.publicKey, network: .test) == entry.address)
                #expect(entry.address.string.first == "m" || entry.address.string.first == "n")
            }
        }
    }

    @Test func foreignEntriesAreRefused() throws {
        let keys = try Self.abandonKeys()
        let other = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), passphrase: "x", network: .main)
        let entry = try other.derivedAddress(scheme: .type42, chain: .receive, index: 0)
        #expect(throws: WalletKeysError.notThisWallet) { try keys.privateKey(for: entry) }
    }

    @Test func indexRangeIsChecked() throws {
        let keys = try Self.abandonKeys()
        #expect(throws: WalletKeysError.indexOutOfRange) {
            try keys.derive(scheme: .bip44, chain: .receive, start: 0x7FFF_FFFF, count: 2)
        }
        #expect(throws: WalletKeysError.indexOutOfRange) {
            try keys.derive(scheme: .type42, chain: .receive, start: 0, count: -1)
        }
        #expect(throws: WalletKeysError.indexOutOfRange) {
            try keys.privateKey(scheme: .bip44, chain: .change, index: 0x8000_0000)
        }
        #expect(try keys.derive(scheme: .bip44, chain: .receive, start: 0x7FFF_FFFF, count: 1).count == 1)
        #expect(try keys.derive(scheme: .type42, chain: .change, start: 3, count: 0).isEmpty)
    }

    /// The benchmark's shape: 10,000 addresses per scheme, each one child step from cached state.
    @Test func tenThousandAddressesPerScheme() throws {
        let keys = try Self.abandonKeys()
        for scheme in DerivationScheme.allCases {
            let entries = try keys.derive(scheme: scheme, chain: .receive, start: 0, count: 10_000)
            #expect(entries.count == 10_000)
            #expect(Set(entries.map(\.address)).count == 10_000)
            #expect(entries[9_999] == (try keys.derivedAddress(scheme: scheme, chain: .receive, index: 9_999)))
        }
    }

    @Test func descriptionHidesSecrets() throws {
        let keys = try Self.abandonKeys()
        #expect("\(keys)" == "WalletKeys(main, id 1402c0b07958d0603c0f9b49ae6788fecee72ff98efd0bf8f9f20d89c8d674d2)")
        #expect(WalletKeysError.notThisWallet.description == "this address was not derived by this wallet")
    }

    @Test func publicMasterIsRefused() throws {
        let master = try ExtendedKey(seed: Mnemonic(phrase: Fixtures.abandonPhrase).seed())
        #expect(throws: WalletKeysError.invalidSeed) { try WalletKeys(master: master.neutered(), network: .main) }
        #expect(throws: WalletKeysError.invalidSeed) { try WalletKeys(seed: SecureBytes([1, 2, 3]), network: .main) }
    }
}
