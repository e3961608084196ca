import Foundation
import HFCrypto
import HFStore
import HFTestSupport
import Testing

/// The single-file vault: every item in one 0600 file, rewritten atomically; damage refused clearly.
@Suite struct SingleFileKeyshareVaultTests {
    let dir: TemporaryDirectory
    var root: String { dir.path("vault") }
    var file: String { root + "/" + SingleFileKeyshareVault.defaultName }

    init() throws { dir = try TemporaryDirectory() }

    func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) }

    @Test func roundTripAndRejections() throws {
        let vault = try SingleFileKeyshareVault(root: root)
        #expect(try vault.ids() == [], "a missing file is an empty vault")
        #expect(try VaultTesting.roundTrip(vault) == [])
        #expect(try Fixtures.names(in: root) == [SingleFileKeyshareVault.defaultName])
        #expect(Fixtures.mode(of: file) == 0o600)
        #expect(Fixtures.mode(of: root) == 0o700)
        #expect(try SingleFileKeyshareVault(root: root).read(id: "treasury-main-p2").bytes == [0, 1, 2, 255])
    }

    @Test func theFormatIsExact() throws {
        let vault = try SingleFileKeyshareVault(root: root)
        try vault.write(id: "b", data: SecureBytes([0xbb]))
        try vault.write(id: "a", data: SecureBytes([0xaa, 0xab]))
        let body: [UInt8] = Array("HFKV1\n".utf8) + [2, 0, 0, 0] + [1, 0x61, 2, 0xaa, 0xab] + [1, 0x62, 1, 0xbb]
        #expect(try bytes() == body + Hash.sha256(body))
    }

    @Test func corruptedFilesAreRefusedClearlyAndLeftAlone() throws {
        let vault = try SingleFileKeyshareVault(root: root)
        try vault.write(id: "wallet-a", data: VaultTesting.secret("seed"))
        let good = try bytes()
        let body = Array(good.dropLast(32))
        let damaged: [(String, [UInt8])] = [
            ("a flipped byte", { var b = good; b[12] ^= 1; return b }()),
            ("truncated", Array(good.prefix(20))),
            ("wrong magic", Array("HFKV2\n".utf8) + good.dropFirst(6)),
            ("trailing bytes", body + [0] + Hash.sha256(body + [0])),
            ("unordered", {
                let b: [UInt8] = Array("HFKV1\n".utf8) + [2, 0, 0, 0] + [1, 0x62, 1, 1] + [1, 0x61, 1, 1]
                return b + Hash.sha256(b)
            }()),
            ("repeated", {
                let b: [UInt8] = Array("HFKV1\n".utf8) + [2, 0, 0, 0] + [1, 0x61, 1, 1] + [1, 0x61, 1, 2]
                return b + Hash.sha256(b)
            }()),
            ("bad id", {
                let b: [UInt8] = Array("HFKV1\n".utf8) + [1, 0, 0, 0] + [1, 0x41, 1, 1]
                return b + Hash.sha256(b)
            }()),
            ("empty item", {
                let b: [UInt8] = Array("HFKV1\n".utf8) + [1, 0, 0, 0] + [1, 0x61, 0]
                return b + Hash.sha256(b)
            }()),
        ]
        for (label, contents) in damaged {
            try Data(contents).write(to: URL(fileURLWithPath: file))
            Fixtures.setMode(file, 0o600)
            for operation in 0..<4 {
                do {
                    switch operation {
                    case 0: _ = try vault.read(id: "wallet-a")
                    case 1: _ = try vault.ids()
                    case 2: try vault.write(id: "wallet-b", data: VaultTesting.secret("x"))
                    default: try vault.delete(id: "wallet-a")
                    }
                    Issue.record("\(label): operation \(operation) accepted")
                } catch {
                    guard case .corrupted(let path, _) = error else { Issue.record("\(label): \(error)"); continue }
                    #expect(path == file)
                    #expect(error.description.contains("damaged"))
                }
            }
            #expect(try bytes() == contents, "\(label): the damaged file is never overwritten")
        }
    }

    @Test func wrongPermissionsAreRefused() throws {
        let vault = try SingleFileKeyshareVault(root: root)
        try vault.write(id: "wallet-a", data: VaultTesting.secret("seed"))
        Fixtures.setMode(file, 0o640)
        #expect(throws: VaultError.self) { try vault.read(id: "wallet-a") }
        Fixtures.setMode(file, 0o600)
        Fixtures.setMode(root, 0o750)
        #expect(throws: VaultError.self) { try vault.ids() }
        #expect(throws: VaultError.self) { try SingleFileKeyshareVault(root: root) }
    }

    @Test func deleteOfAMissingIdDoesNotRewrite() throws {
        let vault = try SingleFileKeyshareVault(root: root)
        try vault.delete(id: "wallet-x")
        #expect(!Fixtures.exists(file))
        #expect(try SingleFileKeyshareVault.storedIDs(root: dir.path("elsewhere")) == [])
        #expect(!Fixtures.exists(dir.path("elsewhere")))
    }
}
