import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The QR commands on a real (pseudo-)terminal: the live status line of `qr decode --follow`, and the keys of a
/// multi-file `qr show`.
@Suite struct QRTerminalTests {
    /// `qr decode --follow` with stderr on a terminal and stdin a pipe fed at camera pace (at least 50 ms a line, so
    /// the frames span more than the half second before a rate is shown): one status line redrawn in place with the
    /// frame rate, no log lines, and the file written.
    @Test func theLiveStatusLineIsRedrawnInPlaceWithTheFrameRate() throws {
        let bytes = try BundleFixtures.addressPack(count: 12)
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        let work = try Workspace()
        // Every frame twice, in order: the repeats count as frames, not parts.
        try work.write("frames", Array(frames.flatMap { [$0, $0] }.map { $0 + "\n" }.joined().utf8))
        let out = work.path("out.hfaddrpack")
        // After the last frame the feeder keeps the pipe open with blank lines (which a scanner ignores) until the
        // command is gone: the command must stop on its own, and then the feeder ends on the broken pipe.
        let pipeline = "while read -r l; do printf '%s\\n' \"$l\"; sleep 0.05; done < '\(work.path("frames"))'; "
            + "while printf '\\n'; do sleep 0.2; done"
        let process = try TerminalProcess(
            path: "/bin/sh",
            arguments: ["-c", "(\(pipeline)) | '\(signer.url.path)' qr decode --follow --out '\(out)' "
                + "--home '\(work.path("no-home"))'"],
            directory: work.path(""))
        #expect(process.waitFor("wrote \(out)"))
        #expect(process.waitForExit(seconds: 30) == 0)
        #expect(work.read("out.hfaddrpack") == bytes)
        let text = process.text
        let total = frames.count
        #expect(text.contains("\r[##########] \(total)/\(total) parts — hfaddrpack, BBQr Z/J"), "the final status line")
        #expect(text.contains("\r[#"), "redrawn from the start of the line")
        #expect(text.contains("\u{1B}[K"), "the rest of the old line erased")
        #expect(!text.contains("scan: ["), "no log lines on a terminal")
        let rate = try #require(try Regex(#", ([0-9]+(\.[0-9])?) frames/s"#).firstMatch(in: text))
        #expect(Double(String(rate.output[1].substring ?? "")) ?? 0 > 0)
        for part in 1...total {
            #expect(text.contains("\(part)/\(total) parts"), "part \(part) shown")
        }
    }

    /// Ctrl-C in a multi-file `qr show` ends the whole run (130, the other files not shown); `q` ends only the
    /// current file and the next one starts.
    @Test func ctrlCEndsEveryFileAndQEndsTheCurrentOne() throws {
        let work = try Workspace()
        let first = try work.write("r.hfreceipt", try BundleFixtures.receipt())
        let second = try work.write("a.hfaddrpack", try BundleFixtures.addressPack(count: 3))
        let command = [signer.url.path, "qr", "show", first, second, "--qr-version", "5"] + work.noHome
        let lastStatus = "[q] quit\u{1B}[J"

        let interrupted = try TerminalProcess(path: command[0], arguments: Array(command[1...]),
                                              directory: work.path(""))
        #expect(interrupted.waitFor("(next file)  [Ctrl-C] stop"), "the first file's status line")
        interrupted.type("\u{03}")
        #expect(interrupted.waitForExit(seconds: 30) == 130)
        #expect(interrupted.text.contains("stopped by Ctrl-C; 1 of 2 files were not shown"))
        #expect(!interrupted.text.contains(lastStatus), "the second file was never shown")
        #expect(interrupted.text.contains("\u{1B}[?1049l"), "the screen was restored")

        let quit = try TerminalProcess(path: command[0], arguments: Array(command[1...]), directory: work.path(""))
        #expect(quit.waitFor("(next file)  [Ctrl-C] stop"))
        quit.type("q")
        #expect(quit.waitFor(lastStatus), "q started the second file")
        quit.type("q")
        #expect(quit.waitForExit(seconds: 30) == 0)
    }
}
