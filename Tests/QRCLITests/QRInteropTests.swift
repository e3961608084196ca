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
