import Testing
import QRFixtures

@testable import HFQR

@Suite struct SplitterTests {
    /// Checks the BBQr splitting rules on a series and returns its parts' payload lengths.
    @discardableResult
    static func checkRules(_ series: BBQrSeries) throws -> [Int] {
        let frames = try series.parts.map { try BBQrFrame(parsing: $0) }
        let prefix = frames[0].header.seriesPrefix
        for (index, frame) in frames.enumerated() {
            #expect(frame.header.index == index && frame.header.count == frames.count)
            #expect(frame.header.seriesPrefix == prefix)
            #expect(frame.header.isLast ? frame.payload.count <= series.partLength
                : frame.payload.count == series.partLength)
            #expect(series.parts[index].utf8.count
                <= QRCapacity.alphanumericCharacters(version: series.version, level: series.errorCorrection))
        }
        if series.count > 1 { #expect(series.partLength % series.encoding.splitModulus == 0) }
        return frames.map(\.payload.count)
    }

    @Test func evenLayoutHasTheFillCountAndNoStub() throws {
        for (size, seed) in [(10, 1), (1000, 2), (5000, 3), (20_000, 4), (60_000, 5)] as [(Int, UInt64)] {
            let bytes = noise(size, seed: seed)
            for versions in [5...10, 5...20, 5...27, 12...12] {
                let fill = try BBQrSplitter.split(bytes, fileType: .binary,
                                                  options: BBQrSplitOptions(versions: versions, layout: .fill))
                let even = try BBQrSplitter.split(
                    bytes, fileType: .binary, options: BBQrSplitOptions(versions: versions))
                #expect(even.count == fill.count)
                #expect(even.version <= fill.version || versions.count == 1)
                let lengths = try Self.checkRules(even)
                try Self.checkRules(fill)
                // Evenly spread: the last part is short by less than one part's worth of rounding per part.
                #expect(lengths.last! > even.partLength - even.count * even.encoding.splitModulus)
                #expect(try BBQrJoiner.join(even.parts).bytes == bytes)
            }
        }
    }

    @Test func zlibFallsBackWhenItDoesNotHelp() throws {
        let random = try BBQrSplitter.split(noise(3000, seed: 8), fileType: .binary)
        #expect(random.encoding == .base32)
        let text = try BBQrSplitter.split(utf8(String(repeating: "hello BBQr ", count: 300)), fileType: .text)
        #expect(text.encoding == .zlib)
        #expect(text.parts[0].hasPrefix("B$ZU0100"))
    }

    @Test func settingsChooseTheVersionRange() throws {
        let bytes = noise(40_000, seed: 11)
        var versions: [Int] = []
        for density in QRDensity.allCases {
            let series = try QREncoder.series(for: bytes, fileType: .binary, settings: QRSettings(density: density))
            #expect(series.version <= density.maximumVersion && series.version >= 5)
            versions.append(series.version)
        }
        #expect(versions == versions.sorted())
        let fixed = try QREncoder.series(for: bytes, fileType: .binary, settings: QRSettings(version: 15))
        #expect(fixed.version == 15)
        let medium = try QREncoder.series(
            for: bytes, fileType: .binary, settings: QRSettings(version: 15, errorCorrection: .medium))
        #expect(medium.errorCorrection == .medium && medium.count > fixed.count)
        try Self.checkRules(medium)
        #expect(throws: QRError.invalidVersion(41)) { try QRSettings(version: 41) }
        // A small payload takes a small symbol even at high density.
        let small = try QREncoder.series(for: utf8("{\"a\":1}"), fileType: .json, settings: QRSettings(density: .high))
        #expect(small.version == 5 && small.count == 1)
    }

    @Test func splitFaults() {
        #expect(throws: BBQrError.emptyInput) { try QREncoder.frames(for: [], fileType: .json) }
        #expect(throws: BBQrError.invalidOptions("versions must lie within 1...40")) {
            try BBQrSplitter.split([1], fileType: .binary, options: BBQrSplitOptions(versions: 0...3))
        }
        #expect(throws: BBQrError.invalidOptions("part counts must lie within 1...1295")) {
            try BBQrSplitter.split([1], fileType: .binary, options: BBQrSplitOptions(parts: 1...1296))
        }
        #expect(throws: BBQrError.doesNotFit(characters: 160, versions: 1...1, parts: 1...5)) {
            try BBQrSplitter.split(noise(100, seed: 1), fileType: .binary,
                                   options: BBQrSplitOptions(versions: 1...1, parts: 1...5))
        }
    }
}
