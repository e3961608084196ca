import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// `qr show` when stdout is not a terminal: every frame once, in order, readable.
@Suite struct QRShowTests {
    @Test func everyFrameOnceAndEachOneScans() throws {
        let bytes = try BundleFixtures.receipt()
        let work = try Workspace()
        let file = try work.write("r.hfreceipt", bytes)
        let result = try watcher.run(["qr", "show", file, "--qr-version", "6", "--period", "100"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let expected = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 6))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = lines.indices.filter { lines[$0].hasPrefix("part ") }
        #expect(headers.map { lines[$0] } == (1...expected.count).map { "part \($0) of \(expected.count)" })
        #expect(!result.stdout.contains("\u{1B}[?1049h"), "no alternate screen when not on a terminal")
        // Each drawing, turned back into pixels, scans as its frame: half blocks, quiet zone, black on white.
        for (number, start) in headers.enumerated() {
            let end = number + 1 < headers.count ? headers[number + 1] : lines.count
            let drawing = lines[(start + 1)..<end].filter { !$0.isEmpty }
            #expect(drawing.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
            // Rasterised (1×2 modules a cell, quiet zone checked), written as a PNG and decoded by zbar.
            #expect(try TerminalDrawing.decode(drawing, writingPNGTo: work.path("frame\(number).png"))
                == [expected[number]])
        }
        #expect(!work.exists("no-home"))
    }

    @Test func onATerminalKeysPauseStepAndQuit() throws {
        guard let script = try externalTool("/usr/bin/script") else { return }
        let work = try Workspace()
        let file = try work.write("r.hfreceipt", try BundleFixtures.receipt())
        // script(1) runs the command on a pseudo-terminal; the keys are typed before raw mode and read after it.
        let command = "'\(signer.url.path)' qr show '\(file)' --qr-version 5"
        let (status, out, _) = try Subprocess(path: script, arguments: ["-qec", command, "/dev/null"],
                                              stdin: Array(" n+q".utf8)).finish()
        #expect(status == 0)
        let count = try QREncoder.frames(for: try BundleFixtures.receipt(), fileType: .json,
                                         settings: QRSettings(version: 5)).count
        for line in ["part 1 of \(count)  250 ms  PAUSED", "part 2 of \(count)  250 ms  PAUSED",
                     "part 2 of \(count)  310 ms  PAUSED"] {
            #expect(out.contains(line), "\(line)")
        }
        #expect(out.contains("\u{1B}[?1049h") && out.contains("\u{1B}[?1049l"), "alternate screen entered and left")
    }
}
