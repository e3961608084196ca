/// The `options` and `labels` of a BRC-100 `createAction`, as hf-airgap honours them, checked the same way by the
/// watcher (before the call crosses the air gap, so that a call the signer would refuse is refused at once) and by
/// the signer (which trusts nothing it is sent).
///
/// Honoured: `acceptDelayedBroadcast` (either way the payment is broadcast before the application is answered),
/// `randomizeOutputs` (hf-airgap never reorders: the application's outputs come first and in order, change after),
/// `returnTXIDOnly` (the answer carries the txid without the Atomic BEEF), `trustSelf` and `knownTxids` (accepted;
/// the BEEF is whole either way). Not offered, refused with the reason: `signAndProcess: false` (a signable
/// transaction the application finishes with `signAction`), `noSend: true`, a non-empty `noSendChange` or `sendWith`
/// (hf-airgap broadcasts every action it signs). Any other member is refused.
public struct ActionOptions: Sendable, Equatable {
    /// The answer carries the txid only.
    public let returnTXIDOnly: Bool
    /// The action's labels (BRC-100: 1 to 300 bytes each, at most 100), as the application gave them.
    public let labels: [String]

    /// Why `options` or `labels` cannot be honoured.
    public enum Refusal: Error, Sendable, Equatable {
        /// A member of the wrong form: its path and what it must be.
        case invalid(parameter: String, requirement: String)
        /// A member asking for what hf-airgap does not do, and why.
        case notOffered(String)
    }

    /// The most labels an action may carry.
    public static let maxLabels = 100

    /// The options and labels of the createAction `arguments`.
    /// - Throws: `Refusal`.
    public init(arguments: [String: JSONValue]) throws(Refusal) {
        var labels: [String] = []
        if let given = arguments["labels"] {
            guard case .array(let items) = given, items.count <= Self.maxLabels else {
                throw .invalid(parameter: "labels", requirement: "an array of at most \(Self.maxLabels) labels")
            }
            for (index, item) in items.enumerated() {
                guard case .string(let label) = item, (1...300).contains(label.utf8.count) else {
                    throw .invalid(parameter: "labels[\(index)]", requirement: "a string of 1 to 300 bytes")
                }
                if !labels.contains(label) { labels.append(label) }
            }
        }
        self.labels = labels
        guard let given = arguments["options"] else {
            returnTXIDOnly = false
            return
        }
        guard case .object(let options) = given else {
            throw .invalid(parameter: "options", requirement: "an object")
        }
        func flag(_ name: String) throws(Refusal) -> Bool? {
            guard let value = options[name] else { return nil }
            guard case .bool(let flag) = value else { throw .invalid(parameter: "options.\(name)", requirement: "true or false") }
            return flag
        }
        func list(_ name: String, of what: String, _ valid: (String) -> Bool) throws(Refusal) -> [String] {
            guard let value = options[name] else { return [] }
            guard case .array(let items) = value else { throw .invalid(parameter: "options.\(name)", requirement: "an array of \(what)") }
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = item, valid(text) else {
                    throw .invalid(parameter: "options.\(name)", requirement: "an array of \(what)")
                }
                strings.append(text)
            }
            return strings
        }
        let known: Set<String> = [
            "acceptDelayedBroadcast", "knownTxids", "noSend", "noSendChange", "randomizeOutputs", "returnTXIDOnly",
            "sendWith", "signAndProcess", "trustSelf",
        ]
        if let unknown = options.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalid(parameter: "options.\(unknown)", requirement: "absent (hf-airgap knows no such option)")
        }
        _ = try flag("acceptDelayedBroadcast")
        _ = try flag("randomizeOutputs")
        returnTXIDOnly = try flag("returnTXIDOnly") ?? false
        if let trustSelf = options["trustSelf"], trustSelf != .string("known") {
            throw .invalid(parameter: "options.trustSelf", requirement: "\"known\"")
        }
        _ = try list("knownTxids", of: "txids (64 hex digits)", Self.isTxid)
        if try flag("signAndProcess") == false {
            throw .notOffered(
                "hf-airgap signs and broadcasts an action in one call; signAndProcess false (finishing it with "
                    + "signAction) is not offered")
        }
        let noSendChange = try list("noSendChange", of: "outpoints", { !$0.isEmpty })
        if try flag("noSend") == true || !noSendChange.isEmpty {
            throw .notOffered("hf-airgap broadcasts every action it signs; noSend is not offered")
        }
        if !(try list("sendWith", of: "txids (64 hex digits)", Self.isTxid)).isEmpty {
            throw .notOffered("hf-airgap broadcasts every action it signs on its own; sendWith is not offered")
        }
    }

    /// Whether `text` is 64 hex digits.
    static func isTxid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }
}
