import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// `qr encode --text STRING --out FILE.png`: one plain QR code of a short text, in both programs.
@Suite struct QRTextEncodeTests {
    /// One QR code at level L holds at most 2953 bytes (version 40).
    static let largest = 2953

    @Test func theImageDecodesToExactlyTheTextInBothPrograms() throws {
        let work = try Workspace()
        let text = "bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=0.0006&label=Caf\u{E9} \u{2615}"
        for (number, tool) in [signer, watcher].enumerated() {
            let out = work.path("t\(number).png")
            let result = try tool.run(["qr", "encode", "--text", text, "--out", out] + work.noHome)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let bytes = Array(text.utf8).count
            let version = try #require(
                QRCapacity.versions.first { QRCapacity.bytes(version: $0, level: .low) >= bytes })
            #expect(result.stdout
                == "wrote \(out): one QR code of \(bytes) bytes of text (QR version \(version), level L)\n")
            let decoded = try QRScanner.decode(imageFile: try #require(work.read("t\(number).png")))
            #expect(decoded == [Array(text.utf8)], "zbar reads back exactly the UTF-8 bytes")
        }
        #expect(!work.exists("no-home"))
    }

    @Test func jsonVersionAndLevelAreHonoured() throws {
        let work = try Workspace()
        let result = try signer.run(["qr", "encode", "--text", "hello", "--out", work.path("h.png"), "--qr-version",
                                     "3", "--ecc", "H", "--module-pixels", "5", "--json"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let object = try jsonObject(result.stdout)
        #expect(object["bytes"] as? Int == 5 && object["version"] as? Int == 3)
        #expect(object["ecc"] as? String == "H" && object["out"] as? String == work.path("h.png"))
        let image = try QRImage.decode(try #require(work.read("h.png")))
        #expect(image.width == (QRCapacity.modules(version: 3) + 8) * 5, "version 3 at 5 pixels a module")
        #expect(try QRScanner.decode(image) == [Array("hello".utf8)])
    }

    @Test func theLargestTextFitsAndOneByteMoreIsRefused() throws {
        let work = try Workspace()
        let fits = String(repeating: "a", count: Self.largest)
        let ok = try signer.run(["qr", "encode", "--text", fits, "--out", work.path("big.png"), "--json"] + work.noHome)
        #expect(ok.exitCode == 0, "\(ok.stderr)")
        #expect(try jsonObject(ok.stdout)["version"] as? Int == 40)
        #expect(try QRScanner.decode(imageFile: try #require(work.read("big.png"))) == [Array(fits.utf8)])
        let result = try signer.run(["qr", "encode", "--text", fits + "a", "--out", work.path("o.png")] + work.noHome)
        #expect(result.exitCode == 64)
        #expect(result.stderr.split(separator: "\n").first
            == "error: the text is 2954 bytes but one QR code at level L holds at most 2953; shorten it")
        #expect(!work.exists("o.png"))
    }

    @Test(arguments: [
        (["--text", ""], "the text is empty"),
        (["--text", String(repeating: "x", count: 18), "--qr-version", "1"],
         "the text is 18 bytes but a version 1 QR code at level L holds at most 17; shorten it or choose a higher "
            + "--qr-version"),
        (["--text", String(repeating: "x", count: 1274), "--ecc", "H"],
         "holds at most 1273; shorten it or a lower --ecc"),
        (["--text", "a"], "--text needs --out FILE.png"),
        (["--text", "a", "--out", "X", "--out-dir", "D"], "--out-dir is for the frames of bundle files"),
        (["--text", "a", "--out", "X", "--density", "high"], "--density is for bundle animations"),
        (["--text", "a", "--out", "X", "some.hfreceipt"], "give either bundle FILEs (with --out-dir) or --text"),
        (["some.hfreceipt", "--out", "X"], "--out is for --text"),
    ])
    func badRequestsExit64AndWriteNothing(arguments: [String], message: String) throws {
        let work = try Workspace()
        let arguments = arguments.map { $0 == "X" ? work.path("x.png") : $0 == "D" ? work.path("d") : $0 }
        let out = arguments.contains("--out") ? [] : ["--out", work.path("x.png")]
        let extra = arguments == ["--text", "a"] ? [] : out
        let result = try signer.run(["qr", "encode"] + arguments + extra + work.noHome)
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!work.exists("x.png") && !work.exists("d"))
    }

    @Test func anExistingOutIsRefusedAndKept() throws {
        let work = try Workspace()
        let old = try work.write("taken.png", Array("old bytes".utf8))
        for tool in [signer, watcher] {
            let result = try tool.run(["qr", "encode", "--text", "hello", "--out", old] + work.noHome)
            #expect(result.exitCode == 73)
            #expect(result.stderr.contains("'\(old)' already exists"))
            #expect(work.read("taken.png") == Array("old bytes".utf8))
        }
    }
}
