import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// `qr encode --format ur` and `qr show --format ur`: UR frames through PNG and zbar, every density (issue 30).
@Suite struct QRFountainTests {
    @Test(arguments: ["low", "normal", "high", "max"])
    func urFramesRoundTripThroughPNGAndZbarimg(density: String) throws {
        let bytes = try BundleFixtures.addressPack(count: density == "max" ? 1000 : 300)
        let work = try Workspace()
        let frames = try work.encode(bytes, file: "a.hfaddrpack", into: "f", ["--format", "ur", "--density", density])
        #expect(frames.count > 1)
        // Our reader (libzbar through hf-watcher) on every frame but the first three: mixed parts complete it.
        let decoded = try watcher.run(["qr", "decode"] + Array(frames.dropFirst(3)) + ["--out", work.path("out"), "--json"]
            + work.noHome)
        #expect(decoded.exitCode == 0, "\(decoded.stderr)")
        #expect(work.read("out") == bytes)
        #expect(decoded.stdout.contains("UR bytes"))
        // zbarimg's text of every frame, all on one line (-Sbinary prints no separator), through --text.
        guard let zbarimg = try externalTool("/usr/bin/zbarimg") else { return }
        let (status, text, _) = try Subprocess(path: zbarimg, arguments: ["--raw", "-q", "-Sbinary"] + frames).finish()
        #expect(status == 0)
        #expect(text.hasPrefix("UR:BYTES/1-"))
        let piped = try signer.run(["qr", "decode", "--text", "--out", work.path("piped")] + work.noHome, stdin: text)
        #expect(piped.exitCode == 0, "\(piped.stderr)")
        #expect(work.read("piped") == bytes)
    }

    @Test func framesCountAndJSON() throws {
        let bytes = try BundleFixtures.addressPack(count: 300)
        let work = try Workspace()
        try work.write("a.hfaddrpack", bytes)
        let result = try signer.run(["qr", "encode", work.path("a.hfaddrpack"), "--format", "ur", "--frames", "7",
                                     "--qr-version", "12", "--out-dir", work.path("f"), "--json"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let summary = try jsonObject(result.stdout)
        #expect(summary["format"] as? String == "ur" && summary["frames"] as? Int == 7)
        #expect(summary["deflated"] as? Bool == true && (summary["fragments"] as? Int ?? 0) > 7)
        #expect(try work.files(in: "f").count == 7)
        for bad in [["--frames", "0"], ["--frames", "x"], ["--format", "qr"]] {
            let refused = try signer.run(["qr", "encode", work.path("a.hfaddrpack"), "--format", "ur",
                                          "--out-dir", work.path("g")] + bad + work.noHome)
            #expect(refused.exitCode == 64, "\(bad)")
        }
        let framesWithoutUR = try signer.run(["qr", "encode", work.path("a.hfaddrpack"), "--frames", "3",
                                              "--out-dir", work.path("g")] + work.noHome)
        #expect(framesWithoutUR.exitCode == 64)
    }

    @Test func showPrintsURPartsWithoutATerminal() throws {
        let bytes = try BundleFixtures.receipt()
        let work = try Workspace()
        try work.write("r.hfreceipt", bytes)
        let result = try watcher.run(["qr", "show", work.path("r.hfreceipt"), "--format", "ur", "--frames", "5",
                                      "--qr-version", "8"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "UR part ").count - 1 == 5)
    }

    @Test func followReadsURAndShowsTheRank() throws {
        let bytes = try BundleFixtures.addressPack(count: 300)
        let animation = try URAnimation(bytes: bytes, settings: QRSettings(version: 10))
        let n = animation.fragmentCount
        // A late start: parts n+5 … n+5+n+20, one line each, as zbarcam prints them.
        let lines = (0..<(n + 20)).map { animation.text(UInt32(n + 5 + $0)) }
        let work = try Workspace()
        let result = try signer.run(["qr", "decode", "--follow", "--out", work.path("out")] + work.noHome,
                                    stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(work.read("out") == bytes)
        #expect(result.stderr.contains("independent parts"), "\(result.stderr)")
        // The same frames run together on one line (zbarimg -Sbinary) are cut apart by --follow too.
        let joined = try signer.run(["qr", "decode", "--follow", "--out", work.path("joined")] + work.noHome,
                                    stdin: lines.joined() + "\n")
        #expect(joined.exitCode == 0, "\(joined.stderr)")
        #expect(work.read("joined") == bytes)
    }
}
