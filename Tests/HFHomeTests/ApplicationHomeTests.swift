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
}
