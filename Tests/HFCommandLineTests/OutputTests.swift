import HFCommandLine
import Testing

@Suite struct OutputTests {
    struct Nested: Encodable {
        let zeta: Int
        let alpha: String
        let inner: [String: Int]
    }

    @Test func canonicalJSONIsSortedCompactAndKeepsSlashes() throws {
        let value = Nested(zeta: 1, alpha: "m/44'/236'", inner: ["b": 2, "a": 1, "c": 3])
        #expect(try CanonicalJSON.string(value) == #"{"alpha":"m/44'/236'","inner":{"a":1,"b":2,"c":3},"zeta":1}"#)
    }

    @Test func jsonResultGoesToStdoutWithNewline() {
        let result = runDemo(["keys", "generate-mnemonic", "--json", "--network", "test"])
        #expect(result.code == .success)
        let phrase = Array(repeating: "abandon", count: 12).joined(separator: " ")
        #expect(result.stdout == #"{"network":"test","phrase":"\#(phrase)"}"# + "\n")
        #expect(result.stderr == "")
    }

    @Test func resultAndMessageUseSeparateSinks() {
        let out = CapturedOutput()
        let err = CapturedOutput()
        Output.$sinks.withValue(Output.Sinks(standardOutput: out.sink, standardError: err.sink)) {
            Output.result("r1")
            Output.message("m1")
            Output.resultBytes([0x41, 0x00])
        }
        #expect(out.bytes == Array("r1\n".utf8) + [0x41, 0x00])
        #expect(err.text == "m1\n")
    }

    @Test func unencodableValueIsSoftwareError() {
        #expect(throws: CommandError.self) { try CanonicalJSON.encode(Double.nan) }
        do {
            _ = try CanonicalJSON.encode(Double.infinity)
            Issue.record("encoding infinity should fail")
        } catch {
            #expect(error.exitCode == .software)
        }
    }
}
