import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `qr decode --follow` and `qr scan`: live scanning from a pipe that stays open, as `zbarcam --raw` writes it.
///
/// A writer feeds the command at camera pace (a few milliseconds a line) and never closes the pipe before the
/// command has exited: an exit proves the command stopped on its own at the completing frame.
@Suite struct QRFollowTests {
    /// An address pack at QR version 5 (many parts) and an incomplete receipt animation in view beside it.
    struct Feed {
        let bytes: [UInt8]
        let primary: [String]
        /// Every line written, in order, up to and including the frame that completes `bytes`.
        let lines: [String]
    }

    static let foreign = ["https://example.com/pay?invoice=42", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"]

    /// Shuffled parts with repeats, a second animation interleaved (one of its parts never shown), blank and
    /// whitespace noise, a malformed frame, and two foreign QR texts (each twice).
    static func feed() throws -> Feed {
        let bytes = try BundleFixtures.addressPack(count: 40)
        let primary = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        let receipt = try QREncoder.frames(for: try BundleFixtures.receipt(), fileType: .json,
                                           settings: QRSettings(version: 7))
        #expect(primary.count > 6 && receipt.count > 2)
        var lines: [String] = []
        let order = shuffled(primary, seed: 11)
        for (index, frame) in order.enumerated() {
            lines.append(frame)
            if index % 3 == 0 { lines.append(order[index / 2]) }  // a repeat
            if index < receipt.count - 1 { lines.append(receipt[index]) }  // the other animation, never complete
            if index == 1 { lines += ["", "   ", Self.foreign[0], "B$ZJ", Self.foreign[1], Self.foreign[0]] }
            if index == 3 { lines.append(Self.foreign[1]) }
        }
        lines.append(order[0])
        // Cut the feed at the frame that completes the bundle: nothing after it may be needed.
        var session = ScanSession()
        let completing = try #require(lines.firstIndex { line in
            if case .accepted(let progress) = session.add(frameText: line), case .bbqr = progress.animation,
               progress.isComplete { return true }
            return false
        })
        return Feed(bytes: bytes, primary: primary, lines: Array(lines[...completing]))
    }

    /// Starts `arguments` with a stdin pipe kept open, writes `lines` at camera pace, and waits for the exit
    /// without closing the pipe.
    static func runLive(_ arguments: [String], lines: [String], environment: [String: String] = [:],
                        signal: Int32? = nil) throws -> (status: Int32, stdout: String, stderr: String)
    {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        let child = try Subprocess(path: signer.url.path, arguments: arguments, environment: env,
                                   keepingStdinOpen: true)
        for line in lines {
            #expect(child.writeStdin(Array((line + "\n").utf8)))
            usleep(3_000)
        }
        if let signal {
            try waitForHandler(of: child.pid, signal: signal)
            // Under load the command may not have read a line yet: the signal waits until the pipe is drained.
            #expect(child.waitUntilStdinIsRead(), "the command never read its input")
            usleep(100_000)
            child.send(signal)
        }
        let result = child.finish()
        child.closeStdin()
        return result
    }

    /// Waits until the process catches `signal` (its bit in `SigCgt` of `/proc/PID/status`), so the test's signal
    /// reaches the command's handler and not the default action.
    static func waitForHandler(of pid: pid_t, signal: Int32) throws {
        for _ in 0..<500 {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(signal - 1)) != 0 { return }
            usleep(10_000)
        }
        Issue.record("process \(pid) never installed a handler for signal \(signal)")
    }

    /// The lines of `stderr` that start with `prefix`.
    static func lines(_ stderr: String, _ prefix: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix(prefix) }
    }

    @Test func stopsTheMomentTheBundleIsCompleteWithThePipeStillOpen() throws {
        let feed = try Self.feed()
        let work = try Workspace()
        let result = try Self.runLive(["qr", "decode", "--follow", "--out", work.path("pack")] + work.noHome,
                                      lines: feed.lines)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(work.read("pack") == feed.bytes)
        #expect(result.stdout.hasPrefix("wrote \(work.path("pack")): hfaddrpack, \(feed.bytes.count) bytes, sha256 "))
        // Progress without a terminal: one line per new part of either animation, one for the second animation,
        // one per distinct foreign text; repeats and blank lines print nothing; the malformed frame one warning.
        var session = ScanSession()
        var newParts = 0
        for line in feed.lines {
            if case .accepted(let progress) = session.add(frameText: line), case .bbqr = progress.animation {
                newParts += 1
            }
        }
        let progress = Self.lines(result.stderr, "scan: [")
        #expect(progress.count == newParts)
        #expect(newParts >= feed.primary.count)
        #expect(progress.filter { $0.contains("/\(feed.primary.count) parts") }.last?
            .hasPrefix("scan: [##########] \(feed.primary.count)/\(feed.primary.count) parts — hfaddrpack, BBQr") == true)
        #expect(Self.lines(result.stderr, "scan: another animation in view, kept apart: BBQr Z/J").count == 1)
        let foreign = Self.lines(result.stderr, "scan: foreign QR code ")
        #expect(foreign.count == 2)
        #expect(foreign.first?.contains("\"\(Self.foreign[0])\"") == true)
        #expect(foreign.last?.contains("\"\(Self.foreign[1])\"") == true)
        let warnings = Self.lines(result.stderr, "warning: ")
        #expect(warnings.count == 2, "\(result.stderr)")
        #expect(warnings.first?.contains("fewer than the 8 of a BBQr header") == true)
        #expect(warnings.last?.hasPrefix("warning: also seen and ignored: BBQr Z/J") == true)
        #expect(!work.exists("no-home"))
    }

    /// A Standard SeedQR's 48 digits (test vector 4 of SeedSigner's spec) or a line that was not UTF-8 (a Compact
    /// SeedQR's bytes) in view are counted as foreign codes but never quoted: they may be a wallet's phrase.
    @Test func aCodeShapedLikeASeedQRIsNotQuoted() throws {
        let work = try Workspace()
        let digits = "073318950739065415961602009907670428187212261116"
        let result = try Self.runLive(
            ["qr", "decode", "--follow", "--timeout", "3", "--out", work.path("pack")] + work.noHome,
            lines: [digits, "[\u{FFFD}q\u{FFFD}", Self.foreign[0]])
        #expect(result.status == 75, "\(result.stderr)")
        let foreign = Self.lines(result.stderr, "scan: foreign QR code ")
        #expect(foreign.count == 3, "\(result.stderr)")
        #expect(foreign[0] == "scan: foreign QR code 1 ignored (not a frame or a bundle): 48 bytes, not shown (it "
            + "may be a SeedQR, a wallet's recovery phrase)")
        #expect(foreign[1].hasPrefix("scan: foreign QR code 2 ignored (not a frame or a bundle): 8 bytes, not shown"))
        #expect(foreign[2].contains("\"\(Self.foreign[0])\""), "other texts are still quoted")
        #expect(!result.stderr.contains("07331895") && !result.stderr.contains("\u{FFFD}"))
        #expect(!work.exists("pack"))
    }

    @Test func qrScanWithoutCameraReadsStdinTheSameWay() throws {
        let feed = try Self.feed()
        let work = try Workspace()
        let result = try Self.runLive(["--json", "qr", "scan", "--out", work.path("pack")] + work.noHome,
                                      lines: feed.lines)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(work.read("pack") == feed.bytes)
        let report = try jsonObject(result.stdout)
        #expect(report["complete"] as? Bool == true && report["kind"] as? String == "hfaddrpack")
        // Both animations are reported; foreign texts are not animations (as in `qr decode`).
        #expect((report["animations"] as? [[String: Any]])?.count == 2)
        #expect(Self.lines(result.stderr, "scan: ").isEmpty)
    }

    @Test func aCorruptedPartExits65AndWritesNothing() throws {
        let bytes = try BundleFixtures.addressPack(count: 40)
        var frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        var corrupt = Array(frames[1].utf8)
        let position = 8 + 5
        corrupt[position] = corrupt[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        frames[1] = String(decoding: corrupt, as: UTF8.self)
        let work = try Workspace()
        let result = try Self.runLive(["qr", "decode", "--follow", "--out", work.path("pack")] + work.noHome,
                                      lines: frames)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("is complete but"), "\(result.stderr)")
        #expect(!work.exists("pack"))
    }

    @Test func aTimeoutExits75NamingTheMissingParts() throws {
        let bytes = try BundleFixtures.addressPack(count: 40)
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        let shown = frames.enumerated().filter { ![1, 2, 4].contains($0.offset) }.map(\.element)
        let work = try Workspace()
        let result = try Self.runLive(
            ["qr", "decode", "--follow", "--timeout", "1", "--out", work.path("pack")] + work.noHome, lines: shown)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("no valid bundle was complete after 1 seconds; nothing was written"))
        #expect(result.stderr.contains("missing parts 2-3, 5"), "\(result.stderr)")
        #expect(!work.exists("pack"))
    }

    @Test func theEndOfTheInputBeforeCompletionExits65LikeQRDecode() throws {
        let bytes = try BundleFixtures.receipt()
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        let work = try Workspace()
        let input = frames.dropFirst().joined(separator: "\n") + "\n"
        let live = try signer.run(["qr", "decode", "--follow", "--out", work.path("a")] + work.noHome, stdin: input)
        let whole = try signer.run(["qr", "decode", "--text", "--out", work.path("b")] + work.noHome, stdin: input)
        #expect(live.exitCode == 65 && whole.exitCode == 65)
        #expect(live.stderr.contains("missing part 1"), "\(live.stderr)")
        #expect(Self.lines(live.stderr, "error: ") == Self.lines(whole.stderr, "error: "))
        #expect(!work.exists("a") && !work.exists("b"))
    }

    @Test func sigintExits130ReportingWhatWasMissing() throws {
        let bytes = try BundleFixtures.addressPack(count: 40)
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        let work = try Workspace()
        // --timeout 60 only keeps a broken handler from hanging the suite (it would show as 75).
        let result = try Self.runLive(
            ["qr", "decode", "--follow", "--timeout", "60", "--out", work.path("pack")] + work.noHome,
            lines: Array(frames.dropFirst()), signal: SIGINT)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(result.stderr.contains("stopped by SIGINT; nothing was written"), "\(result.stderr)")
        // Part 1 was never sent; the signal comes once every other line was read.
        let error = Self.lines(result.stderr, "error: ").first ?? ""
        #expect(error.contains("missing part 1") || error.contains("missing parts 1,"), "\(result.stderr)")
        #expect(!work.exists("pack"))
    }

    @Test func followRefusesImagesAndTimeoutNeedsFollow() throws {
        let work = try Workspace()
        let images = try signer.run(["qr", "decode", "--follow", work.path("x"), "--out", work.path("o")])
        #expect(images.exitCode == 64)
        let timeout = try signer.run(["qr", "decode", "--text", "--timeout", "3", "--out", work.path("o")])
        #expect(timeout.exitCode == 64)
        let zero = try signer.run(["qr", "scan", "--timeout", "0", "--out", work.path("o")])
        #expect(zero.exitCode == 64 && zero.stderr.contains("--timeout must be"))
    }
}

/// `qr scan --camera`: no camera exists on these machines, so a stand-in `zbarcam` script first on `PATH` records
/// its arguments and process id, prints the frames as `zbarcam --raw` would, and then waits like a camera that stays
/// open.
@Suite struct QRScanCameraTests {
    @Test func theChildGetsRawNodisplayAndTheDeviceAndIsGoneAfterCompletion() throws {
        let feed = try QRFollowTests.feed()
        let work = try Workspace()
        try FileManager.default.createDirectory(atPath: work.path("bin"), withIntermediateDirectories: false)
        try work.write("frames", Array((feed.lines.joined(separator: "\n") + "\n").utf8))
        let script = """
            #!/bin/sh
            printf '%s\\n' "$*" > '\(work.path("args"))'
            echo $$ > '\(work.path("pid"))'
            cat '\(work.path("frames"))'
            exec sleep 60
            """
        let zbarcam = try work.write("bin/zbarcam", Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zbarcam)
        for (device, name) in [(["/dev/video7"], "a"), ([], "b")] {
            let result = try signer.run(
                ["qr", "scan", "--camera"] + device + ["--out", work.path(name)] + work.noHome,
                environment: ["PATH": work.path("bin") + ":/usr/bin:/bin"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(work.read(name) == feed.bytes)
            let args = String(decoding: work.read("args") ?? [], as: UTF8.self)
            #expect(args == (["--raw", "--nodisplay"] + device).joined(separator: " ") + "\n")
            let pid = try #require(pid_t(String(decoding: work.read("pid") ?? [], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "the stand-in zbarcam \(pid) is still there")
        }
    }

    @Test func aTimeoutEndsTheChildToo() throws {
        let work = try Workspace()
        try FileManager.default.createDirectory(atPath: work.path("bin"), withIntermediateDirectories: false)
        let script = "#!/bin/sh\necho $$ > '\(work.path("pid"))'\necho https://example.com\nexec sleep 60\n"
        let zbarcam = try work.write("bin/zbarcam", Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zbarcam)
        // 4 s: the stand-in must have started and printed before the timeout even on a loaded machine (with 1 s it
        // sometimes had not, and the test saw neither its line nor its pid).
        let result = try signer.run(["qr", "scan", "--camera", "--timeout", "4", "--out", work.path("o")] + work.noHome,
                                    environment: ["PATH": work.path("bin") + ":/usr/bin:/bin"])
        #expect(result.exitCode == 75, "\(result.stderr)")
        #expect(result.stderr.contains("foreign QR code 1 ignored"))
        let pid = try #require(pid_t(String(decoding: work.read("pid") ?? [], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(!work.exists("o"))
    }

    @Test func withoutZbarcamOnPathCameraExits69NamingZbarTools() throws {
        let work = try Workspace()
        try FileManager.default.createDirectory(atPath: work.path("empty"), withIntermediateDirectories: false)
        for tool in [signer, watcher] {
            let result = try tool.run(["qr", "scan", "--camera", "--out", work.path("o")] + work.noHome,
                                      environment: ["PATH": work.path("empty")])
            #expect(result.exitCode == 69, "\(result.stderr)")
            #expect(result.stderr.contains("zbarcam was not found on PATH; install the Debian package zbar-tools"))
            #expect(!work.exists("o"))
        }
    }
}
