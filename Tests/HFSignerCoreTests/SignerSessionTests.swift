import Foundation
import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSPV
@testable import HFSignerCore
import HFHome
import HFStore
import HFSystem
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// The signer's session driven in-process (issue 13): the lock, the import routing with every rejection leaving the
/// store as it was, wallets, exports that commit first and write after.
@Suite struct SignerSessionTests {
    /// The store passphrase a terminal or 0600 file would give (a stand-in for the executable's prompt).
    struct FixedSecrets: SignerSecrets {
        func storePassphrase() throws(SignerError) -> SecureBytes { SecureBytes(Array("session test passphrase".utf8)) }
    }

    static let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    /// A fresh home with a vault and the sample wallet on regtest; the session holds the home's lock.
    func session() throws -> (TemporaryDirectory, SignerSession) {
        let dir = try TemporaryDirectory()
        let home = try SignerHome.create(explicit: dir.path("home"))
        _ = try home.createVault(passphrase: try FixedSecrets().storePassphrase())
        let session = try SignerSession(home: home, network: .regtest)
        let vault = try session.openVault(FixedSecrets())
        _ = try SignerWallets(home: home, network: .regtest).add(
            title: "Sample", mnemonic: try Mnemonic(phrase: Self.phrase), passphrase: "", derivation: .type42,
            vault: vault)
        return (dir, session)
    }

    /// SHA-256 of every file of the home, by name.
    func digest(_ dir: TemporaryDirectory) throws -> [String: [UInt8]] {
        let root = dir.path("home")
        var result: [String: [UInt8]] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: root) {
            guard let data = FileManager.default.contents(atPath: root + "/" + name) else { continue }
            result[name] = HFCrypto.Hash.sha256([UInt8](data))
        }
        return result
    }

    @Test func openingTakesTheHomeLockOnceAndCloseReleasesIt() throws {
        let (dir, session) = try session()
        #expect(session.lock.path == dir.path("home") + "/lock")
        #expect(FileManager.default.fileExists(atPath: session.lock.path))
        // In-process the lock is shared (a second flock of this process would wait for the first) …
        let again = try HomeLock.acquire(directory: dir.path("home"), waitingUpTo: 0)
        #expect(again === session.lock)
        session.close()
        // … and released by close: taking it again gives a new lock.
        let fresh = try HomeLock.acquire(directory: dir.path("home"), waitingUpTo: 0)
        #expect(fresh !== session.lock)
        fresh.release()
    }

    @Test func everyRefusedBundleLeavesTheStoreAsItWas() throws {
        let (dir, session) = try session()
        let secrets = FixedSecrets()
        _ = try session.headerStatus()
        let before = try digest(dir)
        let cases: [(String, [UInt8], String)] = [
            ("not a bundle", Array("hello".utf8), "unrecognizedContent"),
            ("an empty object", Array("{}".utf8), "missingField"),
            ("empty", [], "unrecognizedContent"),
            ("a truncated backup", Array("HFBEP".utf8) + [UInt8](repeating: 0, count: 64), "unrecognizedContent"),
        ]
        for (label, bytes, code) in cases {
            #expect(throws: SignerError.self, "\(label)") { try session.importBundle(bytes, wallet: .defaultWallet, secrets: secrets) }
            do { _ = try session.importBundle(bytes, wallet: .defaultWallet, secrets: secrets) } catch {
                #expect(error.code == code, "\(label): \(error)")
                #expect(error.exitStatus == .dataError, "\(label)")
            }
            #expect(try digest(dir) == before, "\(label): the store changed")
        }
    }

    /// A headers bundle decoded once by `ImportOrder` is imported as its bytes would be, and one of another network
    /// is refused with nothing changed.
    @Test func aDecodedHeadersBundleIsImportedOnlyOnItsNetwork() throws {
        let (dir, session) = try session()
        _ = try session.headerStatus()
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, transactions: 1)
        let fullHeaders = [block.header.serialized]
        let checkpoint = HeaderCheckpoint(height: 0, hash: Checkpoint.regtest.hash)
        let other = try HeadersBundle(network: .test, checkpoint: checkpoint, startHeight: 1, fullHeaders: fullHeaders)
        let before = try digest(dir)
        do {
            _ = try session.importHeaders(other)
            Issue.record("a test-network bundle was imported on regtest")
        } catch {
            #expect(error.code == "wrongNetwork" && error.exitStatus == .dataError, "\(error)")
        }
        #expect(try digest(dir) == before, "the store changed")
        let bundle = try HeadersBundle(network: .regtest, checkpoint: checkpoint, startHeight: 1, fullHeaders: fullHeaders)
        guard case .headers(let commit, _) = try session.importHeaders(bundle) else {
            Issue.record("not a headers outcome")
            return
        }
        let status = try session.headerStatus()
        #expect(commit.validatedTipHeight == 1 && status.validatedTipHeight == 1)
    }

    @Test func aWalletOpensWithItsKeysAndAnEmptyLedger() throws {
        let (dir, session) = try session()
        defer { withExtendedLifetime(dir) {} }
        let wallet = try session.openWallet(.defaultWallet, secrets: FixedSecrets())
        #expect(wallet.info.network == .regtest && wallet.info.derivation == .type42 && wallet.info.title == "Sample")
        let balance = try wallet.ledger().balance(walletID: wallet.info.walletID)
        #expect(balance.confirmed == 0 && balance.pendingOut == 0 && balance.utxoCount == 0)
        #expect(try wallet.spender.pending().isEmpty)
        let first = try wallet.nextAddress()
        let second = try wallet.nextAddress()
        #expect(first.index + 1 == second.index, "address next moves the receive index")
    }

    @Test func anAddressPackIsCommittedFirstThenWrittenAndATakenOutKeepsNothing() throws {
        let (dir, session) = try session()
        let wallet = try session.openWallet(.defaultWallet, secrets: FixedSecrets())
        let taken = dir.path("taken.hfaddrpack")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: taken))
        let before = try digest(dir)
        #expect(throws: SignerError.self) { try wallet.exportAddressPack(count: 20, out: taken) }
        do { _ = try wallet.exportAddressPack(count: 20, out: taken) } catch {
            #expect(error.exitStatus == .cannotCreate && error.description.contains("nothing was kept"))
        }
        #expect(try digest(dir) == before, "a taken --out keeps nothing")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
        let out = dir.path("pack.hfaddrpack")
        let result = try wallet.exportAddressPack(count: 20, out: out)
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(written == result.bundle.encoded())
        let decoded = try AddressPackBundle(decoding: written, expectedNetwork: .regtest)
        #expect(decoded.entries.count == result.bundle.entries.count)
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path("")).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "no temporary file is left beside --out")
    }

    /// Issue 31: a stored transaction that does not decode is a damaged store (corruptRecord, exit 74), never a
    /// transaction the ledger quietly leaves out (a balance that silently forgets a payment).
    @Test func aStoredTransactionThatDoesNotDecodeIsCorruptNeverSkipped() throws {
        let (dir, session) = try session()
        defer { withExtendedLifetime(dir) {} }
        let wallet = try session.openWallet(.defaultWallet, secrets: FixedSecrets())
        #expect(try wallet.ledger().transactions.isEmpty)
        let txid = try Txid(displayHex: String(repeating: "ab", count: 32))
        try TransactionRecords(database: session.home.database).save(TransactionRecord(
            walletID: wallet.info.walletID, txid: txid, raw: [0x01, 0x00], state: .unconfirmed,
            createdAt: "2026-12-03T00:00:00Z"))
        do {
            _ = try wallet.ledger()
            Issue.record("a transaction that does not decode was left out of the ledger")
        } catch {
            guard case .database(.unknownValue(let table, let row, _)) = error else { Issue.record("\(error)"); return }
            #expect(table == "transactions" && row == txid.displayHex)
            #expect(error.exitStatus == .ioError && error.code == "corruptRecord")
        }
    }

    @Test func anUnknownStoredDerivationIsAnErrorNeverADefault() throws {
        let (dir, session) = try session()
        defer { withExtendedLifetime(dir) {} }
        let database = session.home.database
        // A damaged row: no version writes this value (the CHECK constraint is switched off to plant it).
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute("UPDATE wallets SET derivation = 'sha1'")
        try database.execute("PRAGMA ignore_check_constraints = OFF")
        let wallets = SignerWallets(home: session.home, network: .regtest)
        do {
            _ = try wallets.list()
            Issue.record("an unknown derivation scheme was read as some default")
        } catch {
            guard case .database(.unknownValue(let table, _, let value)) = error else { Issue.record("\(error)"); return }
            #expect(table == "wallets" && value == "sha1")
            #expect(error.description.contains("restore it from a backup"))
            #expect(error.exitStatus == .ioError && error.code == "corruptRecord")
        }
    }
}
