import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// Incomplete, mixed, contradicting and corrupted input: exit 65, the parts named, nothing written.
@Suite struct QRDecodeRejectionTests {
    @Test func oneFrameMissingIsReportedExactly() throws {
        let work = try Workspace()
        var frames = try work.encode(try BundleFixtures.addressPack(), file: "a.hfaddrpack", into: "f",
                                     ["--density", "low"])
        let total = frames.count
        frames.remove(at: 2)
        let result = try watcher.run(["qr", "decode"] + frames + ["--out", work.path("out")])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("\(total - 1) of \(total) received, missing part 3"), "\(result.stderr)")
        #expect(!work.exists("out"))
        let json = try signer.run(["qr", "decode"] + frames + ["--out", work.path("out"), "--json"])
        #expect(json.exitCode == 65)
        let report = try jsonObject(json.stdout)
        #expect(report["complete"] as? Bool == false)
        let animations = try #require(report["animations"] as? [[String: Any]])
        #expect(animations.count == 1)
        #expect(animations[0]["missing"] as? [Int] == [3])
        #expect(animations[0]["parts"] as? Int == total && animations[0]["received"] as? Int == total - 1)
        let error = try #require(report["error"] as? [String: Any], "the error object of a failed --json command")
        #expect((error["message"] as? String)?.contains("missing part 3") == true)
        #expect(error["code"] as? String == "noCompleteBundle" && error["exit"] as? Int == 65)
        #expect(json.stdout.split(separator: "\n").count == 1, "the report carries the error: no second JSON line")
        #expect(!work.exists("out"))
    }

    @Test func twoInterleavedAnimationsAreKeptApart() throws {
        let work = try Workspace()
        let pack = try BundleFixtures.addressPack()
        let receipt = try BundleFixtures.receipt()
        let a = try work.encode(pack, file: "a.hfaddrpack", into: "a", ["--density", "low"])
        let r = try work.encode(receipt, file: "r.hfreceipt", into: "r", ["--qr-version", "5"])
        #expect(r.count > 2)
        func interleave(_ x: [String], _ y: [String]) -> [String] {
            var result: [String] = []
            for i in 0..<max(x.count, y.count) {
                if i < x.count { result.append(x[i]) }
                if i < y.count { result.append(y[i]) }
            }
            return result
        }
        // The pack is complete, the receipt is not: the pack is written, the receipt named as ignored.
        var result = try signer.run(["qr", "decode"] + interleave(a, Array(r.dropFirst())) + ["--out", work.path("1")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("1") == pack)
        #expect(result.stderr.contains("also seen and ignored") && result.stderr.contains("missing part 1"))
        // The other way round.
        result = try signer.run(["qr", "decode"] + interleave(Array(a.dropLast()), r) + ["--out", work.path("2")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("2") == receipt)
        // Neither complete: both named, nothing written.
        result = try watcher.run(["qr", "decode"] + interleave(Array(a.dropLast()), Array(r.dropFirst()))
            + ["--out", work.path("3")])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("2 animations are present and none is complete"), "\(result.stderr)")
        #expect(result.stderr.contains("missing part \(a.count)") && result.stderr.contains("missing part 1"))
        #expect(!work.exists("3"))
        // Both complete: two different bundles for one --out is refused.
        result = try watcher.run(["qr", "decode", work.path("a"), work.path("r"), "--out", work.path("4")])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("2 different complete bundles"), "\(result.stderr)")
        #expect(!work.exists("4"))
    }

    /// Two address packs whose animations have the same header and part length (signed by different keys).
    static func lookalikeSeries() throws -> (BBQrSeries, BBQrSeries, [UInt8], [UInt8]) {
        let settings = try QRSettings(density: .low)
        let first = try BundleFixtures.addressPack(count: 200, identity: 0x11)
        let series = try QREncoder.series(for: first, fileType: .json, settings: settings)
        for seed in UInt8(0x22)...0x40 {
            let other = try BundleFixtures.addressPack(count: 200, identity: seed)
            let candidate = try QREncoder.series(for: other, fileType: .json, settings: settings)
            if candidate.count == series.count, candidate.parts[0].count == series.parts[0].count {
                return (series, candidate, first, other)
            }
        }
        Issue.record("no two address packs with the same BBQr header and part length")
        throw CancellationError()
    }

    @Test func aFrameOfTheSameCountFromAnotherBundle() throws {
        let (mine, theirs, bytes, _) = try Self.lookalikeSeries()
        let work = try Workspace()
        // Part 2 replaced by the other bundle's part 2: complete, but not the bundle; nothing written.
        var lines = mine.parts
        lines[1] = theirs.parts[1]
        var result = try signer.run(["qr", "decode", "--text", "--out", work.path("x")],
                                    stdin: lines.joined(separator: "\n"))
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("is complete but"), "\(result.stderr)")
        #expect(!work.exists("x"))
        // The stranger first, then every part of mine: reported as a contradiction, not merged; mine is written.
        result = try signer.run(["qr", "decode", "--text", "--out", work.path("y"), "--json"],
                                stdin: ([theirs.parts[1]] + mine.parts).joined(separator: "\n"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("y") == bytes)
        #expect(result.stderr.contains("part 2 of") && result.stderr.contains("held aside, not merged"))
        let report = try jsonObject(result.stdout)
        let animations = try #require(report["animations"] as? [[String: Any]])
        #expect(animations.first?["conflicts"] as? Int == 1)
        #expect((report["warnings"] as? [String])?.contains { $0.contains("not merged") } == true)
    }

    @Test func aCorruptedFrame() throws {
        let bytes = try BundleFixtures.addressPack()
        let work = try Workspace()
        let series = try QREncoder.series(for: bytes, fileType: .json, settings: QRSettings(density: .low))
        // A changed character in part 3's payload: still a well-formed frame, but the bundle does not come out.
        var lines = series.parts
        var part = Array(lines[2].utf8)
        part[20] = part[20] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        lines[2] = String(decoding: part, as: UTF8.self)
        var result = try watcher.run(["qr", "decode", "--text", "--out", work.path("x")],
                                     stdin: lines.joined(separator: "\n"))
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("is complete but"), "\(result.stderr)")
        #expect(!work.exists("x"))
        // A damaged image: reported, and its part listed as missing.
        let frames = try work.encode(bytes, file: "a.hfaddrpack", into: "f", ["--density", "low"])
        let damaged = try #require(FileManager.default.contents(atPath: frames[4]))
        try Data(damaged.prefix(damaged.count / 2)).write(to: URL(fileURLWithPath: frames[4]))
        result = try watcher.run(["qr", "decode", work.path("f"), "--out", work.path("y")])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("0005.png") && result.stderr.contains("missing part 5"), "\(result.stderr)")
        #expect(!work.exists("y"))
    }

    @Test func wrongFileTypeAndNonBundles() throws {
        let work = try Workspace()
        let receipt = try BundleFixtures.receipt()
        let asBinary = try QREncoder.frames(for: receipt, fileType: .binary).joined(separator: "\n")
        var result = try signer.run(["qr", "decode", "--text", "--out", work.path("x")], stdin: asBinary)
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("file type B"), "\(result.stderr)")
        let text = try QREncoder.frames(for: Array("hello, not a bundle".utf8), fileType: .text)
        result = try signer.run(["qr", "decode", "--text", "--out", work.path("x")],
                                stdin: text.joined(separator: "\n"))
        #expect(result.exitCode == 65)
        result = try signer.run(["qr", "decode", "--text", "--out", work.path("x")], stdin: "\n\n")
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("no QR code was found"))
        #expect(!work.exists("x"))
        try work.write("note.txt", Array("not a bundle".utf8))
        result = try signer.run(["qr", "encode", work.path("note.txt"), "--out-dir", work.path("f")])
        #expect(result.exitCode == 65)
        #expect(!work.exists("f"))
    }

    @Test func usageAndOutputErrors() throws {
        let work = try Workspace()
        let receipt = try work.write("r.hfreceipt", try BundleFixtures.receipt())
        for arguments in [
            ["encode", receipt, "--out-dir", work.path("f"), "--density", "huge"],
            ["encode", receipt, "--out-dir", work.path("f"), "--density", "low", "--qr-version", "9"],
            ["encode", receipt, "--out-dir", work.path("f"), "--qr-version", "41"],
            ["encode", receipt, "--out-dir", work.path("f"), "--ecc", "X"],
            ["encode", receipt, "--out-dir", work.path("f"), "--module-pixels", "2"],
            ["show", receipt, "--period", "10"],
            ["decode", "--out", work.path("x")],
        ] {
            let result = try signer.run(["qr"] + arguments)
            #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        }
        #expect(try signer.run(["qr", "encode", work.path("missing"), "--out-dir", work.path("f")]).exitCode == 66)
        #expect(try signer.run(["qr", "encode", receipt, "--out-dir", work.path("f")]).exitCode == 0)
        // A used frame directory is refused, so two animations never share one.
        #expect(try signer.run(["qr", "encode", receipt, "--out-dir", work.path("f")]).exitCode == 73)
        // An existing --out is never replaced.
        try work.write("taken", [1, 2, 3])
        let result = try signer.run(["qr", "decode", work.path("f"), "--out", work.path("taken")])
        #expect(result.exitCode == 73)
        #expect(work.read("taken") == [1, 2, 3])
        #expect(try signer.run(["qr", "decode", work.path("nowhere"), "--out", work.path("x")]).exitCode == 66)
    }
}
