import Foundation
import HFMigration
import HFTestSupport
import Testing

/// The legacy keychain directory: listing is attribute enumeration, reads fail per item, deletion is limited.
@Suite struct LegacyKeychainTests {
    @Test func listsPercentDecodedAccountsWithoutReadingThem() throws {
        let fixture = try LegacyKeychainFixture()
        try fixture.plant("WALLET_MNEMONIC_KEY_abc", Array("x".utf8))
        try fixture.plant("m/44'/5'/0'_abc", [1, 2])
        try fixture.plant("100%_é\n", [3])
        try fixture.plantDanglingList(LegacyKeychainFixture.mainnet)
        let keychain = LegacyKeychain(root: fixture.root)
        #expect(try keychain.accounts() == ["100%_é\n", "CHAIN_WALLETS_KEY_b67a40f", "WALLET_MNEMONIC_KEY_abc", "m/44'/5'/0'_abc"])
        #expect(FileManager.default.fileExists(atPath: fixture.serviceDirectory + "/m%2F44'%2F5'%2F0'_abc"))
        #expect(try keychain.read(account: "m/44'/5'/0'_abc") == [1, 2])
        #expect(try keychain.read(account: "100%_é\n") == [3])
    }

    @Test func accountNamesRoundTrip() {
        for name in ["plain", "a/b", "50%", "tab\there", "ünï", "%2F", ""] {
            #expect(LegacyAccountName.decode(LegacyAccountName.encode(name)) == name)
        }
        #expect(LegacyAccountName.decode("bad%2") == nil)
        #expect(LegacyAccountName.decode("bad%zz") == nil)
        #expect(LegacyAccountName.decode("%ff") == nil)
    }

    @Test func aDanglingLinkIsAPerItemReadFailureNotAnEnumerationFailure() throws {
        let fixture = try LegacyKeychainFixture()
        try fixture.plantDanglingList(LegacyKeychainFixture.testnet)
        let keychain = LegacyKeychain(root: fixture.root)
        #expect(try keychain.accounts() == ["CHAIN_WALLETS_KEY_2cbcf83"])
        #expect(throws: LegacyKeychainError.self) { try keychain.read(account: "CHAIN_WALLETS_KEY_2cbcf83") }
        #expect(throws: LegacyKeychainError.self) { try keychain.read(account: "missing") }
    }

    @Test func anUnlistableRootIsAnEnumerationFailure() throws {
        let fixture = try LegacyKeychainFixture()
        let missing = LegacyKeychain(root: fixture.root + "/nope")
        #expect {
            try missing.accounts()
        } throws: { error in
            if case .enumerationFailed = error as? LegacyKeychainError { return true } else { return false }
        }
        let notDirectory = fixture.root + "/file"
        try Data([1]).write(to: URL(fileURLWithPath: notDirectory))
        #expect(throws: LegacyKeychainError.self) { try LegacyKeychain(root: notDirectory).accounts() }
        // A root without the service directory simply holds no items.
        let emptyRoot = fixture.root + "/empty"
        try FileManager.default.createDirectory(atPath: emptyRoot, withIntermediateDirectories: false)
        #expect(try LegacyKeychain(root: emptyRoot).accounts() == [])
    }

    @Test func aMalformedFileNameFailsTheEnumeration() throws {
        let fixture = try LegacyKeychainFixture()
        try Data([1]).write(to: URL(fileURLWithPath: fixture.serviceDirectory + "/bad%zz"))
        #expect(throws: LegacyKeychainError.malformedAccountName("bad%zz")) {
            try LegacyKeychain(root: fixture.root).accounts()
        }
    }

    @Test func onlyMnemonicAccountsCanBeDeletedAndTheServiceStays() throws {
        let fixture = try LegacyKeychainFixture()
        try fixture.plantMnemonic("w1", phrase: "p")
        try fixture.plantList(LegacyKeychainFixture.mainnet, ["w1"])
        let keychain = LegacyKeychain(root: fixture.root)
        #expect(throws: LegacyKeychainError.deletionNotAllowed(account: "CHAIN_WALLETS_KEY_b67a40f")) {
            try keychain.deleteMnemonic(account: "CHAIN_WALLETS_KEY_b67a40f")
        }
        try keychain.deleteMnemonic(account: "WALLET_MNEMONIC_KEY_w1")
        try keychain.deleteMnemonic(account: "WALLET_MNEMONIC_KEY_w1")
        #expect(try keychain.accounts() == ["CHAIN_WALLETS_KEY_b67a40f"])
        #expect(FileManager.default.fileExists(atPath: fixture.serviceDirectory))
    }
}
