import Foundation
import HFHome
import HFPrimitives
import HFSPV
import HFStore
import HFTestSupport

/// A program for the tests: its own names and a two-step schema.
enum TestProgram: HomeProgram {
    typealias Failure = TestFailure
    static let layout = HomeLayout(
        application: "hf-home-test", databaseName: "test.sqlite",
        migrator: Migrator([
            Migration(version: 1, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT"),
            Migration(version: 2, sql: "ALTER TABLE notes ADD COLUMN created INTEGER"),
        ]))
}

/// The same home with only the first migration (an older build of the program).
enum OlderTestProgram: HomeProgram {
    typealias Failure = TestFailure
    static let layout = HomeLayout(
        application: TestProgram.layout.application, databaseName: TestProgram.layout.databaseName,
        migrator: Migrator([TestProgram.layout.migrator.migrations[0]]))
}

/// The program's error: one case per home failure.
enum TestFailure: HomeFailure, Equatable {
    case home(HomeDirectoryError)
    case notInitialized(path: String)
    case database(DatabaseError)
    case headerStore(HeaderStoreError)
    case headerChain(HeaderChainError)
}

typealias TestHome = ApplicationHome<TestProgram>

/// A temporary directory with a private home inside it.
struct HomeFixture {
    let base = try! TemporaryDirectory()
    var path: String { base.url.path + "/home" }

    func create() throws(TestFailure) -> TestHome { try TestHome.create(explicit: path, environment: [:]) }
    func open() throws(TestFailure) -> TestHome { try TestHome.open(explicit: path, environment: [:]) }
    func headerFile(_ network: Network) -> String { path + "/headers-\(network.rawValue).dat" }

    /// `count` regtest headers above `parent`, each mined (about two hashes each at bits 0x207fffff).
    static func regtestRun(on parent: BlockHeader = Checkpoint.regtest.header, count: Int, salt: UInt8 = 0)
        -> [BlockHeader]
    {
        let root = try! MerkleHash(internalBytes: [UInt8](repeating: salt, count: 32))
        var run: [BlockHeader] = []
        var last = parent
        for _ in 0..<count {
            last = (UInt32(0)...).lazy.map { [last] nonce in
                BlockHeader(
                    version: 0x2000_0000, previousBlockHash: last.hash, merkleRoot: root, time: last.time + 600,
                    bits: 0x207f_ffff, nonce: nonce)
            }.first(where: \.hasValidProofOfWork)!
            run.append(last)
        }
        return run
    }
}
