import Foundation
import HFQR
import HFQRCommands
import HFSystem


/// The live scanner (issue #15): `qr decode --follow` and `qr scan` assembling a bundle from scanned lines.
enum QRFollowBenchmarks {
    /// `qr.follow`: the frames of one catch-up bundle (the first 10,000 headers of `catchup.100k`, normal density)
    /// as a scanner prints them, one per line, in shuffled order with every part but the last seen twice (a camera
    /// sees most frames more than once), read from a file by the live scanner's ``LineReader`` and fed to
    /// ``QRScan`` as `QRFollow` does, until the animation is complete and validates as a bundle (the join, inflate
    /// and decode included). n is the lines read, so `perSecond` is parts per second. Limit: the same
    /// ``LineReader`` reading the same lines with no assembly. Extra: `parts` (distinct), `lineBytes`.
    static let follow = BenchmarkCase(
        name: "qr.follow",
        summary: "live scanner: parts/s assembled from frame lines (QRScan); limit: reading the same lines"
    ) {
        let bundle = try firstCatchUpBundle()
        let series = try QREncoder.series(for: bundle, fileType: .json, settings: QRSettings(density: .normal))
        let lines = stream(of: series.parts)
        let text = lines.joined(separator: "\n") + "\n"
        let scratch = try Scratch()
        let file = scratch.path("frames.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let times = try HeaderBenchmarks.measureInTurn(
            repeats: 5,
            {
                let read = try assemble(file: file)
                guard read.bytes == bundle, read.lines == lines.count else { throw QRBenchmarks.Mismatch() }
            },
            {
                guard try readOnly(file: file) == lines.count else { throw QRBenchmarks.Mismatch() }
            })
        return BenchmarkReport(
            name: "qr.follow", n: lines.count, seconds: times[0], limitSeconds: times[1],
            extra: [("parts", Double(series.count)), ("lineBytes", Double(text.utf8.count)),
                    ("version", Double(series.version))])
    }

    /// The first bundle of a catch-up: 10,000 regtest headers from height 1.
    static func firstCatchUpBundle() throws -> [UInt8] {
        let scratch = try Scratch()
        let run = Array(HeaderBenchmarks.mineRegtestRun().prefix(10_000))
        return try CatchUpBenchmarks.catchUp(run, in: scratch).1[0]
    }

    /// The frames shuffled (a fixed permutation), each new part but the last followed by a repeat of an earlier
    /// one, so that the animation completes on the last line.
    static func stream(of frames: [String]) -> [String] {
        var generator = SplitMix(seed: 15)
        let order = frames.indices.shuffled(using: &generator)
        var lines: [String] = []
        for (position, index) in order.enumerated() {
            lines.append(frames[index])
            if position < order.count - 1 { lines.append(frames[order[Int.random(in: 0...position, using: &generator)]]) }
        }
        return lines
    }

    /// Reads `file` line by line into a scan, as `QRFollow.run` does, until a complete animation validates.
    static func assemble(file: String) throws -> (bytes: [UInt8], lines: Int) {
        try withLines(of: file) { reader in
            var scan = QRScan(showsProgress: false)
            var count = 0
            while case .line(let text) = try reader.next(deadline: nil) {
                count += 1
                guard case .accepted(let state) = scan.add(frameLine: text, source: "bench"), state.isComplete
                else { continue }
                guard let payload = try scan.session.completed(validate: QRBundle.validate) else { break }
                return (payload.bytes, count)
            }
            throw QRBenchmarks.Mismatch()
        }
    }

    /// Reads `file` line by line and only counts the lines.
    static func readOnly(file: String) throws -> Int {
        try withLines(of: file) { reader in
            var count = 0
            while case .line(let text) = try reader.next(deadline: nil) {
                blackHole(text)
                count += 1
            }
            return count
        }
    }

    /// Runs `body` with a ``LineReader`` on `file`, whose interrupt descriptor is a pipe nothing writes to.
    static func withLines<T>(of file: String, _ body: (inout LineReader) throws -> T) throws -> T {
        let input = try FileDescriptor.open(file, .readOnly)
        let ends = try FileDescriptor.makePipe()
        defer {
            input.closeIgnoringErrors()
            ends.read.closeIgnoringErrors()
            ends.write.closeIgnoringErrors()
        }
        var reader = LineReader(input, interrupt: ends.read)
        return try body(&reader)
    }

    /// A small deterministic generator, so every run scans the same stream.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
