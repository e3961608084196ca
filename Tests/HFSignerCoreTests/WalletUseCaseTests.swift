import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFSystem
import HFTestSupport
import HFWallet
import Testing

/// The session's wallet and backup use cases in-process (issue 13): list, show, default, add (a refused add stores
/// nothing), and a backup sealed from one home restored into a new one — or, when the restore fails, no home left.
@Suite struct WalletUseCaseTests {
    typealias Secrets = SignerSessionTests.FixedSecrets

    static let second = "legal winner thank year wave sausage worth useful legal winner thank yellow"

    @Test func listShowDefaultAndAdd() throws {
        let (dir, session) = try SignerSessionTests().session()
        let first = try #require(try session.listWallets().first)
        #expect(try session.listWallets().count == 1 && first.isDefault)
        let vault = try session.prepareWalletAdd(Secrets())
        let added = try session.addWallet(
            title: "Second", mnemonic: try Mnemonic(phrase: Self.second), passphrase: "", derivation: .bip44,
            vault: vault)
        #expect(added.derivation == .bip44 && added.network == .regtest && !added.isDefault)
        #expect(try session.listWallets().map(\.walletID) == [first.walletID, added.walletID])
        #expect(try session.showWallet(.id(String(added.walletID.prefix(8)))) == added)
        #expect(try session.setDefaultWallet(nil).walletID == first.walletID, "nil shows the active wallet")
        let chosen = try session.setDefaultWallet(.id(added.walletID))
        #expect(chosen.walletID == added.walletID && chosen.isDefault)
        #expect(try session.showWallet(.defaultWallet).walletID == added.walletID)
        // The same seed again is refused and stores nothing.
        let before = try SignerSessionTests().digest(dir)
        #expect(throws: SignerError.self) {
            try session.addWallet(
                title: nil, mnemonic: try Mnemonic(phrase: Self.second), passphrase: "", derivation: .type42,
                vault: vault)
        }
        #expect(try SignerSessionTests().digest(dir) == before)
        #expect(throws: SignerError.self) { try session.showWallet(.id("ffffffff")) }
        #expect(throws: SignerError.self) { try session.showWallet(.id("ab")) }
    }

    @Test func aSealedBackupRestoresIntoANewHomeAndAFailedRestoreLeavesNoHome() throws {
        let (dir, session) = try SignerSessionTests().session()
        let wallet = try #require(try session.listWallets().first)
        let password = SecureBytes(Array("backup password".utf8))
        let sealed = try session.sealBackup(password: password, secrets: Secrets())
        #expect(sealed.wallets == 1)
        let document = try BackupService.open(sealed.bytes, password: password)
        #expect(throws: SignerError.self) {
            try BackupService.open(sealed.bytes, password: SecureBytes(Array("wrong".utf8)))
        }
        let target = dir.path("restored")
        let (restored, outcomes) = try SignerSession.restoreBackup(
            document, explicit: target, network: .regtest, secrets: Secrets())
        #expect(outcomes.map(\.walletId) == [wallet.walletID] && outcomes.map(\.result) == ["restored"])
        #expect(try restored.listWallets().map(\.walletID) == [wallet.walletID])
        restored.close()
        // A restore whose store passphrase cannot be had removes the new home it created.
        struct Refusing: SignerSecrets {
            func storePassphrase() throws(SignerError) -> SecureBytes {
                throw .input(reason: "no passphrase file", code: "secretFileMissing", status: .noInput)
            }
        }
        let never = dir.path("never")
        do {
            _ = try SignerSession.restoreBackup(document, explicit: never, network: .regtest, secrets: Refusing())
            Issue.record("a restore without a passphrase succeeded")
        } catch {
            #expect(error.code == "secretFileMissing" && error.exitStatus == .noInput)
        }
        #expect(!FileManager.default.fileExists(atPath: never), "a failed restore into a new home leaves no home")
    }
}
