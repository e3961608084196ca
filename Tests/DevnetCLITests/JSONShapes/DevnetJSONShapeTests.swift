import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// The `--json` shapes of `hf-devnet mine`, `fund` and `reorg` on a stopped `--state` (issue 15: numbers are JSON
/// numbers, strings strings): every field with its type, and nothing else.
@Suite struct DevnetJSONShapeTests {
    let tool = BuiltTool("hf-devnet")

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try tool.run(arguments + ["--json"])
        #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        return JSONTypes.object(result.stdout)
    }

    @Test func mineFundAndReorgOnAStateDirectory() throws {
        let home = try TemporaryDirectory()
        let state = home.path("state")
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [2])
        let address = Address(publicKey: key.publicKey, network: .regtest).string

        let mined = try json(["mine", "3", "--state", state])
        #expect(JSONTypes.kinds(mined) == ["hashes": .array, "height": .number])
        #expect(JSONTypes.elementKinds(mined["hashes"]) == [.string] && mined["height"] as? Int == 3)

        let funded = try json(["fund", address, "5000", "--state", state])
        #expect(JSONTypes.kinds(funded) == ["txid": .string, "height": .number])

        let height = funded["height"] as? Int ?? 0
        let reorg = try json(["reorg", "--from", String(height), "--blocks", "2", "--state", state])
        #expect(JSONTypes.kinds(reorg) == [
            "from": .number, "oldTip": .number, "oldTipHash": .string, "newTip": .number, "newTipHash": .string,
            "disconnected": .number, "disconnectedHashes": .array, "hashes": .array, "dropped": .array,
            "evicted": .array,
        ])
        for key in ["disconnectedHashes", "hashes", "dropped"] {
            #expect(JSONTypes.elementKinds(reorg[key]) == [.string], "\(key)")
        }
        #expect(reorg["from"] as? Int == height && reorg["disconnected"] as? Int == 1)
        #expect(reorg["newTip"] as? Int == height + 1 && reorg["dropped"] as? [String] == [funded["txid"] as? String ?? ""])
    }
}
