import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer scan` of several animations at once (issue 26): every complete bundle is imported as one `import`,
/// headers first whatever order the frames come in; an incomplete animation is named and does not stop the others.
@Suite struct ScanSeveralAnimationsTests {
    /// Block 1 paying receive addresses 0 and 1 (60,000 and 25,000 satoshis) in two transactions; with `lookalike`
    /// the two receipts are the same size (so their BBQr animations have the same header and part length), else the
    /// second transaction has a second output and its animation differs.
    static func twoPayments(_ s: ScanFixtures, lookalike: Bool = false) throws -> SignerFixtures.RegtestBlock {
        let first = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(s.f, index: 0), amounts: [60_000])
        let second = try SignerFixtures.payment(
            to: ReceiptImportTests.sampleAddress(s.f, index: 1), amounts: lookalike ? [25_000] : [25_000, 1_000])
        return try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [first, second])
    }

    /// Encodes `bytes` at version 5 (several frames) and moves its frames into `dir`, each named `prefix-0001.png`.
    static func frames(_ s: ScanFixtures, _ bytes: [UInt8], named prefix: String, into dir: String,
                       version: Int = 5) throws -> [String] {
        let own = try s.animation(prefix, bytes, extra: ["--qr-version", String(version)])
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var moved: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: own).sorted() {
            let target = dir + "/" + prefix + "-" + name
            try FileManager.default.moveItem(atPath: own + "/" + name, toPath: target)
            moved.append(target)
        }
        return moved
    }

    @Test func threeAnimationsInOneDirectoryAreImportedAsOneImportHeadersFirst() throws {
        let s = try ScanFixtures()
        let block = try Self.twoPayments(s, lookalike: true)
        let all = s.f.dir.path("all")
        // Two receipts of the same size: their animations look alike (BBQr has no identity) and come apart by
        // validation. Name order puts both receipts before the headers they need.
        let first = try Self.frames(s, block.receipt(index: 0, height: 1).encoded(), named: "a", into: all)
        let second = try Self.frames(s, block.receipt(index: 1, height: 1).encoded(), named: "b", into: all)
        let headers = try Self.frames(s, SignerFixtures.regtestBundle([block]), named: "z", into: all)
        #expect(first.count > 1 && second.count > 1 && headers.count > 1, "three real animations")
        let result = try s.scan([all])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("scanned hfheaders from BBQr") == true, "\(result.stdout)")
        #expect(result.stdout.contains(": 0.0006 BSV (60,000 sat) received") && result.stdout.contains(": 0.00025 BSV (25,000 sat) received"))
        #expect(try s.confirmed() == 85_000)
    }

    @Test func framesOfTwoBundlesMixedInOneDirectoryAreKeptApartAndBothImported() throws {
        let s = try ScanFixtures()
        let receipt = try Self.frames(s, s.receipt(), named: "r", into: s.f.dir.path("own-r"))
        let headers = try Self.frames(s, s.headers(), named: "h", into: s.f.dir.path("own-h"))
        let mixed = s.f.dir.path("mixed")
        try FileManager.default.createDirectory(atPath: mixed, withIntermediateDirectories: true)
        // Interleaved by name: r1 h1 r2 h2 …, the receipt's frames first.
        for (index, path) in receipt.enumerated() {
            try FileManager.default.moveItem(atPath: path, toPath: mixed + "/\(1000 + index * 2)-r.png")
        }
        for (index, path) in headers.enumerated() {
            try FileManager.default.moveItem(atPath: path, toPath: mixed + "/\(1001 + index * 2)-h.png")
        }
        let result = try s.scan([mixed, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("\"kind\":\"hfheaders\"") && lines[1].contains("\"kind\":\"hfreceipt\""),
                "\(result.stdout)")
        #expect(try s.confirmed() == 60_000)
    }

    @Test func anIncompleteAnimationIsNamedAndDoesNotStopTheOthers() throws {
        let s = try ScanFixtures()
        let block = try Self.twoPayments(s)
        let all = s.f.dir.path("all")
        let first = try Self.frames(s, block.receipt(index: 0, height: 1).encoded(), named: "a", into: all)
        // At another version, so that the two receipts' animations never share a header and part length (their
        // sizes come from random inputs; equal ones would look alike and the incomplete one would hide).
        _ = try Self.frames(s, block.receipt(index: 1, height: 1).encoded(), named: "b", into: all, version: 7)
        _ = try Self.frames(s, SignerFixtures.regtestBundle([block]), named: "z", into: all)
        try FileManager.default.removeItem(atPath: first[1])
        let result = try s.scan([all])
        #expect(result.exitCode == 65, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("scanned hfheaders") && result.stdout.contains(": 0.00026 BSV (26,000 sat) received"))
        #expect(result.stderr.contains("2 bundles were imported") && result.stderr.contains("missing part 2"),
                "\(result.stderr)")
        #expect(try s.confirmed() == 26_000)
    }
}
