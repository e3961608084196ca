import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFQR

/// QR transport cases (issue #6), all on a 2016-header `noPrev48` `.hfheaders` (real mainnet headers 1…2016 when
/// the chain vectors are present, else a synthetic linked run of the same shape).
enum QRBenchmarks {
    /// `qr.frames`: frames for the bundle at each density against the same bytes as plain BBQr `2` (no compression)
    /// at the same versions; ratio = baseline frames / our frames at normal density (aim ≥ 1.54, i.e. ≥ 35% fewer).
    static let frames = BenchmarkCase(
        name: "qr.frames",
        summary: "frames for 2016 noPrev48 headers per density vs plain JSON in BBQr 2; ratio = baseline/ours"
    ) {
        let bundle = try headersBundle()
        var extra: [(String, Double)] = [("bytes", Double(bundle.bytes.count)), ("realHeaders", bundle.real ? 1 : 0)]
        var normal = (ours: 0, baseline: 0)
        for density in QRDensity.allCases {
            let settings = try QRSettings(density: density)
            let ours = try QREncoder.series(for: bundle.bytes, fileType: .json, settings: settings)
            let plain = BBQrSplitOptions(encoding: .base32, versions: settings.versions)
            let baseline = try BBQrSplitter.split(bundle.bytes, fileType: .json, options: plain)
            extra += [("frames.\(density)", Double(ours.count)), ("baseline.\(density)", Double(baseline.count)),
                      ("version.\(density)", Double(ours.version))]
            if density == .normal { normal = (ours.count, baseline.count) }
        }
        let seconds = try measure { blackHole(try QREncoder.series(for: bundle.bytes, fileType: .json)) }
        let limit = try measure {
            let plain = BBQrSplitOptions(encoding: .base32, versions: 5...20)
            blackHole(try BBQrSplitter.split(bundle.bytes, fileType: .json, options: plain))
        }
        extra.append(("fewerPercent", 100 * (1 - Double(normal.ours) / Double(normal.baseline))))
        return BenchmarkReport(
            name: "qr.frames", n: normal.ours, seconds: seconds, limitSeconds: limit, extra: extra,
            customRatio: Double(normal.baseline) / Double(normal.ours))
    }

    /// `qr.encode`: split the bundle at normal density and draw every frame as a PNG (4 px per module); limit: the
    /// libqrencode symbols alone.
    static let encode = BenchmarkCase(
        name: "qr.encode",
        summary: "BBQr split + symbol + PNG per frame, normal density; limit: libqrencode symbols alone"
    ) {
        let bundle = try headersBundle()
        let series = try QREncoder.series(for: bundle.bytes, fileType: .json)
        let seconds = try measure {
            let fresh = try QREncoder.series(for: bundle.bytes, fileType: .json)
            for index in 0..<fresh.count { blackHole(try fresh.png(at: index)) }
        }
        let limit = try measure {
            for index in 0..<series.count { blackHole(try series.symbol(at: index)) }
        }
        return BenchmarkReport(
            name: "qr.encode", n: series.count, seconds: seconds, limitSeconds: limit,
            extra: [("msPerFrame", 1000 * seconds / Double(series.count)), ("version", Double(series.version))])
    }

    /// `qr.decode`: read every PNG frame (libpng, then zbar in binary mode), feed a scan session, and join and
    /// inflate the bundle, at each density; n and the ratio are for normal density; limit: zbar alone on the
    /// already-decoded images. Aim: under 30 ms per frame at normal density.
    static let decode = BenchmarkCase(
        name: "qr.decode",
        summary: "PNG + zbar + session per frame, normal density; limit: zbar alone on decoded images"
    ) {
        let bundle = try headersBundle()
        var extra: [(String, Double)] = []
        var report: BenchmarkReport?
        for density in QRDensity.allCases {
            let settings = try QRSettings(density: density)
            let series = try QREncoder.series(for: bundle.bytes, fileType: .json, settings: settings)
            let pngs = try (0..<series.count).map { try series.png(at: $0) }
            let images = try pngs.map { try QRImage.decode($0) }
            let seconds = try measure {
                var session = ScanSession()
                for png in pngs { blackHole(try session.add(imageFile: png)) }
                guard try session.completed(validate: { _ in })?.bytes == bundle.bytes else { throw Mismatch() }
            }
            let limit = try measure {
                for image in images { blackHole(try QRScanner.decode(image)) }
            }
            extra.append(("msPerFrame.\(density)", 1000 * seconds / Double(series.count)))
            if density == .normal {
                report = BenchmarkReport(
                    name: "qr.decode", n: series.count, seconds: seconds, limitSeconds: limit,
                    extra: [("msPerFrame", 1000 * seconds / Double(series.count)),
                            ("zbarMsPerFrame", 1000 * limit / Double(series.count))])
            }
        }
        guard var report else { throw Mismatch() }
        report.extra += extra
        return report
    }

    /// The decoded bundle differed from the original.
    struct Mismatch: Error {}

    /// The bundle's bytes and whether they came from real mainnet headers.
    static func headersBundle() throws -> (bytes: [UInt8], real: Bool) {
        let (headers, real) = mainnetHeaders().map { ($0, true) } ?? (syntheticHeaders(), false)
        let anchor = real ? try BlockHash(displayHex: genesisHash)
            : BlockHash(hashing: Array(repeating: 0, count: 80))
        let bundle = try HeadersBundle(
            network: .main, checkpoint: HeaderCheckpoint(height: 0, hash: anchor), startHeight: 1,
            fullHeaders: real ? headers : linked(headers, to: anchor), encoding: .noPrev48)
        return (bundle.encoded(), real)
    }

    /// The mainnet genesis hash (display order).
    static let genesisHash = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"

    /// Mainnet headers 1…2016 from `$HF_VECTORS` or the repository's `Tests/Vectors`, if present.
    static func mainnetHeaders() -> [[UInt8]]? {
        let environment = ProcessInfo.processInfo.environment["HF_VECTORS"].flatMap { $0.isEmpty ? nil : $0 }
        let root = environment.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Vectors")
        let file = root.appendingPathComponent("chain/headers/mainnet-headers-0-32259.bin")
        guard let data = try? Data(contentsOf: file), data.count >= 80 * 2017
        else { return nil }
        let bytes = [UInt8](data)
        return (1...2016).map { Array(bytes[80 * $0..<80 * ($0 + 1)]) }
    }

    /// 2016 headers shaped like early mainnet (version 1, ~10-minute times, constant bits, random roots and nonces).
    static func syntheticHeaders() -> [[UInt8]] {
        (0..<2016).map { index in
            let seed = Hash.sha256(Array("hf-bench header \(index)".utf8))
            let time = UInt32(1_231_469_665 + 600 * index + Int(seed[0]))
            return le32(1) + [UInt8](repeating: 0, count: 32) + seed + le32(time) + le32(0x1d00_ffff)
                + Array(seed[4..<8])
        }
    }

    /// The headers with each previous-block hash set so that they form a chain on `anchor`.
    static func linked(_ headers: [[UInt8]], to anchor: BlockHash) -> [[UInt8]] {
        var previous = anchor.internalBytes
        return headers.map { header in
            let full = le32(1) + previous + Array(header[36...])
            previous = Hash.hash256(full)
            return full
        }
    }

    /// Little-endian bytes of a 32-bit value.
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
