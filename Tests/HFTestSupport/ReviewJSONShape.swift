import Foundation

/// The pinned `"review":{…}` shape of issue 16 (`send`/`split`/`sweep spend --json`, `bundle inspect FILE.hftx
/// --json`; `wallet move --json`): exactly these keys, numbers as JSON numbers, the kinds and owners from their closed
/// sets (`walletId` exactly on an output whose owner is `wallet`, another wallet of the home).
public enum ReviewJSONShape {
    /// What is wrong with `review` (decoded by `JSONSerialization`); empty when it has the shape.
    public static func problems(_ review: [String: Any]) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) { if !condition { problems.append(problem()) } }
        check(Set(review.keys) == ["outputs", "inputs", "fee", "feeRate", "size", "nLockTime", "sighash", "warnings"],
              "review keys \(review.keys.sorted())")
        check(JSONTypes.notNumbers(review, ["fee", "feeRate", "size", "nLockTime"]).isEmpty, "review numbers")
        check(review["sighash"] is String, "sighash is not a string")
        let inputs = review["inputs"] as? [String: Any] ?? [:]
        check(Set(inputs.keys) == ["count", "satoshis", "oldestHeight", "youngestHeight"], "inputs \(inputs.keys)")
        check(JSONTypes.notNumbers(inputs, ["count", "satoshis"]).isEmpty, "inputs numbers")
        for key in ["oldestHeight", "youngestHeight"] {
            check(inputs[key] is NSNull || JSONTypes.notNumbers(inputs, [key]).isEmpty, "\(key) neither number nor null")
        }
        guard let outputs = review["outputs"] as? [[String: Any]] else { return problems + ["outputs not an array"] }
        for output in outputs {
            let keys = Set(output.keys)
            check(keys.isSuperset(of: ["index", "kind", "satoshis", "owner"]), "output keys \(keys.sorted())")
            check(keys.isSubset(of: ["index", "kind", "address", "satoshis", "owner", "walletId", "scheme",
                                     "reference"]), "output keys \(keys.sorted())")
            check(JSONTypes.notNumbers(output, ["index", "satoshis"]).isEmpty, "output numbers")
            check(["p2pkh", "data", "bcat", "script", "nonstandard"].contains(output["kind"] as? String ?? ""), "kind")
            check(["change", "receive", "wallet", "external"].contains(output["owner"] as? String ?? ""), "owner")
            check((output["owner"] as? String == "wallet") == (output["walletId"] is String),
                  "walletId exactly with owner wallet")
            check((output["owner"] as? String == "external") == (output["scheme"] == nil), "scheme without owner")
            check((output["scheme"] == nil) == (output["reference"] == nil), "scheme and reference")
            check((output["kind"] as? String == "p2pkh") == (output["address"] is String), "address of a p2pkh")
        }
        guard let warnings = review["warnings"] as? [[String: Any]] else { return problems + ["warnings not an array"] }
        for warning in warnings {
            check(Set(warning.keys).isSubset(of: ["code", "output", "message"]), "warning keys")
            check(warning["code"] is String && warning["message"] is String, "warning code and message")
            if warning["output"] != nil { check(JSONTypes.notNumbers(warning, ["output"]).isEmpty, "warning output") }
        }
        return problems
    }
}
