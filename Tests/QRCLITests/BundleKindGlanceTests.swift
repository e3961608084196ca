import HFBundles
import HFQR
@testable import HFQRCommands
import QRFixtures
import Testing

/// The live status line names the bundle kind as soon as the parts from the first one on show it, long before the
/// animation is complete; a gap after part 1 or a missing part 1 shows nothing more than those parts hold.
@Suite struct BundleKindGlanceTests {
    /// Feeds `frames` at `indexes` (0-based) into a fresh session and glances at what they show.
    static func glance(_ frames: [String], indexes: [Int]) -> (kind: BundleKind?, leading: [UInt8]) {
        var session = ScanSession()
        var key: AnimationKey?
        for index in indexes {
            if case .accepted(let progress) = session.add(frameText: frames[index]) { key = progress.animation }
        }
        let leading = key.flatMap { session.leadingBytes(of: $0) } ?? []
        return (QRBundle.kind(glancing: leading), leading)
    }

    @Test func theFirstPartOfAHeadersBundleAlreadyNamesIt() throws {
        guard let bytes = try BundleFixtures.headers() else { return }
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 10))
        try #require(frames.count > 3, "a bundle of several parts")
        let first = Self.glance(frames, indexes: [0])
        #expect(first.kind == .headers)
        // What the glance decodes is exactly the start of the file (Z: inflated as far as the part goes).
        #expect(!first.leading.isEmpty && bytes.starts(with: first.leading))
        // Without part 1 nothing is known, whatever else arrived.
        #expect(Self.glance(frames, indexes: Array(1..<frames.count)).kind == nil)
    }

    @Test func anAddressPackIsNamedOnceItsFormatMemberHasArrived() throws {
        // Canonical members are sorted: "addresses" (the long list) comes before "format".
        let bytes = try BundleFixtures.addressPack(count: 200)
        let frames = try QREncoder.frames(for: bytes, fileType: .json, settings: QRSettings(version: 5))
        try #require(frames.count > 4)
        var known: Int?
        for count in 1...frames.count where Self.glance(frames, indexes: Array(0..<count)).kind != nil {
            known = count
            break
        }
        let parts = try #require(known)
        #expect(Self.glance(frames, indexes: Array(0..<parts)).kind == .addressPack)
        #expect(parts > 1, "the first part holds only addresses")
        #expect(parts < frames.count, "known before the animation is complete")
    }

    @Test func aBinaryBackupIsNamedByItsMagic() throws {
        let bytes = try BundleFixtures.backup()
        let frames = try QREncoder.frames(for: bytes, fileType: .binary, settings: QRSettings(version: 5))
        #expect(Self.glance(frames, indexes: [0]).kind == .encryptedBackup)
    }

    @Test func textThatIsNoBundleIsNamedNothing() {
        #expect(QRBundle.kind(glancing: []) == nil)
        #expect(QRBundle.kind(glancing: Array(#"{"addresses":["#.utf8)) == nil)
        #expect(QRBundle.kind(glancing: Array(#"{"a":1,"format":"not-a-bundle","#.utf8)) == nil)
        #expect(QRBundle.kind(glancing: Array(#"{"a":1,"format":"hfrecei"#.utf8)) == nil, "a cut name")
    }

    @Test func theStatusLineNamesTheKindBeforeTheTransport() {
        let progress = ScanProgress(
            animation: .bbqr(encoding: .zlib, fileType: .json, count: 9, partLength: 300), received: 3, total: 9,
            missing: [3, 4, 5, 6, 7, 8], conflicts: 0)
        #expect(FollowProgress.status(progress, kind: .headers) == "[###.......] 3/9 parts, missing 4-9 — hfheaders, "
            + "\(progress.animation)")
        #expect(FollowProgress.status(progress) == "[###.......] 3/9 parts, missing 4-9 — \(progress.animation)")
    }
}
