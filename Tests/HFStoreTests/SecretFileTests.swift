import HFCrypto
import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SecretFileTests {
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func readsAPrivateFile() throws {
        let path = try fixture.directory.write("seed", "correct horse\n", mode: 0o600)
        try SecretFile.check(path)
        #expect(try SecretFile.read(path).bytes == Array("correct horse\n".utf8))
        Fixtures.setMode(path, 0o400)
        #expect(try SecretFile.read(path).count == 14)
        let empty = try fixture.directory.write("empty", "", mode: 0o600)
        #expect(try SecretFile.read(empty).count == 0)
    }

    @Test func refusesAFileOthersCanRead() throws {
        let path = try fixture.directory.write("seed", "hunter2", mode: 0o640)
        do {
            _ = try SecretFile.read(path)
            Issue.record("read a 0640 secret file")
        } catch {
            #expect(error == .tooOpen(path: path, permissions: 0o640))
            #expect(error.description.contains("chmod 600 \(path)"))
            #expect(!error.description.contains("hunter2"))  // The contents never appear.
        }
    }

    @Test func refusesLinksDirectoriesAndMissingFiles() throws {
        let path = try fixture.directory.write("seed", "secret")
        let link = fixture.directory.path("link")
        #expect(symlink(path, link) == 0)
        #expect(throws: SecretFileError.symbolicLink(path: link)) { try SecretFile.check(link) }
        let directory = try HomeDirectory(path: fixture.directory.path("dir")).path
        #expect(throws: SecretFileError.notRegularFile(path: directory)) { try SecretFile.check(directory) }
        let missing = fixture.directory.path("missing")
        #expect(throws: SecretFileError.missing(path: missing)) { try SecretFile.read(missing) }
    }

    @Test func refusesLargeFiles() throws {
        let path = try fixture.directory.write("big", String(repeating: "x", count: 101))
        #expect(throws: SecretFileError.tooLarge(path: path, limit: 100)) {
            try SecretFile.read(path, maximumSize: 100)
        }
        #expect(try SecretFile.read(path, maximumSize: 101).count == 101)
    }

    @Test func refusesAFileOwnedBySomeoneElse() throws {
        guard geteuid() == 0 else { return }  // Only root can give a file away.
        let path = try fixture.directory.write("theirs", "secret")
        #expect(chown(path, 65534, 65534) == 0)
        #expect(throws: SecretFileError.notOwned(path: path, owner: 65534, user: 0)) { try SecretFile.check(path) }
    }
}
