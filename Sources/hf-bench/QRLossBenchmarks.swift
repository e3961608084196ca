import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFQR

/// `qr.loss` (issue #30): frames shown until complete for the same real-header bundle under independent frame loss,
/// the scanner joining at a random frame — BBQr's fixed cycle against UR fountain frames read with the rank decoder.
enum QRLossBenchmarks {
    /// The losses simulated.
    static let losses = [0.0, 0.1, 0.3]
    /// Trials per cell.
    static let trials = 1000

    /// `qr.loss`: 600 real mainnet headers (1…600, `noPrev48`; synthetic of the same shape without the vectors) at
    /// normal density. For each loss p and format: the mean and p95 of frames shown until complete over 1,000 trials,
    /// each starting at a random frame (BBQr: a random part of the cycle; UR: a random frame among the first 3n of
    /// `qr show`'s order, so some start among the pure fragments), and the ratio of the mean to the limit n / (1 − p), n being that
    /// format's own part count. The figure (`ratio`) is the fountain's at 30% loss; `fountainVsCycle.<p>` is BBQr's
    /// mean over UR's (above 1: the fountain shows fewer frames for the same bundle).
    static let loss = BenchmarkCase(
        name: "qr.loss",
        summary: "frames shown until complete at 0/10/30% loss from a random start: BBQr cycle vs UR + rank decoder"
    ) {
        let bytes = try headersBundle(count: 600)
        let settings = QRSettings.standard
        let series = try QREncoder.series(for: bytes, fileType: .json, settings: settings)
        let animation = try URAnimation(bytes: bytes, settings: settings)
        let cycle = series.count
        let fragments = animation.fragmentCount
        var extra: [(String, Double)] = [
            ("bytes", Double(bytes.count)), ("bbqrParts", Double(cycle)), ("urFragments", Double(fragments)),
            ("bbqrVersion", Double(series.version)), ("urVersion", Double(animation.version)),
        ]
        var random = Xoshiro256(seed: Array("qr.loss".utf8))
        var schedule = URSchedule(animation.encoder)
        var figure = 0.0
        let seconds = try measure(repeats: 1) {
            for loss in losses {
                let bbqr = (0..<trials).map { _ in cycleShown(parts: cycle, loss: loss, random: &random) }
                var ur: [Int] = []
                for _ in 0..<trials {
                    ur.append(try fountainShown(animation, schedule: &schedule, loss: loss, random: &random))
                }
                let tag = "\(Int(loss * 100))"
                let (bMean, bP95) = summary(bbqr)
                let (uMean, uP95) = summary(ur)
                extra += [
                    ("bbqr.mean.\(tag)", bMean), ("bbqr.p95.\(tag)", bP95),
                    ("bbqr.ratio.\(tag)", bMean / (Double(cycle) / (1 - loss))),
                    ("ur.mean.\(tag)", uMean), ("ur.p95.\(tag)", uP95),
                    ("ur.ratio.\(tag)", uMean / (Double(fragments) / (1 - loss))),
                    ("fountainVsCycle.\(tag)", bMean / uMean),
                ]
                if loss == 0.3 { figure = uMean / (Double(fragments) / (1 - loss)) }
            }
        }
        return BenchmarkReport(name: "qr.loss", n: fragments, seconds: seconds, limitSeconds: seconds, extra: extra,
                               customRatio: figure)
    }

    /// Frames of a BBQr cycle of `parts` shown from a random part until every part was received.
    static func cycleShown(parts: Int, loss: Double, random: inout Xoshiro256) -> Int {
        var missing = Set(0..<parts)
        var index = random.nextInt(in: 0...(parts - 1))
        var shown = 0
        while !missing.isEmpty {
            shown += 1
            if random.nextDouble() >= loss { missing.remove(index) }
            index = (index + 1) % parts
        }
        return shown
    }

    /// UR frames shown (in `qr show`'s order, ``URSchedule``) from a random frame among the first 3n until the rank
    /// decoder completes (and its message checks).
    static func fountainShown(_ animation: URAnimation, schedule: inout URSchedule, loss: Double,
                              random: inout Xoshiro256) throws -> Int {
        let n = animation.fragmentCount
        var slot = random.nextInt(in: 0...(3 * n - 1))
        var decoder: URRankDecoder?
        var shown = 0
        while decoder?.isComplete != true {
            shown += 1
            let part = animation.encoder.part(schedule.sequence(at: slot))
            slot += 1
            guard random.nextDouble() >= loss else { continue }
            if decoder == nil { decoder = URRankDecoder(for: part) }
            _ = decoder?.add(part)
        }
        guard try decoder?.message() != nil else { throw Mismatch() }
        return shown
    }

    /// The mean and the 95th percentile.
    static func summary(_ values: [Int]) -> (Double, Double) {
        let sorted = values.sorted()
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        return (mean, Double(sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]))
    }

    /// A `noPrev48` `.hfheaders` of mainnet headers 1…`count` (synthetic ones of the same shape without the vectors).
    static func headersBundle(count: Int) throws -> [UInt8] {
        let (all, real) = QRBenchmarks.mainnetHeaders().map { ($0, true) } ?? (QRBenchmarks.syntheticHeaders(), false)
        let headers = Array(all.prefix(count))
        let anchor = real ? try BlockHash(displayHex: QRBenchmarks.genesisHash)
            : BlockHash(hashing: Array(repeating: 0, count: 80))
        let bundle = try HeadersBundle(
            network: .main, checkpoint: HeaderCheckpoint(height: 0, hash: anchor), startHeight: 1,
            fullHeaders: real ? headers : QRBenchmarks.linked(headers, to: anchor), encoding: .noPrev48)
        return bundle.encoded()
    }

    struct Mismatch: Error {}
}
