import HFCrypto
import HFMigration
import HFStore
import HFTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The delete flow: remote confirmation first, then the vault entry and the product state together.
@Suite struct KeyshareDeletionTests {
    static let id = "treasury-main-p2"

    /// The order in which the steps happened.
    final class Log: Sendable {
        let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    struct Remote: RemoteRevocation {
        enum Behaviour { case confirm, fail, wrongReceipt, breakTheRoot(String) }
        let behaviour: Behaviour
        let log: Log
        let vault: any KeyshareVault

        func confirm(keyshareID: String) async throws -> RevocationReceipt {
            // The local entry must still be there while the remote side works.
            log.add("confirm(present: \((try? vault.read(id: keyshareID)) != nil))")
            switch behaviour {
            case .confirm: return RevocationReceipt(keyshareID: keyshareID, reference: "rev-1")
            case .fail: throw RemoteFailure()
            case .wrongReceipt: return RevocationReceipt(keyshareID: "other-share", reference: "rev-2")
            case .breakTheRoot(let root):
                precondition(chmod(root, 0o755) == 0)
                return RevocationReceipt(keyshareID: keyshareID, reference: "rev-3")
            }
        }
    }

    struct RemoteFailure: Error {}

    /// Product state in a real SQLite table; the vault entry is deleted inside the same transaction.
    struct Product: KeyshareProductState {
        let database: Database
        let log: Log

        struct Failure: Error, DatabaseErrorConvertible {
            let underlying: any Error
            init(databaseError: DatabaseError) { underlying = databaseError }
            init(_ error: any Error) { underlying = error }
        }

        func remove(keyshareID: String, deleteEntry: () throws -> Void) throws {
            do {
                try database.transaction { () throws(Failure) in
                    do {
                        try database.execute("DELETE FROM keys WHERE id = ?", bindings: [.text(keyshareID)])
                        log.add("product")
                        try deleteEntry()
                        log.add("vault")
                    } catch { throw Failure(error) }
                }
            } catch { throw error.underlying }
        }

        func rows() throws -> Int {
            let statement = try database.prepare("SELECT count(*) FROM keys")
            _ = try statement.step()
            return try statement.int(at: 0)
        }
    }

    let dir: TemporaryDirectory
    let vault: FileKeyshareVault
    let product: Product
    let log = Log()

    init() throws {
        dir = try TemporaryDirectory()
        vault = try FileKeyshareVault(root: dir.path("keyshares"))
        let database = try Database(path: dir.path("product.sqlite"))
        try database.execute("CREATE TABLE keys (id TEXT PRIMARY KEY NOT NULL) STRICT")
        try database.execute("INSERT INTO keys (id) VALUES ('\(Self.id)')")
        product = Product(database: database, log: log)
        try vault.write(id: Self.id, data: SecureBytes(Array("share".utf8)))
    }

    func remote(_ behaviour: Remote.Behaviour) -> Remote { Remote(behaviour: behaviour, log: log, vault: vault) }

    @Test func remoteConfirmationComesFirstThenBothLocalDeletions() async throws {
        let receipt = try await KeyshareDeletion.delete(
            keyshareID: Self.id, from: vault, remote: remote(.confirm), productState: product)
        #expect(receipt == RevocationReceipt(keyshareID: Self.id, reference: "rev-1"))
        #expect(log.all == ["confirm(present: true)", "product", "vault"])
        #expect(try vault.ids() == [])
        #expect(try product.rows() == 0)
    }

    @Test func aFailedConfirmationDeletesNothing() async throws {
        await #expect(throws: KeyshareDeletionError.self) {
            try await KeyshareDeletion.delete(keyshareID: Self.id, from: vault, remote: remote(.fail), productState: product)
        }
        #expect(log.all == ["confirm(present: true)"])
        #expect(try vault.read(id: Self.id).bytes == Array("share".utf8))
        #expect(try product.rows() == 1)
    }

    @Test func aReceiptForAnotherKeyshareDeletesNothing() async throws {
        await #expect(throws: KeyshareDeletionError.receiptMismatch(expected: Self.id, got: "other-share")) {
            try await KeyshareDeletion.delete(
                keyshareID: Self.id, from: vault, remote: remote(.wrongReceipt), productState: product)
        }
        #expect(try vault.ids() == [Self.id])
        #expect(try product.rows() == 1)
    }

    @Test func aFailedVaultDeletionRollsTheProductStateBack() async throws {
        let root = dir.path("keyshares")
        await #expect(throws: KeyshareDeletionError.self) {
            try await KeyshareDeletion.delete(
                keyshareID: Self.id, from: vault, remote: remote(.breakTheRoot(root)), productState: product)
        }
        #expect(log.all == ["confirm(present: true)", "product"])
        #expect(try product.rows() == 1, "the product still knows the key")
        precondition(chmod(root, 0o700) == 0)
        #expect(try vault.read(id: Self.id).bytes == Array("share".utf8), "and the vault still holds it")
    }

    @Test func aMissingOrInvalidIDNeverReachesTheRemoteSide() async throws {
        await #expect(throws: KeyshareDeletionError.vault(.missing(id: "absent"))) {
            try await KeyshareDeletion.delete(keyshareID: "absent", from: vault, remote: remote(.confirm), productState: product)
        }
        await #expect(throws: KeyshareDeletionError.vault(.invalidID("Bad"))) {
            try await KeyshareDeletion.delete(keyshareID: "Bad", from: vault, remote: remote(.confirm), productState: product)
        }
        #expect(log.all == [])
    }
}
