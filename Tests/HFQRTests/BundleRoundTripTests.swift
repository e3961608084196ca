import HFBundles
import HFQR
import Testing
import QRFixtures

@Suite struct BundleRoundTripTests {
    /// Every kind at every density: frames → PNG → zbar → a scan session fed in shuffled order → validation.
    @Test(arguments: FixtureKind.allCases, QRDensity.allCases)
    func throughPNGFrames(kind: FixtureKind, density: QRDensity) throws {
        guard let bytes = try kind.bytes() else { return }
        let series = try QREncoder.series(for: bytes, fileType: kind.fileType, settings: QRSettings(density: density))
        #expect(series.version <= density.maximumVersion)
        var session = ScanSession()
        for index in shuffled(Array(0..<series.count), seed: UInt64(series.count)) {
            let png = try series.png(at: index, pixelsPerModule: 3)
            let found = try QRScanner.decode(imageFile: png)
            #expect(found == [utf8(series.parts[index])], "\(kind) \(density) part \(index)")
            for data in found { _ = session.add(symbolData: data) }
        }
        let payload = try #require(try session.completed(validate: BundleFixtures.validate))
        #expect(payload.bytes == bytes)
        #expect(payload.fileType == kind.fileType)
        #expect(session.progress.map(\.isComplete) == [true])
    }

    @Test func plainSingleQRHoldsASmallBundle() throws {
        let bytes = try BundleFixtures.transaction()
        let png = try QRImage.png(for: QRSymbol(bytes: bytes))
        var session = ScanSession()
        let events = try session.add(imageFile: png)
        #expect(events.count == 1)
        let payload = try #require(try session.completed(validate: BundleFixtures.validate))
        #expect(payload.bytes == bytes && payload.fileType == nil)
    }

    @Test func wrongFileTypeIsRefused() throws {
        let bytes = try BundleFixtures.receipt()
        var session = ScanSession()
        _ = session.add(lines: try QREncoder.frames(for: bytes, fileType: .binary).joined(separator: "\n"))
        #expect(throws: ScanError.self) { try session.completed(validate: BundleFixtures.validate) }
    }

    @Test func compressionBeatsPlainJSON() throws {
        guard let bytes = try BundleFixtures.headers() else { return }
        for density in QRDensity.allCases {
            let ours = try QREncoder.series(for: bytes, fileType: .json, settings: QRSettings(density: density))
            let plain = try BBQrSplitter.split(bytes, fileType: .json, options: BBQrSplitOptions(
                encoding: .base32, versions: QRSettings(density: density).versions))
            #expect(ours.encoding == .zlib)
            #expect(Double(ours.count) <= 0.65 * Double(plain.count), "\(density): \(ours.count) vs \(plain.count)")
        }
    }
}
