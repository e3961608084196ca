import Foundation
import HFHome
import HFPrimitives
import HFSPV
import HFStore
import HFTestSupport
import Testing

/// The shared home: directory policy, migrations, one header chain per network.
@Suite struct ApplicationHomeTests {
    let fixture = HomeFixture()

    @Test func openRefusesAHomeThatWasNeverCreated() {
        #expect(throws: TestFailure.notInitialized(path: fixture.path)) { try fixture.open() }
    }

    @Test func createMakesAPrivateHomeThatOpenFinds() throws {
        let created = try fixture.create()
        #expect(created.directory.path == fixture.path)
        var status = stat()
        #expect(stat(fixture.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/" + TestProgram.layout.databaseName))
        #expect(TestHome.application == "hf-home-test")
        let opened = try fixture.open()
        #expect(opened.directory == created.directory)
    }

    @Test func aHomeReadableByOthersIsRefused() throws {
        _ = try fixture.create()
        chmod(fixture.path, 0o755)
        for attempt in [fixture.open, fixture.create] {
            #expect {
                _ = try attempt()
            } throws: { error in
                guard case .home(.tooOpen(let path, _)) = error as? TestFailure else { return false }
                return path == fixture.path
            }
        }
    }

    @Test func aSymbolicLinkHomeIsRefused() throws {
        _ = try fixture.create()
        let link = fixture.base.url.path + "/link"
        symlink(fixture.path, link)
        #expect {
            _ = try TestHome.open(explicit: link, environment: [:])
        } throws: { error in
            guard case .home(.symbolicLink) = error as? TestFailure else { return false }
            return true
        }
    }

    @Test func openingMigratesAnOlderDatabase() throws {
        let older = try ApplicationHome<OlderTestProgram>.create(explicit: fixture.path, environment: [:])
        #expect(try older.database.userVersion() == 1)
        let home = try fixture.open()
        #expect(try home.database.userVersion() == 2)
        try home.database.execute("INSERT INTO notes (text, created) VALUES ('a', 1)")
    }

    @Test func oneHeaderChainPerNetwork() throws {
        let home = try fixture.create()
        let regtest = try home.headerChain(network: .regtest)
        let main = try home.headerChain(network: .main)
        #expect(regtest.checkpoint == .regtest)
        #expect(main.checkpoint == .main)
        #expect(main.validatedTipHeight == Checkpoint.main.height)
        try regtest.commitValidatedRun(startHeight: 1, headers: HomeFixture.regtestRun(count: 3))
        #expect(regtest.validatedTipHeight == 3)
        #expect(FileManager.default.fileExists(atPath: fixture.headerFile(.regtest)))
        #expect(FileManager.default.fileExists(atPath: fixture.headerFile(.main)))
        let test = try home.headerChain(network: .test)
        #expect(test.validatedTipHeight == 0)
    }

    @Test func aStoreOpenElsewhereIsBusy() throws {
        let home = try fixture.create()
        let chain = try home.headerChain(network: .regtest)
        let other = try fixture.open()
        #expect(throws: TestFailure.headerStore(.busy(path: fixture.headerFile(.regtest)))) {
            try other.headerChain(network: .regtest)
        }
        withExtendedLifetime(chain) {}
    }

    // MARK: - Issue 14: homes anywhere, private files, nothing left by a failed init

    @Test func aHomeUnderALinkedParentIsCreatedOpenedAndItsChainsWork() throws {
        let real = fixture.base.url.path + "/disk"
        #expect(mkdir(real, 0o755) == 0)
        let link = fixture.base.url.path + "/plink"
        #expect(symlink(real, link) == 0)
        let created = try TestHome.create(explicit: link + "/h", environment: [:])
        #expect(created.isNew)
        #expect(created.directory.path == real + "/h")
        #expect(created.database.path == real + "/h/" + TestProgram.layout.databaseName)
        try created.headerChain(network: .regtest).commitValidatedRun(
            startHeight: 1, headers: HomeFixture.regtestRun(count: 2))
        #expect(try TestHome.open(explicit: link + "/h", environment: [:]).directory == created.directory)
        let viaXDG = try TestHome.create(explicit: nil, environment: ["XDG_DATA_HOME": link])
        #expect(viaXDG.directory.path == real + "/" + TestProgram.layout.application)
        #expect(try TestHome.open(explicit: nil, environment: ["XDG_DATA_HOME": link]).directory == viaXDG.directory)
    }

    @Test func aDatabaseOthersCanReadIsRefusedBeforeItIsOpened() throws {
        _ = try fixture.create()
        let database = fixture.path + "/" + TestProgram.layout.databaseName
        chmod(database, 0o644)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for attempt in [fixture.open, fixture.create] {
            #expect(throws: TestFailure.home(.entryTooOpen(path: database, permissions: 0o644, isDirectory: false))) {
                _ = try attempt()
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        var status = stat()
        #expect(stat(database, &status) == 0 && status.st_mode & 0o777 == 0o644, "never re-moded")
    }

    @Test func aHeaderFileOthersCanReadIsRefused() throws {
        let home = try fixture.create()
        _ = try home.headerChain(network: .regtest)
        chmod(fixture.headerFile(.regtest), 0o640)
        #expect(throws: TestFailure.home(.entryTooOpen(path: fixture.headerFile(.regtest), permissions: 0o640, isDirectory: false))) {
            _ = try fixture.open()
        }
    }

    @Test func discardRemovesANewHomeAndTheParentsMadeForIt() throws {
        let location = fixture.base.url.path + "/new/parents/home"
        let home = try TestHome.create(explicit: location, environment: [:])
        _ = try home.headerChain(network: .regtest)
        #expect(home.isNew)
        home.discardIfNew()
        #expect(!FileManager.default.fileExists(atPath: fixture.base.url.path + "/new"))
        #expect(FileManager.default.fileExists(atPath: fixture.base.url.path), "what existed is kept")
    }

    @Test func discardEmptiesADirectoryThatWasThereOfTheProgramsFilesOnly() throws {
        #expect(mkdir(fixture.path, 0o700) == 0)
        let mine = fixture.path + "/notes.txt"
        #expect(FileManager.default.createFile(atPath: mine, contents: Data("x".utf8), attributes: [.posixPermissions: 0o600]))
        let home = try fixture.create()
        _ = try home.headerChain(network: .regtest)
        #expect(home.isNew, "its database is new")
        home.discardIfNew()
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path) == ["notes.txt"])
    }

    @Test func discardNeverTouchesAHomeThatExisted() throws {
        _ = try fixture.create()
        let again = try fixture.create()
        #expect(!again.isNew)
        again.discardIfNew()
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/" + TestProgram.layout.databaseName))
        let opened = try fixture.open()
        #expect(!opened.isNew)
    }
}
