import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct HomeDirectoryTests {
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func locationPrefersExplicitThenXDGThenHOME() throws {
        let environment = ["XDG_DATA_HOME": "/data/", "HOME": "/home/ann"]
        #expect(
            try HomeDirectory.location(explicit: "/srv/hf//", application: "hf-signer", environment: environment)
                == "/srv/hf")
        #expect(
            try HomeDirectory.location(explicit: nil, application: "hf-signer", environment: environment)
                == "/data/hf-signer")
        #expect(
            try HomeDirectory.location(explicit: "", application: "hf-signer", environment: ["HOME": "/home/ann"])
                == "/home/ann/.local/share/hf-signer")
        // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
        #expect(
            try HomeDirectory.location(
                explicit: nil, application: "hf-watcher", environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann"])
                == "/home/ann/.local/share/hf-watcher")
        #expect(throws: HomeDirectoryError.noLocation) {
            try HomeDirectory.location(explicit: nil, application: "hf-signer", environment: ["HOME": ""])
        }
    }

    @Test func createsTheHomeAndMissingParentsWithMode0700() throws {
        let base = fixture.path
        let home = try HomeDirectory(
            explicit: nil, application: "hf-signer", environment: ["HOME": base + "/user"])
        #expect(home.path == base + "/user/.local/share/hf-signer")
        for path in [base + "/user", base + "/user/.local", base + "/user/.local/share", home.path] {
            #expect(Fixtures.mode(of: path) == 0o700, "\(path)")
        }
        #expect(home.path("wallet.sqlite") == home.path + "/wallet.sqlite")
        // Opening again accepts the existing private directory.
        #expect(try HomeDirectory(path: home.path + "/") == home)
    }

    @Test func createsWithMode0700WhateverTheUmask() throws {
        for mask in [0, 0o077, 0o700] {
            let home = try Fixtures.withUmask(mask) { try HomeDirectory(path: fixture.directory.path("u\(mask)/home")) }
            #expect(Fixtures.mode(of: home.path) == 0o700)
            #expect(Fixtures.mode(of: fixture.directory.path("u\(mask)")) == 0o700)
        }
    }

    @Test func refusesAHomeOthersCanAccessAndSaysHowToFixIt() throws {
        let path = fixture.directory.path("shared")
        _ = try HomeDirectory(path: path)
        Fixtures.setMode(path, 0o750)
        do {
            _ = try HomeDirectory(path: path)
            Issue.record("accepted a 0750 home")
        } catch {
            #expect(error == .tooOpen(path: path, permissions: 0o750))
            #expect(error.description.contains("chmod 700 \(path)"))
            #expect(error.description.contains("0750"))
        }
        #expect(Fixtures.mode(of: path) == 0o750)  // Never re-moded behind the user's back.
        Fixtures.setMode(path, 0o701)
        #expect(throws: HomeDirectoryError.tooOpen(path: path, permissions: 0o701)) { try HomeDirectory.check(path) }
    }

    @Test func refusesASymbolicLink() throws {
        let target = try HomeDirectory(path: fixture.directory.path("real")).path
        let link = fixture.directory.path("link")
        #expect(symlink(target, link) == 0)
        #expect(throws: HomeDirectoryError.symbolicLink(path: link)) { try HomeDirectory(path: link) }
        #expect(throws: HomeDirectoryError.symbolicLink(path: link)) { try HomeDirectory(path: link + "/") }
    }

    @Test func refusesAFile() throws {
        let path = try fixture.directory.write("plain", "x")
        #expect(throws: HomeDirectoryError.notDirectory(path: path)) { try HomeDirectory(path: path) }
    }

    @Test func checkDoesNotCreate() throws {
        let path = fixture.directory.path("absent")
        #expect(throws: HomeDirectoryError.missing(path: path)) { try HomeDirectory.check(path) }
        #expect(!Fixtures.exists(path))
    }

    @Test func refusesADirectoryOwnedBySomeoneElse() throws {
        let path = fixture.directory.path("theirs")
        let other: uid_t = 65534  // nobody
        if geteuid() == 0 {
            _ = try HomeDirectory(path: path)
            #expect(chown(path, other, gid_t(other)) == 0)
            #expect(throws: HomeDirectoryError.notOwned(path: path, owner: other, user: 0)) {
                try HomeDirectory(path: path)
            }
        } else {
            // Without root, a directory owned by root stands in for someone else's.
            #expect(throws: HomeDirectoryError.notOwned(path: "/", owner: 0, user: UInt32(geteuid()))) {
                try HomeDirectory.check("/")
            }
        }
    }
}
