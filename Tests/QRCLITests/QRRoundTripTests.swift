import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// Every bundle kind through PNG frames at every density, written by one program and read by the other.
@Suite struct QRRoundTripTests {
    @Test(arguments: FixtureKind.allCases, QRDensity.allCases)
    func throughPNGFrames(kind: FixtureKind, density: QRDensity) throws {
        guard let bytes = try kind.bytes() else { return }
        let work = try Workspace()
        let (writer, reader) = kind.rawValue.count % 2 == 0 ? (signer, watcher) : (watcher, signer)
        let frames = try work.encode(bytes, file: kind.fileName, into: "frames", tool: writer,
                                     ["--density", density.rawValue])
        #expect(frames.first?.hasSuffix("/0001.png") == true)
        let result = try reader.run(["qr", "decode", work.path("frames"), "--out", work.path("out")] + work.noHome)
        #expect(result.exitCode == 0, "\(kind) \(density): \(result.stderr)")
        #expect(work.read("out") == bytes, "\(kind) \(density) differs")
        #expect(!work.exists("no-home"), "a qr command created a home")
    }

    @Test func encodePrintsTheFrameCountAndKeepsToTheDensity() throws {
        let bytes = try BundleFixtures.addressPack()
        let work = try Workspace()
        try work.write("a.hfaddrpack", bytes)
        var counts: [Int] = []
        for density in QRDensity.allCases {
            let result = try signer.run(["qr", "encode", work.path("a.hfaddrpack"), "--out-dir",
                                         work.path(density.rawValue), "--density", density.rawValue, "--json"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let json = try jsonObject(result.stdout)
            let frames = try #require(json["frames"] as? Int)
            #expect(try work.files(in: density.rawValue).count == frames)
            #expect(try #require(json["version"] as? Int) <= density.maximumVersion)
            #expect(json["encoding"] as? String == "Z" && json["fileType"] as? String == "J")
            #expect(json["kind"] as? String == "hfaddrpack" && json["ecc"] as? String == "L")
            #expect(json["density"] as? String == density.rawValue && json["bytes"] as? Int == bytes.count)
            #expect((json["files"] as? [String])?.first == "0001.png")
            counts.append(frames)
        }
        #expect(counts[0] > counts[1] && counts[1] >= counts[2], "low > normal >= high: \(counts)")
        let text = try watcher.run(["qr", "encode", work.path("a.hfaddrpack"), "--out-dir", work.path("text")])
        #expect(text.exitCode == 0)
        #expect(text.stdout.hasPrefix("\(counts[1]) frames written to "))
    }

    @Test func explicitVersionAndLevel() throws {
        let bytes = try BundleFixtures.receipt()
        let work = try Workspace()
        try work.write("r.hfreceipt", bytes)
        let result = try signer.run(["qr", "encode", work.path("r.hfreceipt"), "--out-dir", work.path("f"),
                                     "--qr-version", "12", "--ecc", "m", "--module-pixels", "3", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let json = try jsonObject(result.stdout)
        #expect(json["version"] as? Int == 12 && json["ecc"] as? String == "M" && json["density"] == nil)
        let decoded = try signer.run(["qr", "decode", work.path("f"), "--out", work.path("out")])
        #expect(decoded.exitCode == 0, "\(decoded.stderr)")
        #expect(work.read("out") == bytes)
    }

    @Test func shuffledFramesAndRepeats() throws {
        let bytes = try BundleFixtures.addressPack()
        let work = try Workspace()
        let frames = try work.encode(bytes, file: "a.hfaddrpack", into: "f", ["--density", "low"])
        #expect(frames.count > 5)
        let order = shuffled(frames, seed: 7) + Array(frames.prefix(3))
        let result = try watcher.run(["qr", "decode"] + order + ["--out", work.path("out")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
    }

    @Test func plainSingleQRHoldingAWholeBundle() throws {
        let bytes = try BundleFixtures.transaction()
        let work = try Workspace()
        try work.write("plain.png", try QRImage.png(for: QRSymbol(bytes: bytes)))
        let result = try signer.run(["qr", "decode", work.path("plain.png"), "--out", work.path("out"), "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
        let json = try jsonObject(result.stdout)
        #expect(json["kind"] as? String == "hftx" && json["complete"] as? Bool == true)
    }
}
