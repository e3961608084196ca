import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// `qr encode` and `qr show` of several files (issue 15): each file its own animation, in the order given.
@Suite struct QRSeveralFilesTests {
    @Test func encodeWritesEachFileIntoItsOwnSubdirectoryAndEachDecodesBack() throws {
        let work = try Workspace()
        let receipt = try BundleFixtures.receipt()
        let transaction = try BundleFixtures.transaction()
        let first = try work.write("a.hfreceipt", receipt)
        let second = try work.write("b.hftx", transaction)
        let result = try signer.run(["qr", "encode", first, second, "--out-dir", work.path("frames"), "--json"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let summaries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(summaries.map { $0["outDir"] as? String } == [work.path("frames/a"), work.path("frames/b")])
        #expect(summaries.map { $0["kind"] as? String } == ["hfreceipt", "hftx"])
        for summary in summaries {
            #expect(JSONTypes.notNumbers(summary, ["bytes", "frames", "version"]) == [])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path("frames")).sorted() == ["a", "b"])
        // Each subdirectory is one whole animation: it decodes to its file, byte for byte.
        for (name, bytes) in [("a", receipt), ("b", transaction)] {
            let frames = try work.files(in: "frames/" + name)
            #expect(frames.count == summaries[name == "a" ? 0 : 1]["frames"] as? Int)
            let decoded = try signer.run(["qr", "decode", work.path("frames/" + name), "--out", work.path(name + ".out")] + work.noHome)
            #expect(decoded.exitCode == 0, "\(decoded.stderr)")
            #expect(work.read(name + ".out") == bytes)
        }
        #expect(!work.exists("no-home"))
    }

    @Test func oneFileKeepsItsShapeAndTextLinesFollowTheFiles() throws {
        let work = try Workspace()
        let first = try work.write("a.hfreceipt", try BundleFixtures.receipt())
        let single = try watcher.run(["qr", "encode", first, "--out-dir", work.path("one"), "--json"] + work.noHome)
        #expect(single.exitCode == 0, "\(single.stderr)")
        let object = try jsonObject(single.stdout)
        #expect(object["outDir"] as? String == work.path("one"))
        #expect(try work.files(in: "one").first == work.path("one/0001.png"))
        let second = try work.write("b.hftx", try BundleFixtures.transaction())
        let text = try watcher.run(["qr", "encode", first, second, "--out-dir", work.path("two")] + work.noHome)
        #expect(text.exitCode == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains("written to \(work.path("two/a")) ") == true)
        #expect(lines.last?.contains("written to \(work.path("two/b")) ") == true)
    }

    @Test func aBadFileOrTwoOfTheSameNameWriteNothing() throws {
        let work = try Workspace()
        let good = try work.write("a.hfreceipt", try BundleFixtures.receipt())
        let bad = try work.write("bad.hftx", Array("{\"format\":\"hftx\"}".utf8))
        let refused = try signer.run(["qr", "encode", good, bad, "--out-dir", work.path("frames")] + work.noHome)
        #expect(refused.exitCode == 65, "\(refused.stderr)")
        #expect(!work.exists("frames"))
        try FileManager.default.createDirectory(atPath: work.path("other"), withIntermediateDirectories: true)
        let same = try work.write("other/a.hfreceipt", try BundleFixtures.receipt())
        let clash = try signer.run(["qr", "encode", good, same, "--out-dir", work.path("frames")] + work.noHome)
        #expect(clash.exitCode == 64)
        #expect(clash.stderr.contains("would share the frame directory 'a'; rename one"))
        #expect(!work.exists("frames"))
        let shown = try signer.run(["qr", "show", good, bad] + work.noHome)
        #expect(shown.exitCode == 65 && shown.stdout.isEmpty, "nothing shown before every file is checked")
    }

    @Test func showPrintsEachFilesAnimationAfterItsLine() throws {
        let work = try Workspace()
        let receipt = try BundleFixtures.receipt()
        let transaction = try BundleFixtures.transaction()
        let first = try work.write("a.hfreceipt", receipt)
        let second = try work.write("b.hftx", transaction)
        let result = try watcher.run(["qr", "show", first, second, "--qr-version", "6"] + work.noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let settings = try QRSettings(version: 6)
        let receiptFrames = try QREncoder.frames(for: receipt, fileType: .json, settings: settings)
        let transactionFrames = try QREncoder.frames(for: transaction, fileType: .json, settings: settings)
        let marks = lines.filter { $0.hasPrefix("file ") || $0.hasPrefix("part ") }
        #expect(marks == ["file 1 of 2: \(first)"] + (1...receiptFrames.count).map { "part \($0) of \(receiptFrames.count)" }
            + ["file 2 of 2: \(second)"] + (1...transactionFrames.count).map { "part \($0) of \(transactionFrames.count)" })
        // The first drawing of each file scans as that file's first frame.
        for (mark, frame) in [("file 1 of 2: \(first)", receiptFrames[0]), ("file 2 of 2: \(second)", transactionFrames[0])] {
            let start = try #require(lines.firstIndex(of: mark)) + 1
            let end = try #require(lines[(start + 1)...].firstIndex { $0.hasPrefix("part ") || $0.hasPrefix("file ") })
            let drawing = Array(lines[(start + 1)..<end].filter { !$0.isEmpty })
            #expect(try TerminalDrawing.decode(drawing, writingPNGTo: work.path("first.png")) == [frame])
        }
    }
}
