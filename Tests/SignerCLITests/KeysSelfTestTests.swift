import Foundation
import HFTestSupport
import Testing

/// `hf-signer keys selftest` on the real generator (issue 32): human lines and the `--json` shape with its types.
/// The refusals (exit 70, nothing written) need a failing generator, which only the core's internal seam can supply:
/// `HFSignerCoreTests/GeneratorRefusalTests`.
@Suite struct KeysSelfTestTests {
    let signer = BuiltTool("hf-signer")
    static let names = ["getrandom", "repetition-count", "adaptive-proportion", "draws-differ"]

    @Test func humanReportPassesEveryTestOnThisMachine() throws {
        let result = try signer.run(["keys", "selftest"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        for (line, name) in zip(lines, Self.names) {
            #expect(line.hasPrefix("pass  \(name) "), "\(line)")
        }
        #expect(lines.last == "result: pass")
        #expect(lines[1].contains("(a run of 6 fails)"))
        #expect(lines[2].contains("in a window of 512 (19 fail)"))
    }

    @Test func jsonReportHasTheIssuesShapeAndTypes() throws {
        let result = try signer.run(["keys", "selftest", "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let object = JSONTypes.object(result.stdout)
        #expect(JSONTypes.mismatches(object, ["result": .string, "tests": .array]).isEmpty)
        #expect(object["result"] as? String == "pass")
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.compactMap { $0["name"] as? String } == Self.names)
        for test in tests {
            #expect(test["result"] as? String == "pass")
            #expect(JSONTypes.mismatches(test, ["name": .string, "result": .string, "detail": .string]).isEmpty)
        }
        for test in tests where ["repetition-count", "adaptive-proportion"].contains(test["name"] as? String) {
            #expect(JSONTypes.mismatches(test, ["cutoff": .number, "observed": .number, "samples": .number]).isEmpty)
            #expect(test["samples"] as? Int == 65_536)
        }
        #expect(tests[0]["cutoff"] == nil)
    }

    @Test func takesNoArgumentsOrOptions() throws {
        #expect(try signer.run(["keys", "selftest", "extra"]).exitCode == 64)
        #expect(try signer.run(["keys", "selftest", "--words", "12"]).exitCode == 64)
    }
}
