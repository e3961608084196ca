import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// `qr decode --text` and the `--json` report.
@Suite struct QRTextAndJSONTests {
    @Test func framesFromStdinInAnyOrderWithNoise() throws {
        let bytes = try BundleFixtures.receipt()
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        #expect(frames.count > 2)
        let input = "\r\n" + shuffled(frames, seed: 3).map { "  \($0)\r" }.joined(separator: "\n\n") + "\n"
        let work = try Workspace()
        let result = try watcher.run(["qr", "decode", "--text", "--out", work.path("out")] + work.noHome, stdin: input)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
        #expect(result.stdout.hasPrefix("wrote \(work.path("out")): hfreceipt, \(bytes.count) bytes, sha256 "))
        #expect(!work.exists("no-home"))
    }

    @Test func textAndImagesTogether() throws {
        let bytes = try BundleFixtures.addressPack()
        let work = try Workspace()
        let frames = try work.encode(bytes, file: "a.hfaddrpack", into: "f", ["--density", "low"])
        let series = try QREncoder.series(for: bytes, fileType: .json, settings: QRSettings(density: .low))
        #expect(series.count == frames.count)
        let result = try signer.run(["qr", "decode", "--text"] + frames.dropFirst(2) + ["--out", work.path("out")],
                                    stdin: series.parts.prefix(2).joined(separator: "\n"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
    }

    @Test func jsonReportOfASuccess() throws {
        let bytes = try BundleFixtures.backup()
        let work = try Workspace()
        _ = try work.encode(bytes, file: "w.bep", into: "f")
        let result = try signer.run(["--json", "qr", "decode", work.path("f"), "--out", work.path("w2.bep")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        #expect(Set(report.keys) == ["complete", "out", "kind", "bytes", "sha256", "source", "animations", "warnings"])
        #expect(report["complete"] as? Bool == true && report["kind"] as? String == "bep")
        #expect(report["bytes"] as? Int == bytes.count && report["out"] as? String == work.path("w2.bep"))
        #expect((report["sha256"] as? String)?.count == 64)
        let animation = try #require((report["animations"] as? [[String: Any]])?.first)
        #expect(Set(animation.keys) == ["animation", "format", "encoding", "fileType", "parts", "received", "missing",
                                        "conflicts", "complete", "valid"])
        #expect(animation["fileType"] as? String == "B" && animation["valid"] as? Bool == true)
        #expect(animation["missing"] as? [Int] == [] && animation["complete"] as? Bool == true)
        #expect(work.read("w2.bep") == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: work.path("w2.bep"))[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.directory.url.path).allSatisfy {
            !$0.hasPrefix(".") })
    }

    @Test func relativePaths() throws {
        let bytes = try BundleFixtures.receipt()
        let work = try Workspace()
        try work.write("r.hfreceipt", bytes)
        let command = "cd '\(work.directory.url.path)' && '\(signer.url.path)' qr encode r.hfreceipt --out-dir f "
            + "&& '\(watcher.url.path)' qr decode f --out copy"
        let (status, _, error) = try Subprocess(path: "/bin/sh", arguments: ["-c", command]).finish()
        #expect(status == 0, "\(error)")
        #expect(work.read("copy") == bytes)
    }
}
