import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
@testable import HFSignerCore
import HFStore
import HFSystem
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// The spending policy (issue 16) in-process: each rule with its figures, the window of validated blocks moved only
/// by real regtest headers imported through the normal import, the policy passphrase, and refusals that leave the
/// store byte-identical (a hash of every file of the home).
@Suite struct SpendingPolicyTests {
    typealias Secrets = SignerSessionTests.FixedSecrets

    /// The policy passphrase a terminal or 0600 file would give (a stand-in for the executable's prompt).
    struct PolicyWords: PolicySecrets {
        var text = "policy words, not the store's"
        func policyPassphrase(new: Bool) throws(SignerError) -> SecureBytes { SecureBytes(Array(text.utf8)) }
    }

    static let stranger = PaymentStepsTests.stranger
    static let friend = try! Address(hash160: [UInt8](repeating: 0x17, count: 20), network: .regtest)

    /// A session whose sample wallet holds confirmed coins of `amounts` at its first receive address (block 1).
    func funded(_ amounts: [UInt64]) throws -> (TemporaryDirectory, SignerSession, [Regtest.Block]) {
        let (dir, session) = try SignerSessionTests().session()
        let wallet = try session.openWallet(.defaultWallet, secrets: Secrets())
        let address = try wallet.book.list(chain: .receive, start: 0, count: 1)[0].address
        let pay = try Regtest.payment(to: address, amounts: amounts)
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        _ = try session.importBundle(try Regtest.headersBundle([block]), wallet: .defaultWallet, secrets: Secrets())
        _ = try session.importBundle(
            try block.receipt(index: 0, height: 1).encoded(), wallet: .defaultWallet, secrets: Secrets())
        return (dir, session, [block])
    }

    /// Mines `count` empty-ish regtest blocks after `blocks` and imports their headers (the normal import).
    func mine(_ count: Int, after blocks: inout [Regtest.Block], session: SignerSession) throws {
        var fresh: [Regtest.Block] = []
        for _ in 0..<count {
            fresh.append(try Regtest.mineBlock(on: (fresh.last ?? blocks.last!).header, transactions: 1))
        }
        _ = try session.importBundle(
            try Regtest.headersBundle(fresh, start: blocks.count + 1), wallet: .defaultWallet, secrets: Secrets())
        blocks += fresh
    }

    func pay(
        _ session: SignerSession, _ satoshis: UInt64, to address: Address = stranger, feeRate: UInt64? = 1,
        out: String
    ) throws(SignerError) -> SignedPayment {
        let wallet = try session.openWallet(.defaultWallet, secrets: Secrets())
        let prepared = try wallet.preparePayment(
            .pay([PaymentRecipient(address: address, satoshis: satoshis)], data: nil), feeRate: feeRate, out: out)
        let payment = try wallet.sign(prepared)
        try wallet.keep(payment)
        return payment
    }

    /// Expects `body` to be refused by `rule` with exit 77, every figure in `figures` named, and the home's files
    /// byte-identical with nothing at `out`.
    func expectRefused(
        _ rule: SpendingPolicyError.Rule, figures: [String], dir: TemporaryDirectory, out: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(SignerError) -> Void
    ) throws {
        let before = try storeDigest(dir)
        do {
            try body()
            Issue.record("a payment breaking \(rule) was signed", sourceLocation: sourceLocation)
        } catch {
            guard case .policy(.refused(let found, let message)) = error else {
                Issue.record("not a policy refusal: \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(found == rule, sourceLocation: sourceLocation)
            #expect(error.exitStatus == .noPermission, sourceLocation: sourceLocation)
            #expect(message.contains("nothing was signed or kept"), sourceLocation: sourceLocation)
            for figure in figures {
                #expect(message.contains(figure), "\(message) lacks \(figure)", sourceLocation: sourceLocation)
            }
        }
        let after = try storeDigest(dir)
        #expect(after == before, "a refusal changed \(Self.changed(before, after))", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
    }

    /// SHA-256 of every file of the home except SQLite's `-shm` wal-index: that file is shared memory the library
    /// rewrites on reads (its read marks), not stored data; the database, its WAL, the header file, the log and
    /// the lock are all compared byte for byte.
    func storeDigest(_ dir: TemporaryDirectory) throws -> [String: [UInt8]] {
        try SignerSessionTests().digest(dir).filter { !$0.key.hasSuffix("-shm") }
    }

    /// The names of the files that differ between two digests.
    static func changed(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    func policy(
        maxPerTx: UInt64? = nil, window: SpendingPolicy.Window? = nil, allow: [Address] = [],
        allowlistOnly: Bool = false, maxFee: UInt64? = nil
    ) throws -> SpendingPolicy {
        try SpendingPolicy(
            maxPerTransaction: maxPerTx, window: window, allow: allow.map(\.string), allowlistOnly: allowlistOnly,
            maxFee: maxFee)
    }

    // MARK: - Rules

    @Test func thePerTransactionLimitRefusesAboveAndSignsAtTheLimit() throws {
        let (dir, session, _) = try funded([100_000, 100_000])
        _ = try session.setPolicy(try policy(maxPerTx: 50_000), secrets: PolicyWords())
        let out = dir.path("over.hftx")
        try expectRefused(.maxPerTransaction, figures: ["0.00050001 BSV (50,001 sat)", "limit of 0.0005 BSV (50,000 sat)"], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 50_001, out: out)
        }
        // Issue 27: the fee counts: 50,000 satoshis and a fee of 1 is above the cap; 49,999 and 1 is at it.
        try expectRefused(
            .maxPerTransaction, figures: [
                "0.0005 BSV (50,000 sat) to external outputs and 0.00000001 BSV (1 sat) in fee, so "
                    + "0.00050001 BSV (50,001 sat) leaves the wallet"],
            dir: dir, out: out
        ) { () throws(SignerError) in _ = try pay(session, 50_000, out: out) }
        let kept = try pay(session, 49_999, out: dir.path("at.hftx"))
        #expect(kept.fee == 1)
        #expect(FileManager.default.fileExists(atPath: dir.path("at.hftx")))
        #expect(try session.openWallet(.defaultWallet, secrets: Secrets()).spender.pending().map(\.txid) == [kept.txid])
    }

    @Test func aWindowOf144BlocksFreesUpOnlyAfter144MoreRealHeaders() throws {
        var (dir, session, blocks) = try funded([100_000, 100_000, 100_000])
        _ = try session.setPolicy(
            try policy(window: SpendingPolicy.Window(blocks: 144, maxSatoshis: 100_000)), secrets: PolicyWords())
        let first = try pay(session, 80_000, out: dir.path("first.hftx"))
        #expect(first.signed.transaction.lockTime == 1, "nLockTime is the validated tip")
        var status = try session.policyStatus()
        #expect(status.window?.blocks == 144 && status.window?.firstHeight == 0 && status.window?.maxSatoshis == 100_000)
        // The first payment's fee (1 satoshi) counts in the window too (issue 27).
        #expect(first.fee == 1)
        #expect(status.window?.spentSatoshis == 80_001 && status.window?.leftSatoshis == 19_999)
        let out = dir.path("second.hftx")
        try expectRefused(.maxPerWindow, figures: [
            "0.0003 BSV (30,000 sat)", "0.00080001 BSV (80,001 sat) already left", "limit of 0.001 BSV (100,000 sat)",
            "0.00019999 BSV (19,999 sat) left"],
            dir: dir, out: out) { () throws(SignerError) in _ = try pay(session, 30_000, out: out) }
        // A cancelled transaction still counts: its .hftx may have been broadcast.
        _ = try session.openWallet(.defaultWallet, secrets: Secrets()).spender.cancel(first.txid)
        try expectRefused(.maxPerWindow, figures: ["0.00080001 BSV (80,001 sat) already left"], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 30_000, out: out)
        }
        // 143 more validated headers: the tip is 144, and nLockTime 1 > 144 − 144 still counts.
        try mine(143, after: &blocks, session: session)
        #expect(try session.chain().validatedTipHeight == 144)
        try expectRefused(.maxPerWindow, figures: ["heights 1-144"], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 30_000, out: out)
        }
        // One more: the window is heights 2-145 and the first payment has left it.
        try mine(1, after: &blocks, session: session)
        status = try session.policyStatus()
        #expect(status.validatedTipHeight == 145 && status.window?.spentSatoshis == 0 && status.window?.leftSatoshis == 100_000)
        let second = try pay(session, 30_000, out: out)
        #expect(second.signed.transaction.lockTime == 145)
        #expect(try session.policyStatus().window?.spentSatoshis == 30_000 + second.fee)
    }

    @Test func aTransactionSignedBeforeTheLedgerCountsWithEveryOutput() throws {
        let (_, session, _) = try funded([100_000])
        // A signed transaction kept before schema 5: its row has an .hftx and the migration noted it.
        let raw = try Regtest.payment(to: Self.stranger, amounts: [70_000, 5_000])
        let walletID = try session.listWallets()[0].walletID
        try TransactionRecords(database: session.home.database).save(TransactionRecord(
            walletID: walletID, txid: Txid(hashing: raw), raw: raw, state: .cancelled, hftx: [1],
            createdAt: "2026-12-01T00:00:00Z"))
        try session.home.database.execute(
            "INSERT INTO spending_outflows_before (wallet_id, txid) VALUES (?, ?)",
            bindings: [.text(walletID), .text(Txid(hashing: raw).displayHex)])
        _ = try session.setPolicy(
            try policy(window: SpendingPolicy.Window(blocks: 144, maxSatoshis: 100_000)), secrets: PolicyWords())
        #expect(try session.policyStatus().window?.spentSatoshis == 75_000, "which output was change is unknown")
    }

    @Test func allowlistedAddressesAreNotCountedAndAllowlistOnlyRefusesOthers() throws {
        let (dir, session, _) = try funded([100_000, 100_000, 100_000])
        _ = try session.setPolicy(try policy(maxPerTx: 10_000, allow: [Self.friend]), secrets: PolicyWords())
        _ = try pay(session, 60_000, to: Self.friend, out: dir.path("friend.hftx"))
        let out = dir.path("stranger.hftx")
        try expectRefused(.maxPerTransaction, figures: ["0.0006 BSV (60,000 sat)"], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 60_000, out: out)
        }
        _ = try pay(session, 5_000, out: dir.path("small.hftx"))

        _ = try session.setPolicy(try policy(allow: [Self.friend], allowlistOnly: true), secrets: PolicyWords())
        try expectRefused(.allowlistOnly, figures: ["0.00001 BSV (1,000 sat)", Self.stranger.string], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 1_000, out: out)
        }
        _ = try pay(session, 1_000, to: Self.friend, out: dir.path("friend-again.hftx"))
        #expect(throws: SpendingPolicyError.self) { try policy(allowlistOnly: true) }
    }

    @Test func theFeeCapRefusesAHighFee() throws {
        let (dir, session, _) = try funded([100_000])
        _ = try session.setPolicy(try policy(maxFee: 100), secrets: PolicyWords())
        let out = dir.path("fee.hftx")
        try expectRefused(.maxFee, figures: ["limit of 0.000001 BSV (100 sat)"], dir: dir, out: out) {
            () throws(SignerError) in _ = try pay(session, 1_000, feeRate: 10_000, out: out)
        }
        let kept = try pay(session, 1_000, feeRate: 1, out: out)
        #expect(kept.fee <= 100)
    }

    // MARK: - The passphrase

    @Test func aWrongPolicyPassphraseExits77AndChangesNothing() throws {
        let (dir, session, _) = try funded([100_000])
        let set = try session.setPolicy(try policy(maxPerTx: 1_000), secrets: PolicyWords())
        let before = try storeDigest(dir)
        let wrong = PolicyWords(text: "guess")
        for attempt in ["set", "clear"] {
            do {
                if attempt == "set" {
                    _ = try session.setPolicy(try policy(maxPerTx: 1_000_000), secrets: wrong)
                } else {
                    try session.clearPolicy(secrets: wrong)
                }
                Issue.record("\(attempt) with a wrong policy passphrase succeeded")
            } catch let error as SignerError {
                #expect(error == .policy(.wrongPassphrase) && error.exitStatus == .noPermission, "\(attempt)")
                #expect(error.code == "wrongPolicyPassphrase")
            }
            #expect(try storeDigest(dir) == before, "\(attempt) changed the store")
        }
        #expect(try session.policyStatus() == set)
        // The store passphrase is not the policy passphrase either.
        let store = PolicyWords(text: "session test passphrase")
        #expect(throws: SignerError.policy(.wrongPassphrase)) { try session.clearPolicy(secrets: store) }
        try session.clearPolicy(secrets: PolicyWords())
        #expect(try !session.policyStatus().set)
        #expect(throws: SignerError.policy(.notSet)) { try session.clearPolicy(secrets: PolicyWords()) }
    }

    @Test func aPolicyPassphraseEqualToTheStorePassphraseIsRefused() throws {
        let (dir, session, _) = try funded([100_000])
        let before = try storeDigest(dir)
        do {
            _ = try session.setPolicy(try policy(maxPerTx: 1_000), secrets: PolicyWords(text: "session test passphrase"))
            Issue.record("the store passphrase was accepted as the policy passphrase")
        } catch let error as SignerError {
            #expect(error == .policy(.sameAsStorePassphrase) && error.exitStatus == .dataError)
            #expect(error.description.contains("must differ from the store passphrase"))
        }
        let after = try storeDigest(dir)
        #expect(after == before, "changed \(Self.changed(before, after))")
        #expect(try !session.policyStatus().set)
        #expect(throws: SignerError.policy(.emptyPassphrase)) {
            try session.setPolicy(try policy(maxPerTx: 1_000), secrets: PolicyWords(text: ""))
        }
    }

    @Test func theVerifierIsASlowKDFComparedInConstantTime() throws {
        let words = SecureBytes(Array("words".utf8))
        let verifier = try PolicyPassphrase.make(words)
        #expect(verifier.iterations == 600_000 && verifier.salt.count == 16 && verifier.verifier.count == 32)
        #expect(verifier.verifier == PBKDF2.sha256(password: Array("words".utf8), salt: verifier.salt, iterations: 600_000, keyLength: 32))
        #expect(verifier.matches(words) && !verifier.matches(SecureBytes(Array("Words".utf8))))
        #expect(try PolicyPassphrase.make(words).salt != verifier.salt, "a fresh salt each time")
    }

    // MARK: - Wipe and backups

    /// Issue 27: a wipe removes the policy with everything, so in a home with a policy it needs the policy
    /// passphrase (a wrong one: 77, nothing removed); so do showing a seed and moving to an unencrypted vault.
    @Test func wipeShowSeedAndUnencryptedVaultsNeedThePolicyPassphrase() throws {
        let (dir, session, _) = try funded([100_000])
        _ = try session.setPolicy(try policy(maxPerTx: 1_000), secrets: PolicyWords())
        let before = try storeDigest(dir)
        #expect(throws: SignerError.policy(.wrongPassphrase)) {
            try session.wipe(.deleteAll, secrets: Secrets(), policySecrets: PolicyWords(text: "guess"))
        }
        #expect(throws: SignerError.policy(.wrongPassphrase)) {
            try session.revealSeed(.defaultWallet, secrets: Secrets(), policySecrets: PolicyWords(text: "guess"))
        }
        #expect(throws: SignerError.policy(.wrongPassphrase)) {
            try session.migrateVault(to: .file, secrets: Secrets(), policySecrets: PolicyWords(text: "guess"))
        }
        #expect(Self.changed(before, try storeDigest(dir)) == [], "refusals change nothing")
        #expect(try session.policyStatus().set && session.listWallets().count == 1)
        _ = try session.revealSeed(.defaultWallet, secrets: Secrets(), policySecrets: PolicyWords())
        _ = try session.wipe(.deleteAll, secrets: Secrets(), policySecrets: PolicyWords())
        #expect(try !session.policyStatus().set)
    }

    /// Issue 27: a home with a policy puts it in every backup; leaving it out needs the policy passphrase.
    @Test func thePolicyTravelsInEveryBackupUnlessThePolicyPassphraseLeavesItOut() throws {
        let (dir, session, _) = try funded([100_000])
        _ = try session.setPolicy(
            try policy(maxPerTx: 2_000, window: SpendingPolicy.Window(blocks: 6, maxSatoshis: 3_000), allow: [Self.friend]),
            secrets: PolicyWords())
        let vault = try session.openVault(Secrets())
        let without = try BackupService.document(home: session.home, vault: vault, includePolicy: false)
        let with = try BackupService.document(home: session.home, vault: vault)
        let password = SecureBytes(Array("backup pw".utf8))
        func sealed(_ policySecrets: (any PolicySecrets)?) throws -> BackupDocument {
            let bytes = try session.sealBackup(password: password, secrets: Secrets(), excludingPolicyWith: policySecrets).bytes
            return try BackupService.open(bytes, password: password)
        }
        #expect(try sealed(nil).policy == with.policy, "the policy is in every backup")
        #expect(throws: SignerError.policy(.wrongPassphrase)) { try sealed(PolicyWords(text: "x")) }
        #expect(throws: SignerError.policy(.wrongPassphrase)) { try sealed(PolicyWords(text: "test store passphrase")) }
        #expect(try sealed(PolicyWords()).policy == nil, "left out with the policy passphrase")
        #expect(without.policy == nil && without.version == 1, "no version-2 field: still version 1")
        #expect(with.policy?.maxPerTransaction == 2_000 && with.version == 2)
        let decoded = try BackupDocument(decoding: with.encoded())
        #expect(decoded == with, "version 2 round trips")
        #expect(String(decoding: with.encoded().bytes, as: UTF8.self).contains("\"version\":2"))

        let plain = try restore(without, into: dir.path("plain"))
        #expect(try !plain.policyStatus().set && plain.restoredPolicy == nil)
        let restored = try restore(with, into: dir.path("restored"))
        #expect(restored.restoredPolicy == .restored)
        let status = try restored.policyStatus()
        #expect(status.maxPerTransaction == 2_000 && status.window?.blocks == 6 && status.allow == [Self.friend.string])
        #expect(throws: SignerError.policy(.wrongPassphrase)) { try restored.clearPolicy(secrets: PolicyWords(text: "x")) }
        restored.close()
        // Into a home that has its own policy, the backup's is not applied.
        let again = try restore(with, into: dir.path("restored"))
        #expect(again.restoredPolicy == .keptExisting)
        try again.clearPolicy(secrets: PolicyWords())
        again.close()
        plain.close()
    }

    func restore(_ document: BackupDocument, into home: String) throws -> SignerSession {
        try SignerSession.restoreBackup(document, explicit: home, network: .regtest, secrets: Secrets()).session
    }

    @Test func aVersion1BackupStillRestoresAndRefusesVersion2Fields() throws {
        let (dir, session, _) = try funded([100_000])
        let document = try BackupService.document(home: session.home, vault: try session.openVault(Secrets()))
        let json = String(decoding: document.encoded().bytes, as: UTF8.self)
        #expect(json.contains("\"version\":1") && !json.contains("sweepKeys") && !json.contains("walletFileKey"))
        let restored = try restore(try BackupDocument(decoding: document.encoded()), into: dir.path("v1"))
        #expect(try restored.listWallets().count == 1)
        restored.close()
        #expect(json.contains("\"version\":1,\"wallets\":["), "the top-level version sits before wallets")
        let smuggled = json.replacingOccurrences(of: "\"version\":1,\"wallets\":[", with: "\"policy\":{},\"version\":1,\"wallets\":[")
        #expect(throws: BundleError.unknownField(path: "policy")) {
            try BackupDocument(decoding: SecureBytes(Array(smuggled.utf8)))
        }
        // Version 5 (another application's BIP32 chains) is read now; the next one is refused.
        let future = json.replacingOccurrences(of: "\"version\":1,\"wallets\":[", with: "\"version\":6,\"wallets\":[")
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(6))) {
            try BackupDocument(decoding: SecureBytes(Array(future.utf8)))
        }
    }

    @Test func aVersion2BackupRestoresSweepKeysAndTheWalletFileKey() throws {
        let (dir, session, _) = try funded([100_000])
        let wallet = try session.openWallet(.defaultWallet, secrets: Secrets())
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x07, count: 32))
        let added = try wallet.sweeps.add(
            wif: WIF.encode(key, network: .regtest, compressed: false), vault: wallet.vault, out: dir.path("a.hfsweep"), chain: wallet.chain)
        try wallet.exportWalletFile(out: dir.path("w.hfwallet"))
        let document = try BackupService.document(home: session.home, vault: wallet.vault)
        #expect(document.version == 2 && document.policy == nil)
        #expect(document.wallets[0].sweepKeys.map(\.address) == [added.address])
        #expect(document.wallets[0].sweepKeys[0].compressed == false)
        #expect(document.wallets[0].walletFileKey?.count == 32)
        #expect(try BackupDocument(decoding: document.encoded()) == document)

        let restored = try restore(try BackupDocument(decoding: document.encoded()), into: dir.path("v2"))
        let restoredWallet = try restored.openWallet(.defaultWallet, secrets: Secrets())
        #expect(try restoredWallet.sweeps.sweepAddresses() == [added.address.string])
        // Backed up again, the restored home gives the same keys (compared in constant time).
        let again = try BackupService.document(home: restored.home, vault: restoredWallet.vault)
        #expect(again.wallets[0].sweepKeys == document.wallets[0].sweepKeys)
        #expect(again.wallets[0].sweepKeys[0].privateKey.bytes == key.rawRepresentation)
        #expect(again.wallets[0].walletFileKey?.bytes == document.wallets[0].walletFileKey?.bytes)
        // The wallet file written by the old home opens in the restored one: its key came back.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("w.hfwallet"))))
        _ = try restored.importBundle(bytes, wallet: .defaultWallet, secrets: Secrets())
        restored.close()

        // A sweep key that does not give its address is refused and restores nothing.
        let other = try BackupSweepKey(
            address: added.address, compressed: true, privateKey: SecureBytes(key.rawRepresentation))
        let w = document.wallets[0]
        let forged = try BackupDocument(createdAt: document.createdAt, wallets: [
            try BackupWallet(
                title: w.title, mnemonic: w.mnemonic, passphrase: w.passphrase, network: w.network,
                derivationType: w.derivationType, isDefault: w.isDefault, addressIndexes: w.addressIndexes,
                receipts: w.receipts, sweepKeys: [other], walletFileKey: nil),
        ])
        #expect(throws: SignerError.self) { try restore(forged, into: dir.path("forged")) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("forged")), "a failed restore leaves no home")
    }
}
