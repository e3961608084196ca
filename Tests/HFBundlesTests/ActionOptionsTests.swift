import HFBundles
import HFTestSupport
import Testing

/// A createAction's `options` and `labels` (ActionOptions): what is honoured, what is refused as not offered, and
/// every malformed member refused with its path.
@Suite struct ActionOptionsTests {
    static func arguments(_ json: String) throws -> [String: JSONValue] {
        guard case .object(let object) = try JSONParser.parse(Array(json.utf8), limits: .bundle) else {
            throw JSONShapeError()
        }
        return object
    }

    struct JSONShapeError: Error {}

    @Test func whatAnApplicationUsuallySendsIsHonoured() throws {
        let none = try ActionOptions(arguments: [:])
        #expect(none == ActionOptions.Expected(returnTXIDOnly: false, labels: []))
        let usual = try ActionOptions(arguments: Self.arguments(
            #"{"labels":["shop","shop","order 17"],"options":{"randomizeOutputs":false,"acceptDelayedBroadcast":false,"#
                + #""returnTXIDOnly":true,"trustSelf":"known","knownTxids":["\#(String(repeating: "ab", count: 32))"],"#
                + #""signAndProcess":true,"noSend":false,"sendWith":[],"noSendChange":[]}}"#))
        #expect(usual == ActionOptions.Expected(returnTXIDOnly: true, labels: ["shop", "order 17"]), "labels once each")
    }

    @Test(arguments: [
        (#"{"options":{"noSend":true}}"#, "noSend"),
        (#"{"options":{"signAndProcess":false}}"#, "signAction"),
        (#"{"options":{"sendWith":["\#(String(repeating: "cd", count: 32))"]}}"#, "sendWith"),
        (#"{"options":{"noSendChange":["\#(String(repeating: "cd", count: 32)).0"]}}"#, "noSend"),
    ])
    func whatHfAirgapDoesNotDoIsRefusedWithTheReason(json: String, named: String) throws {
        let error = #expect(throws: ActionOptions.Refusal.self) { try ActionOptions(arguments: Self.arguments(json)) }
        guard case .notOffered(let reason)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains(named), "\(reason)")
    }

    @Test(arguments: [
        (#"{"options":[]}"#, "options"),
        (#"{"options":{"randomizeOutputs":"no"}}"#, "options.randomizeOutputs"),
        (#"{"options":{"returnTXIDOnly":1}}"#, "options.returnTXIDOnly"),
        (#"{"options":{"trustSelf":"all"}}"#, "options.trustSelf"),
        (#"{"options":{"knownTxids":["00"]}}"#, "options.knownTxids"),
        (#"{"options":{"sendWith":"x"}}"#, "options.sendWith"),
        (#"{"options":{"spendEverything":true}}"#, "options.spendEverything"),
        (#"{"labels":"shop"}"#, "labels"),
        (#"{"labels":[""]}"#, "labels[0]"),
        (#"{"labels":["ok",7]}"#, "labels[1]"),
        (#"{"labels":["\#(String(repeating: "x", count: 301))"]}"#, "labels[0]"),
    ])
    func aMalformedMemberIsRefusedWithItsPath(json: String, path: String) throws {
        let error = #expect(throws: ActionOptions.Refusal.self) { try ActionOptions(arguments: Self.arguments(json)) }
        guard case .invalid(let parameter, _)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(parameter == path)
    }

    @Test func atMostAHundredLabels() throws {
        let hundred = "[" + (0..<100).map { "\"l\($0)\"" }.joined(separator: ",") + "]"
        #expect(try ActionOptions(arguments: Self.arguments(#"{"labels":\#(hundred)}"#)).labels.count == 100)
        let more = "[" + (0..<101).map { "\"l\($0)\"" }.joined(separator: ",") + "]"
        #expect(throws: ActionOptions.Refusal.self) { try ActionOptions(arguments: Self.arguments(#"{"labels":\#(more)}"#)) }
    }
}

extension ActionOptions {
    /// What a test expects of parsed options.
    struct Expected: Equatable {
        let returnTXIDOnly: Bool
        let labels: [String]
    }

    static func == (options: ActionOptions, expected: Expected) -> Bool {
        options.returnTXIDOnly == expected.returnTXIDOnly && options.labels == expected.labels
    }
}
