import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// Issue 27: pending transactions and answered calls in backups (version 4) and wallet files (version 3): round
/// trips, the lowest-version rule (a document without them keeps its old version and bytes), and refusals.
@Suite struct WalletPendingTests {
    static let abandon = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"

    static func bundle(_ seed: UInt8, network: Network = .main) throws -> TransactionBundle {
        let input = try PreviousOutput(
            txid: Txid(hashing: [seed]), vout: 1, satoshis: Amount(satoshis: 5_000),
            lockingScript: [0x76, 0xa9, 0x14] + [UInt8](repeating: seed, count: 20) + [0x88, 0xac])
        return try TransactionBundle(
            network: network, rawTx: [0x01, 0x00, 0x00, 0x00, seed], createdAt: Fixtures.createdAt, inputs: [input])
    }

    static func pending() throws -> WalletPending {
        try WalletPending(
            transactions: [bundle(1), bundle(2)],
            answeredCalls: [BackupAnsweredCall(callID: [UInt8](repeating: 0xab, count: 16), txid: bundle(1).txid)],
            network: .main)
    }

    static func wallet(pending: WalletPending = .none, gapLimit: Int? = nil) throws -> BackupWallet {
        try BackupWallet(
            title: "Sample", mnemonic: SecureBytes(utf8(abandon)), passphrase: SecureBytes([]), network: .main,
            derivationType: .type42, isDefault: true,
            addressIndexes: WalletAddressIndexes(type42: try AddressIndexes(receive: 3, change: 1)), receipts: [],
            gapLimit: gapLimit, pending: pending)
    }

    @Test func backupVersion4CarriesPendingTransactionsAndAnsweredCalls() throws {
        let document = try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet(pending: Self.pending())])
        #expect(document.version == 4)
        let json = text(document.encoded().bytes)
        #expect(json.contains(#""answeredCalls":[{"callId":"abababababababababababababababab","txid":""#))
        // Each pending transaction is its .hftx object, byte for byte.
        #expect(json.contains(#""pending":["# + text(try Self.bundle(1).encoded()) + "," + text(try Self.bundle(2).encoded()) + "]"))
        let decoded = try BackupDocument(decoding: SecureBytes(utf8(json)))
        #expect(decoded == document)
        #expect(decoded.wallets[0].pending.transactions.map { $0.encoded() } == [try Self.bundle(1).encoded(), try Self.bundle(2).encoded()])
        // Without them the version (and the bytes) stay what they were.
        #expect(try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet()]).version == 1)
        #expect(try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet(gapLimit: 20)]).version == 3)
    }

    @Test func earlierVersionsRefuseThemAndBadEntriesAreRefused() throws {
        let json = text(try BackupDocument(
            createdAt: Fixtures.createdAt, wallets: [try Self.wallet(pending: Self.pending())]).encoded().bytes)
        for version in 1...3 {
            let older = json.replacingOccurrences(of: #""version":4"#, with: "\"version\":\(version)")
            do {
                _ = try BackupDocument(decoding: SecureBytes(utf8(older)))
                Issue.record("version \(version) read pending transactions")
            } catch {
                #expect(["wallets[0].answeredCalls", "wallets[0].pending"].map { BundleError.unknownField(path: $0) }.contains(error))
            }
        }
        let twice = json.replacingOccurrences(
            of: text(try Self.bundle(2).encoded()), with: text(try Self.bundle(1).encoded()))
        #expect(throws: BundleError.duplicateEntry(path: "pending[1]")) { try BackupDocument(decoding: SecureBytes(utf8(twice))) }
        let shortCall = json.replacingOccurrences(of: "abababababababababababababababab", with: "abab")
        #expect(throws: BundleError.wrongLength(path: "wallets[0].answeredCalls[0].callId", expected: 16, actual: 2)) {
            try BackupDocument(decoding: SecureBytes(utf8(shortCall)))
        }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .test)) {
            try WalletPending(transactions: [Self.bundle(3, network: .test)], answeredCalls: [], network: .main)
        }
        #expect(throws: BundleError.wrongLength(path: "callId", expected: 16, actual: 15)) {
            try BackupAnsweredCall(callID: [UInt8](repeating: 1, count: 15), txid: Self.bundle(1).txid)
        }
    }

    @Test func walletFileVersion3CarriesThem() throws {
        func document(_ pending: WalletPending) throws -> WalletFileDocument {
            try WalletFileDocument(
                network: .main, walletID: [UInt8](repeating: 0x5a, count: 32), title: "Savings", derivationType: .type42,
                createdAt: Fixtures.createdAt, addressIndexes: WalletAddressIndexes(), receipts: [], pending: pending)
        }
        let plain = try document(.none)
        #expect(plain.version == 1 && !text(plain.encoded()).contains("pending"))
        let full = try document(Self.pending())
        #expect(full.version == 3)
        #expect(try WalletFileDocument(decoding: full.encoded(), expectedNetwork: .main) == full)
        #expect(throws: BundleError.unknownField(path: "answeredCalls")) {
            try WalletFileDocument(
                decoding: editedJSON(full.encoded()) { $0["version"] = .integer(2); $0["pending"] = nil }, expectedNetwork: .main)
        }
        #expect(throws: BundleError.unknownField(path: "pending")) {
            try WalletFileDocument(
                decoding: editedJSON(full.encoded()) { $0["version"] = .integer(2); $0["answeredCalls"] = nil },
                expectedNetwork: .main)
        }
    }
}
