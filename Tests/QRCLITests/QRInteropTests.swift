import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// Our frames read by the `zbarimg` tool, and the `qrencode` tool's images read by us.
@Suite struct QRInteropTests {
    @Test func zbarimgReadsOurFrames() throws {
        guard let zbarimg = try externalTool("/usr/bin/zbarimg") else { return }
        let bytes = try BundleFixtures.receipt()
        let work = try Workspace()
        let frames = try work.encode(bytes, file: "r.hfreceipt", into: "f", ["--qr-version", "5"])
        let expected = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        var lines: [String] = []
        for (index, frame) in frames.enumerated() {
            let (status, out, _) = try Subprocess(path: zbarimg, arguments: ["--raw", "-q", "-Sbinary", frame]).finish()
            #expect(status == 0)
            let line = out.trimmingCharacters(in: .newlines)
            #expect(line == expected[index])
            lines.append(line)
        }
        let result = try signer.run(["qr", "decode", "--text", "--out", work.path("out")],
                                    stdin: lines.joined(separator: "\n"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
    }

    @Test func qrencodeImagesDecodeWithOurs() throws {
        guard let qrencode = try externalTool("/usr/bin/qrencode") else { return }
        let bytes = try BundleFixtures.addressPack(count: 60)
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(density: .low))
        #expect(frames.count > 1)
        let work = try Workspace()
        try FileManager.default.createDirectory(atPath: work.path("f"), withIntermediateDirectories: false)
        for (index, frame) in frames.enumerated() {
            let (status, _, error) = try Subprocess(path: qrencode, arguments: [
                "-t", "PNG", "-l", "L", "-s", "3", "-o", work.path("f/frame-\(index).png"), frame,
            ]).finish()
            #expect(status == 0, "\(error)")
        }
        // A plain bundle in one byte-mode symbol (qrencode -8), as another wallet might show it.
        let plain = try BundleFixtures.transaction()
        let (status, _, _) = try Subprocess(path: qrencode, arguments: [
            "-8", "-t", "PNG", "-l", "M", "-o", work.path("plain.png"), String(decoding: plain, as: UTF8.self),
        ]).finish()
        #expect(status == 0)
        var result = try watcher.run(["qr", "decode", work.path("f"), "--out", work.path("out")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
        result = try watcher.run(["qr", "decode", work.path("plain.png"), "--out", work.path("out2")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out2") == plain)
    }
}

/// The README's pipeline, run as printed (issue 26): zbar 0.23.92 prints the symbols of `-Sbinary` with no newline
/// between them, so every frame arrives on one line and the reader must split it.
@Suite struct ZbarimgPipelineTests {
    @Test func theReadmePipelineWorksAsPrinted() throws {
        guard try externalTool("/usr/bin/zbarimg") != nil else { return }
        let work = try Workspace()
        let bytes = try BundleFixtures.addressPack(count: 60)
        let frames = try work.encode(bytes, file: "h.hfaddrpack", into: "frames", ["--density", "low"])
        #expect(frames.count > 2, "a real animation")
        // The README line: zbarimg --raw -q -Sbinary *.png | hf-signer qr decode --text --out h.hfheaders
        let line = "zbarimg --raw -q -Sbinary *.png | hf-signer qr decode --text --out h.hfheaders"
        let path = BuiltTool.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let (status, _, error) = try Subprocess(
            path: "/bin/sh", arguments: ["-c", "cd '\(work.path("frames"))' && " + line],
            environment: ["PATH": path, "HOME": work.path("home")]).finish()
        #expect(status == 0, "\(error)")
        #expect(work.read("frames/h.hfheaders") == bytes)
        let readme = try String(contentsOfFile: Vectors.repositoryRoot.path + "/README.md", encoding: .utf8)
        #expect(readme.contains(line), "the README still prints this pipeline")
    }

    @Test func decodeOutDirWritesEveryBundle() throws {
        let work = try Workspace()
        let receipt = try BundleFixtures.receipt()
        let transaction = try BundleFixtures.transaction()
        _ = try work.encode(receipt, file: "a.hfreceipt", into: "a", ["--qr-version", "5"])
        _ = try work.encode(transaction, file: "b.hftx", into: "b", ["--qr-version", "5"])
        let result = try signer.run(["qr", "decode", work.path("a"), work.path("b"), "--out-dir", work.path("out"),
                                     "--json"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 2)
        let written = Set(try work.files(in: "out").compactMap { work.read(String($0.dropFirst(work.path("").count))) })
        #expect(written == [receipt, transaction])
        // One animation incomplete: the other is written, the missing part named, exit 65.
        let partial = try work.files(in: "b")
        try FileManager.default.removeItem(atPath: partial[0])
        let again = try signer.run(["qr", "decode", work.path("a"), work.path("b"), "--out-dir", work.path("out2")]
            + work.noHome)
        #expect(again.exitCode == 65, "\(again.stderr)")
        #expect(again.stderr.contains("missing part 1"), "\(again.stderr)")
        #expect(try work.files(in: "out2").count == 1)
        let both = try signer.run(["qr", "decode", work.path("a"), "--out", "x", "--out-dir", "y"] + work.noHome)
        #expect(both.exitCode == 64)
    }
}
