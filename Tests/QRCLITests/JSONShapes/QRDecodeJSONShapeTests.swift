import Foundation
import HFTestSupport
import QRFixtures
import Testing

/// The `--json` report of `qr decode` (both programs share it), complete and incomplete (issue 15: numbers are JSON
/// numbers, booleans booleans): every field with its type. `qr encode --json` is pinned in `QRSeveralFilesTests`.
@Suite struct QRDecodeJSONShapeTests {
    /// One animation of the report, as a complete BBQr series has it.
    static let animation: [String: JSONTypes.Kind] = [
        "animation": .string, "format": .string, "encoding": .string, "fileType": .string, "parts": .number, "received": .number,
        "missing": .array, "conflicts": .number, "complete": .boolean, "valid": .boolean,
    ]

    @Test func theCompleteAndTheIncompleteReport() throws {
        let work = try Workspace()
        var frames = try work.encode(try BundleFixtures.addressPack(), file: "a.hfaddrpack", into: "f",
                                     ["--density", "low"])
        let done = try watcher.run(["qr", "decode"] + frames + ["--out", work.path("out"), "--json"] + work.noHome)
        #expect(done.exitCode == 0, "\(done.stderr)")
        let report = try jsonObject(done.stdout)
        #expect(JSONTypes.kinds(report) == [
            "complete": .boolean, "out": .string, "kind": .string, "bytes": .number, "sha256": .string,
            "source": .string, "animations": .array, "warnings": .array,
        ])
        let animations = report["animations"] as? [[String: Any]] ?? []
        #expect(animations.count == 1 && animations.allSatisfy { JSONTypes.kinds($0) == Self.animation })

        frames.removeSubrange(1...2)
        let short = try signer.run(["qr", "decode"] + frames + ["--out", work.path("short"), "--json"] + work.noHome)
        #expect(short.exitCode == 65)
        let failed = try jsonObject(short.stdout)
        #expect(JSONTypes.kinds(failed) == [
            "complete": .boolean, "animations": .array, "warnings": .array, "error": .object,
        ])
        let partial = (failed["animations"] as? [[String: Any]])?.first ?? [:]
        #expect(JSONTypes.mismatches(partial, Self.animation.filter { $0.key != "valid" }) == [])
        #expect(JSONTypes.elementKinds(partial["missing"]) == [.number] && partial["missing"] as? [Int] == [2, 3])
        #expect(JSONTypes.kinds(failed["error"] as? [String: Any] ?? [:]) == [
            "code": .string, "exit": .number, "message": .string,
        ])
    }
}
