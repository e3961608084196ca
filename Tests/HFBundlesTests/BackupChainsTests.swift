import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// Backups of wallets on another application's BIP32 chains (document version 5, issue 32): the exact bytes, the
/// lowest-version rule, round trips, and every refusal of the member.
@Suite struct BackupChainsTests {
    static let abandon = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"

    static func wallet(chains: String?) throws -> BackupWallet {
        try BackupWallet(
            title: "Centbee", mnemonic: SecureBytes(Array(abandon.utf8)), passphrase: SecureBytes(Array("4821".utf8)),
            network: .main, derivationType: .bip44, isDefault: true,
            addressIndexes: WalletAddressIndexes(bip44: try AddressIndexes(receive: 2, change: 1)), receipts: [],
            bip32Chains: chains)
    }

    /// Written by hand from man/hf-bundles.5: sorted keys, `bip32Chains` the first member of the wallet object.
    static let knownV5 =
        #"{"createdAt":"2026-11-30T12:00:00Z","format":"hf-backup","version":5,"wallets":[{"addressIndexes":"#
        + #"{"bip44":{"change":1,"receive":2},"type42":{"change":0,"receive":0}},"#
        + #""bip32Chains":"m/44'/0/0 m/44'/0/1","derivationType":"bip44","isDefault":true,"#
        + #""mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about","#
        + #""network":"main","passphrase":"4821","receipts":[],"title":"Centbee"}]}"#

    func decode(_ text: String) throws(BundleError) -> BackupDocument {
        try BackupDocument(decoding: SecureBytes(Array(text.utf8)))
    }

    func text(_ document: BackupDocument) -> String { String(decoding: document.encoded().bytes, as: UTF8.self) }

    @Test func version5KnownAnswerAndRoundTrip() throws {
        let document = try BackupDocument(
            createdAt: Fixtures.createdAt, wallets: [try Self.wallet(chains: "m/44'/0/0 m/44'/0/1")])
        #expect(document.version == 5)
        #expect(text(document) == Self.knownV5)
        let decoded = try decode(Self.knownV5)
        #expect(decoded == document)
        #expect(decoded.wallets[0].bip32Chains == "m/44'/0/0 m/44'/0/1")
    }

    @Test func ourChainsStayAtTheLowerVersion() throws {
        let ours = try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet(chains: nil)])
        #expect(ours.version == 1)
        #expect(!text(ours).contains("bip32Chains"))
        #expect(try decode(text(ours)) == ours)
        // The same wallet with chains differs from it.
        #expect(try decode(Self.knownV5) != ours)
    }

    @Test func earlierVersionsRefuseTheMember() throws {
        for version in 1...4 {
            let older = Self.knownV5.replacingOccurrences(of: #""version":5"#, with: #""version":\#(version)"#)
            #expect(throws: BundleError.unknownField(path: "wallets[0].bip32Chains")) { try decode(older) }
        }
        let six = Self.knownV5.replacingOccurrences(of: #""version":5"#, with: #""version":6"#)
        #expect(throws: BundleError.self) { try decode(six) }
    }

    @Test(arguments: [
        "m/44'/0/0", "m/44'/0/0  m/44'/0/1", " m/44'/0/0 m/44'/0/1", "m/44'/0/0 m/44'/0/1 ", "x/1 m/2", "m/01 m/2",
        "m/1 m/1", "m/1/ m/2", "m//1 m/2", "m/1h m/2", "m/2147483648 m/1", "m/-1 m/2", "m/1'' m/2", "",
    ])
    func malformedChainsAreRefused(_ chains: String) throws {
        #expect(throws: BundleError.invalidText(path: "bip32Chains")) { try Self.wallet(chains: chains) }
        let edited = Self.knownV5.replacingOccurrences(of: "m/44'/0/0 m/44'/0/1", with: chains)
        #expect(throws: BundleError.self) { try decode(edited) }
    }

    @Test func acceptedForms() throws {
        for chains in ["m/0 m/1", "m/0/0 m/0/1", "m/2147483647' m/0'", "m/44'/236'/1'/0 m/44'/236'/0'/1"] {
            #expect(try Self.wallet(chains: chains).bip32Chains == chains)
        }
        let long = "m" + String(repeating: "/2147483647'", count: 700) + " m/1"
        #expect(throws: BundleError.overLimit(path: "bip32Chains", limit: BundleLimits.maxBIP32ChainsBytes)) {
            try Self.wallet(chains: long)
        }
    }
}
