import Foundation
import HFCrypto
import HFPrimitives
@testable import HFSignerCore
import HFStore
import HFSystem
import HFTestSupport
import HFWallet
import Testing

/// A session whose generator fails its health tests makes nothing (issue 32): `wallet create`'s steps stop at the
/// first with exit 70 and the home is byte-identical; `export wallet` makes no file key and writes no file.
@Suite struct GeneratorRefusalTests {
    typealias Secrets = SignerSessionTests.FixedSecrets

    /// A fresh home with a vault and the sample wallet on regtest.
    func session() throws -> (TemporaryDirectory, SignerSession) { try SignerSessionTests().session() }

    /// SHA-256 of every file of the home, by name, the SQLite shared-memory index aside.
    func digest(_ dir: TemporaryDirectory) throws -> [String: [UInt8]] {
        try SignerSessionTests().digest(dir).filter { !$0.key.hasSuffix("-shm") }
    }

    /// The steps of `hf-signer wallet create` (Sources/hf-signer/Wallet/WalletCreateCommand.swift), in its order.
    func createWallet(_ session: SignerSession) throws(SignerError) -> WalletInfo {
        let entropy = try session.keyEntropy()
        let vault = try session.prepareWalletAdd(Secrets())
        let mnemonic = try entropy.mnemonic(.twelveWords)
        return try session.addWallet(
            title: "New", mnemonic: mnemonic, passphrase: "", derivation: .type42, vault: vault)
    }

    @Test(arguments: ["constant", "biased", "repeating"])
    func walletCreateRefusesWithExit70AndChangesNothing(source name: String) throws {
        let (dir, session) = try session()
        defer { session.close() }
        let before = try digest(dir)
        let wallets = try SignerWallets(home: session.home, network: .regtest).list().count
        session.randomSource =
            switch name {
            case "constant": GeneratorSelfTestTests.constant
            case "biased": GeneratorSelfTestTests.biased
            default: GeneratorSelfTestTests.repeating
            }
        do {
            _ = try createWallet(session)
            Issue.record("a wallet was created from a failing generator")
        } catch {
            #expect(error.exitStatus.rawValue == 70)
            #expect(error.code == "generatorSelfTest")
        }
        #expect(try SignerWallets(home: session.home, network: .regtest).list().count == wallets)
        #expect(try digest(dir) == before)
    }

    @Test func walletCreateWorksOnTheRealGenerator() throws {
        let (_, session) = try session()
        defer { session.close() }
        let wallets = try SignerWallets(home: session.home, network: .regtest).list().count
        _ = try createWallet(session)
        #expect(try SignerWallets(home: session.home, network: .regtest).list().count == wallets + 1)
    }

    @Test func exportWalletMakesNoFileKeyFromAFailingGenerator() throws {
        let (dir, session) = try session()
        defer { session.close() }
        session.randomSource = GeneratorSelfTestTests.constant
        let wallet = try session.openWallet(.defaultWallet, secrets: Secrets())
        let before = try digest(dir)
        let out = dir.path("w.hfwallet")
        #expect(throws: SignerError.self) { try wallet.exportWalletFile(out: out) }
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try digest(dir) == before)
        #expect(try !wallet.vault.store.ids().contains(WalletFileService.keyID(walletID: wallet.info.walletID)))
    }
}
