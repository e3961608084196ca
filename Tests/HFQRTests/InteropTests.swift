import Foundation
import HFQR
import HFTestSupport
import Testing
import QRFixtures

/// Our frames read by the zbar command-line tool, and codes made by the qrencode tool read by us.
@Suite struct InteropTests {
    @Test func zbarimgReadsOurFrames() throws {
        guard let zbarimg = try externalTool("zbarimg") else { return }
        let directory = try TemporaryDirectory()
        let bytes = try BundleFixtures.addressPack(count: 60)
        let series = try QREncoder.series(for: bytes, fileType: .json, settings: QRSettings(density: .low))
        #expect(series.count >= 3)
        var paths: [String] = []
        for index in 0..<series.count {
            let path = directory.path(String(format: "frame-%03d.png", index))
            try Data(series.png(at: index, pixelsPerModule: 3)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let result = try run(zbarimg, ["--raw", "-q", "-Sdisable", "-Sqrcode.enable"] + paths)
        #expect(result.status == 0)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == series.parts)
        // And our directory reader takes the same files.
        var session = ScanSession()
        let events = try session.add(contentsOf: directory.url.path)
        #expect(events.count == series.count)
        #expect(try session.completed(validate: BundleFixtures.validate)?.bytes == bytes)
    }

    @Test func zbarimgReadsOurBinarySymbol() throws {
        guard let zbarimg = try externalTool("zbarimg") else { return }
        let directory = try TemporaryDirectory()
        let bytes = try BundleFixtures.transaction() + [0x00, 0xff, 0x80]
        let path = directory.path("plain.png")
        try Data(QRImage.png(for: QRSymbol(bytes: bytes))).write(to: URL(fileURLWithPath: path))
        let result = try run(zbarimg, ["--raw", "-q", "-Sbinary", path])
        #expect(result.status == 0)
        #expect(result.stdout == bytes || result.stdout == bytes + [0x0a])
    }

    @Test func qrencodeImagesDecodeWithOurs() throws {
        guard let qrencode = try externalTool("qrencode") else { return }
        let directory = try TemporaryDirectory()
        let bytes = try BundleFixtures.receipt()
        let series = try QREncoder.series(for: bytes, fileType: .json, settings: QRSettings(density: .low))
        var session = ScanSession()
        for (index, part) in series.parts.enumerated() {
            let path = directory.path("qrencode-\(index).png")
            let made = try run(qrencode, ["-l", "L", "-s", "3", "-m", "4", "-o", path, part])
            #expect(made.status == 0)
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(try QRScanner.frames(inImageFile: png) == [part])
            for event in try session.add(imageFile: png) { #expect(event.progress != nil) }
        }
        #expect(try session.completed(validate: BundleFixtures.validate)?.bytes == bytes)
        // A plain single QR in byte mode, from a file.
        let bundle = try BundleFixtures.transaction()
        let input = directory.path("bundle.hftx")
        try Data(bundle).write(to: URL(fileURLWithPath: input))
        let output = directory.path("plain.png")
        #expect(try run(qrencode, ["-8", "-l", "M", "-r", input, "-o", output]).status == 0)
        var plain = ScanSession()
        _ = try plain.add(contentsOf: output)
        #expect(try plain.completed(validate: BundleFixtures.validate)?.bytes == bundle)
    }
}
