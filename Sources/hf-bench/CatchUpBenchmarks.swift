import Foundation
import HFBundles
import HFCrypto
import HFNetwork
import HFPrimitives
import HFQR
import HFSignerCore
import HFSPV
import HFWatcherCore

/// The header catch-up of a new signer (issue #15): from the watcher's validated chain to the signer's, through
/// `.hfheaders` files, as `hf-watcher sync` + `export headers --out-dir` and `hf-signer import` do it.
enum CatchUpBenchmarks {
    /// `catchup.100k`: 100,000 self-mined regtest headers with the entropy of real ones (a fresh 32-byte merkle root,
    /// a nonce starting anywhere, a block time 1…1200 s after its parent's; the run of `headers.validate` had roots
    /// that were an index and 24 zero bytes, which deflate to almost nothing), end to end on real
    /// homes in a temporary directory: the watcher validates and commits them into its home's header store in the
    /// runs its sync gets from JungleBus (9,999), exports them with ``HeaderCatchUp`` and ``WatcherExport`` into
    /// `DIR/<first>-<last>.hfheaders` files of 10,000, and the signer reads the files (given newest first), orders
    /// them (``ImportOrder``) and imports each into its home's chain (``HeaderImporter``). Limit: one double SHA-256
    /// of each 80-byte header. The stages' best times are extra fields (`validateSeconds`, `exportSeconds`,
    /// `importSeconds`, each with its own ratio to the limit), and `frames.<density>` is the number of QR frames the
    /// same catch-up needs at each `qr encode --density` (null when a bundle needs more than BBQr's 1295 frames), and
    /// `urFrames.<density>` the UR fragments (`qr encode --format ur`: the frames a loss-free scan needs; null beyond
    /// 1295 fragments a bundle).
    static let catchUp = BenchmarkCase(
        name: "catchup.100k",
        summary: "watcher validate + export, signer import of 100,000 regtest headers; limit: raw double SHA-256"
    ) {
        let run = HeaderBenchmarks.mineRegtestRun(entropy: true)
        let bytes = run.map(\.serialized)
        var best = Stages(validate: .infinity, export: .infinity, import: .infinity)
        var bundles: [[UInt8]] = []
        var limit = Double.infinity
        for _ in 0..<3 {
            let scratch = try Scratch()
            let (stages, files) = try catchUp(run, in: scratch)
            best = Stages(
                validate: min(best.validate, stages.validate), export: min(best.export, stages.export),
                import: min(best.import, stages.import))
            bundles = files
            limit = min(limit, measure(repeats: 1) { for header in bytes { blackHole(Hash.hash256(header)) } })
        }
        var report = BenchmarkReport(name: "catchup.100k", n: run.count, seconds: best.total, limitSeconds: limit)
        let limitPerSecond = report.limitPerSecond
        for (name, seconds) in [("validate", best.validate), ("export", best.export), ("import", best.import)] {
            report.extra += [
                ("\(name)Seconds", seconds), ("\(name)Ratio", Double(run.count) / seconds / limitPerSecond),
            ]
        }
        report.extra += [("bundles", Double(bundles.count)), ("bundleBytes", Double(bundles.map(\.count).reduce(0, +)))]
        for density in QRDensity.allCases {
            report.extra.append(("frames.\(density)", try frames(bundles, density: density).map(Double.init) ?? .nan))
        }
        for density in QRDensity.allCases {
            let settings = try QRSettings(density: density)
            let counts = bundles.map { try? URAnimation(bytes: $0, settings: settings).fragmentCount }
            let total = counts.contains(nil) ? Double.nan : Double(counts.compactMap { $0 }.reduce(0, +))
            report.extra.append(("urFrames.\(density)", total))
        }
        return report
    }

    /// The best time of each stage of one catch-up.
    struct Stages {
        var validate: Double
        var export: Double
        var `import`: Double
        var total: Double { validate + export + `import` }
    }

    /// One catch-up of `run` in fresh homes under `scratch`: the stage times and the bundles' bytes in height order.
    static func catchUp(_ run: [BlockHeader], in scratch: Scratch) throws -> (Stages, [[UInt8]]) {
        let watcher = try WatcherHome.create(explicit: scratch.path("watcher"), environment: [:])
        let watcherChain = try watcher.headerChain(network: .regtest)
        let signer = try SignerHome.create(explicit: scratch.path("signer"), environment: [:])
        let signerChain = try signer.headerChain(network: .regtest)
        let directory = scratch.path("catch-up")

        let validate = try measure(repeats: 1) {
            for start in stride(from: 0, to: run.count, by: JungleBusClient.maxHeaderCount) {
                let end = min(run.count, start + JungleBusClient.maxHeaderCount)
                try watcherChain.commitValidatedRun(startHeight: start + 1, headers: Array(run[start..<end]))
            }
        }
        var names: [String] = []
        let export = try measure(repeats: 1) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            for range in try HeaderCatchUp.runs(chain: watcherChain, from: 1) {
                let bundle = try WatcherExport.headers(chain: watcherChain, run: range, feeQuote: nil)
                let name = directory + "/" + HeaderCatchUp.fileName(range)
                try Data(bundle.encoded()).write(to: URL(fileURLWithPath: name), options: .withoutOverwriting)
                names.append(name)
            }
        }
        var ordered: [[UInt8]] = []
        let `import` = try measure(repeats: 1) {
            let files = try names.reversed().map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
            let entries = ImportOrder.order(files)
            ordered = entries.map { files[$0.index] }
            for entry in entries {
                guard let bundle = entry.headers else { throw CatchUpMismatch() }
                _ = try HeaderImporter.importHeaders(bundle, home: signer, chain: signerChain)
            }
        }
        guard signerChain.validatedTipHash == run[run.count - 1].hash, signerChain.validatedTipHeight == run.count
        else { throw CatchUpMismatch() }
        return (Stages(validate: validate, export: export, import: `import`), ordered)
    }

    /// The QR frames all `bundles` need at `density` (as `qr encode` makes them: BBQr file type `J`), or nil when
    /// one of them needs more frames than BBQr allows.
    static func frames(_ bundles: [[UInt8]], density: QRDensity) throws -> Int? {
        let settings = try QRSettings(density: density)
        var total = 0
        for bytes in bundles {
            guard let series = try? QREncoder.series(for: bytes, fileType: .json, settings: settings) else { return nil }
            total += series.count
        }
        return total
    }

    /// The signer did not end at the watcher's tip.
    struct CatchUpMismatch: Error {}
}
