import Foundation
import HFPrimitives
import HFQR
import HFTestSupport
import QRFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `hf-signer scan --camera [DEVICE]`: the live scanner of `qr scan --camera` (a stand-in `zbarcam` script first on
/// `PATH`: no camera exists on these machines), its result routed as `scan` routes images and text.
@Suite struct ScanCameraTests {
    /// A stand-in zbarcam in `bin/` of the fixture directory: records its arguments and pid, prints `lines`, then
    /// stays (as a camera would) until it is stopped.
    static func standIn(_ s: ScanFixtures, printing lines: [String]) throws -> [String: String] {
        let dir = s.f.dir.path("bin")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let frames = try s.f.write("camera-frames", Array(lines.map { $0 + "\n" }.joined().utf8))
        let script = """
            #!/bin/sh
            printf '%s\\n' "$*" > '\(s.f.dir.path("args"))'
            echo $$ > '\(s.f.dir.path("pid"))'
            cat '\(frames)'
            exec sleep 60
            """
        let path = try s.f.write("bin/zbarcam", Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return ["PATH": dir + ":/usr/bin:/bin"]
    }

    /// Whether the stand-in got `arguments` and is gone.
    static func checkChild(_ s: ScanFixtures, arguments: [String]) throws {
        let args = String(decoding: try Data(contentsOf: URL(fileURLWithPath: s.f.dir.path("args"))), as: UTF8.self)
        #expect(args == arguments.joined(separator: " ") + "\n")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: s.f.dir.path("pid"))), as: UTF8.self)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the stand-in zbarcam \(pid) is still there")
    }

    @Test func aHeadersAnimationSeenByTheCameraIsImportedLikeImport() throws {
        let s = try ScanFixtures()
        let headers = try s.headers()
        let frames = try QREncoder.frames(for: headers, fileType: .json, settings: QRSettings(version: 2))
        #expect(frames.count > 2)
        // A foreign code in view first, shuffled parts with a repeat: the scan skips the URL and stops at completion.
        let lines = ["https://example.com/menu"] + shuffled(frames, seed: 5) + [frames[0]]
        let environment = try Self.standIn(s, printing: lines)
        let result = try s.scan(["--camera", "/dev/video3"], environment: environment)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("scanned hfheaders from BBQr Z/J"), "\(result.stdout)")
        #expect(result.stderr.contains("scan: foreign QR code 1 ignored"))
        try Self.checkChild(s, arguments: ["--raw", "--nodisplay", "/dev/video3"])
        let status = try s.f.run(["headers", "status", "--json"], network: "regtest")
        #expect(status.stdout.contains("\"validatedTipHeight\":1"), "\(status.stdout)")
    }

    @Test func aURAnimationSeenLateByTheCameraIsSolvedAndImported() throws {
        let s = try ScanFixtures()
        let headers = try s.headers()
        let animation = try URAnimation(bytes: headers, settings: QRSettings(version: 6))
        let n = animation.fragmentCount
        #expect(n > 2)
        // The camera joins after the pure fragments, and every third frame is lost: only mixed parts arrive.
        let lines = (1...(3 * n + 30)).filter { $0 % 3 != 0 }.map { animation.text(UInt32(n + $0)) }
        let environment = try Self.standIn(s, printing: lines)
        let result = try s.scan(["--camera"], environment: environment)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("scanned hfheaders from UR bytes"), "\(result.stdout)")
        let status = try s.f.run(["headers", "status", "--json"], network: "regtest")
        #expect(status.stdout.contains("\"validatedTipHeight\":1"), "\(status.stdout)")
    }

    @Test func anAddressInViewIsRoutedAsScanDoes() throws {
        let s = try ScanFixtures()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let environment = try Self.standIn(
            s, printing: ["https://example.com", "bitcoin:\(stranger.string)?amount=0.0003"])
        let result = try s.scan(["--camera", "--json"], environment: environment)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["kind"] as? String == "address" && object?["address"] as? String == stranger.string)
        #expect((object?["amount"] as? NSNumber)?.intValue == 30_000)
        try Self.checkChild(s, arguments: ["--raw", "--nodisplay"])
    }

    @Test func aWrongNetworkAddressEndsTheScanWith65AndChangesNothing() throws {
        let s = try ScanFixtures()
        let before = try s.f.homeDigest()
        let environment = try Self.standIn(s, printing: ["173LyQTzYp4YaRvxCy7NAKwaeRdcyjnHTG"])
        let result = try s.scan(["--camera"], environment: environment)
        #expect(result.exitCode == 65, "\(result.stderr)")
        #expect(result.stderr.contains("not a regtest address"))
        try Self.checkChild(s, arguments: ["--raw", "--nodisplay"])
        #expect(try s.f.homeDigest() == before)
    }

    @Test func aTimeoutExits75AndEndsTheChild() throws {
        let s = try ScanFixtures()
        let frames = try QREncoder.frames(for: try s.headers(), fileType: .json, settings: QRSettings(version: 2))
        let environment = try Self.standIn(s, printing: [frames[0]])
        let before = try s.f.homeDigest()
        let result = try s.scan(["--camera", "--timeout", "4", "--json"], environment: environment)
        #expect(result.exitCode == 75, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "timedOut" && (error?["exit"] as? NSNumber)?.intValue == 75)
        #expect((error?["message"] as? String)?.contains("missing part") == true)
        try Self.checkChild(s, arguments: ["--raw", "--nodisplay"])
        #expect(try s.f.homeDigest() == before)
    }

    @Test func withoutZbarcamItExits69AndBadCombinationsExit64() throws {
        let s = try ScanFixtures()
        let empty = s.f.dir.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let missing = try s.scan(["--camera"], environment: ["PATH": empty])
        #expect(missing.exitCode == 69)
        #expect(missing.stderr.contains("zbarcam was not found on PATH; install the Debian package zbar-tools"))
        for arguments in [["--camera", "--text"], ["--camera", "/dev/video0", "/dev/video1"],
                          ["--timeout", "5", "x.png"], ["--camera", "--timeout", "0"], ["--camera", "-"]] {
            let result = try s.scan(arguments, environment: ["PATH": empty])
            #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        }
    }
}
