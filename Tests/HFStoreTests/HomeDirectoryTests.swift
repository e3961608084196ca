import HFSystem
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

    // MARK: - Symbolic links above the home (issue 14)

    /// `base/real` and `base/plink` → `real`: a parent on "another disk".
    private func linkedParent() throws -> (real: String, link: String) {
        let real = fixture.directory.path("real")
        #expect(mkdir(real, 0o755) == 0)
        let link = fixture.directory.path("plink")
        #expect(symlink(real, link) == 0)
        return (real, link)
    }

    @Test func aHomeUnderALinkedParentIsCreatedAndUsedThroughTheResolvedPath() throws {
        let (real, link) = try linkedParent()
        let made = try HomeDirectory.creating(path: link + "/a/h")
        #expect(made.home.path == real + "/a/h")
        #expect(made.created == [link + "/a", real + "/a/h"])
        #expect(Fixtures.mode(of: real + "/a/h") == 0o700)
        // Again: found, nothing created, the same resolved path (no link left in it for SQLite to refuse).
        let again = try HomeDirectory.creating(path: link + "/a/h/")
        #expect(again.home == made.home && again.created.isEmpty)
        #expect(try FileSystem.resolvedPath(made.home.path) == made.home.path)
        #expect(try HomeDirectory.existing(explicit: link + "/a/h", application: "x", marker: ".") == made.home)
        #expect(try HomeDirectory.existing(explicit: link + "/absent/h", application: "x", marker: ".") == nil)
    }

    @Test func anXDGDataHomeUnderALinkIsFollowed() throws {
        let (real, link) = try linkedParent()
        let home = try HomeDirectory(explicit: nil, application: "hf-signer", environment: ["XDG_DATA_HOME": link])
        #expect(home.path == real + "/hf-signer")
    }

    @Test func theHomeItselfBeingALinkIsStillRefusedWhateverItsParents() throws {
        let (real, link) = try linkedParent()
        _ = try HomeDirectory(path: real + "/h")
        #expect(symlink(real + "/h", real + "/alias") == 0)
        #expect(throws: HomeDirectoryError.symbolicLink(path: real + "/alias")) {
            try HomeDirectory(path: link + "/alias")
        }
    }

    @Test func dotAndDotDotInThePathAreResolved() throws {
        let made = try HomeDirectory(path: fixture.path + "/x/../y")
        #expect(made.path == fixture.path + "/y")
        #expect(try HomeDirectory(path: fixture.path + "/y/.").path == fixture.path + "/y")
        #expect(try HomeDirectory.resolvedLocation("/") == "/")
    }

    // MARK: - What the home holds

    @Test func theContentsOfAPrivateHomePass() throws {
        let home = try HomeDirectory(path: fixture.directory.path("home"))
        _ = try fixture.directory.write("home/db.sqlite", "x", mode: 0o600)
        _ = try fixture.directory.write("home/lock", "", mode: 0o400)
        _ = try HomeDirectory(path: home.path("keyshares"))
        _ = try fixture.directory.write("home/keyshares/item", "s", mode: 0o600)
        try home.checkContents()
    }

    @Test(arguments: [("db.sqlite", 0o644), ("db.sqlite-wal", 0o640), ("headers-main.dat", 0o604), ("lock", 0o660)])
    func aFileOthersCanReadIsRefusedWithTheChmodThatFixesIt(name: String, mode: Int) throws {
        let home = try HomeDirectory(path: fixture.directory.path("home"))
        let path = try fixture.directory.write("home/" + name, "x", mode: mode)
        #expect(throws: HomeDirectoryError.entryTooOpen(path: path, permissions: UInt32(mode), isDirectory: false)) {
            try home.checkContents()
        }
        let message = HomeDirectoryError.entryTooOpen(path: path, permissions: UInt32(mode), isDirectory: false)
            .description
        #expect(message.contains("run `chmod 600 \(path)`") && message.contains(FileStatus.octal(UInt32(mode))))
        #expect(Fixtures.mode(of: path) == mode, "never re-moded")
    }

    @Test func aSubdirectoryAndItsFilesAreCheckedToo() throws {
        let home = try HomeDirectory(path: fixture.directory.path("home"))
        let vault = try HomeDirectory(path: home.path("keyshares")).path
        Fixtures.setMode(vault, 0o755)
        #expect(throws: HomeDirectoryError.entryTooOpen(path: vault, permissions: 0o755, isDirectory: true)) {
            try home.checkContents()
        }
        #expect(HomeDirectoryError.entryTooOpen(path: vault, permissions: 0o755, isDirectory: true).description
            .contains("run `chmod 700 \(vault)`"))
        Fixtures.setMode(vault, 0o700)
        let item = try fixture.directory.write("home/keyshares/wallet-1", "seed", mode: 0o644)
        #expect(throws: HomeDirectoryError.entryTooOpen(path: item, permissions: 0o644, isDirectory: false)) {
            try home.checkContents()
        }
    }

    @Test func aLinkOrAFIFOInsideTheHomeIsRefused() throws {
        let home = try HomeDirectory(path: fixture.directory.path("home"))
        let outside = try fixture.directory.write("outside.sqlite", "x")
        #expect(symlink(outside, home.path("signer.sqlite")) == 0)
        #expect(throws: HomeDirectoryError.entryNotPlain(path: home.path("signer.sqlite"), isLink: true)) {
            try home.checkContents()
        }
        FileSystem.removeIfPresent(home.path("signer.sqlite"))
        #expect(mkfifo(home.path("lock"), 0o600) == 0)
        #expect(throws: HomeDirectoryError.entryNotPlain(path: home.path("lock"), isLink: false)) {
            try home.checkContents()
        }
    }

    @Test func aFileOfAnotherUserIsRefusedWithTheChownThatFixesIt() throws {
        guard geteuid() == 0 else { return }  // Only root can give a file away; the suite runs as root in CI.
        let home = try HomeDirectory(path: fixture.directory.path("home"))
        let path = try fixture.directory.write("home/signer.sqlite", "x", mode: 0o600)
        #expect(chown(path, 65534, 65534) == 0)
        let error = HomeDirectoryError.entryNotOwned(path: path, owner: 65534, user: 0)
        #expect(throws: error) { try home.checkContents() }
        #expect(error.description.contains("run `chown 0 \(path)`"))
    }
}
