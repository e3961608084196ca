import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// The ordinals indexer imitation (driven by `OrdinalsClient`) and the devnet's control routes.
@Suite struct OrdinalsAndControlAPITests {
    let devnet: RunningDevnet
    let alice: TestWallet

    init() throws {
        devnet = try RunningDevnet()
        alice = try TestWallet(seed: 2)
    }

    @Test func knownOutputsArePlainOrInscribedUnknownOnesNotIndexed() async throws {
        let coin = try await devnet.fund(alice, 30_000)
        // A 1-sat output carrying an inscription envelope (OP_FALSE OP_IF "ord" OP_1 "text/plain" OP_0 "hi"
        // OP_ENDIF) in front of alice's P2PKH script.
        let envelope = try Script(hex: "0063036f7264510a746578742f706c61696e00026869" + "68")
        let inscribed = try TransactionOutput(
            satoshis: 1, lockingScript: Script(bytes: envelope.bytes + alice.script.bytes))
        let spend = try alice.spend([coin], to: [inscribed, try alice.output(29_000)])
        #expect(try await devnet.arc.submit(spend.serialized, txid: spend.transaction.txid).isSuccess)

        let ordinals = try devnet.ordinals
        let plain = OrdinalsClient.Outpoint(txid: spend.transaction.txid, vout: 1)
        let ordinal = OrdinalsClient.Outpoint(txid: spend.transaction.txid, vout: 0)
        let unknown = OrdinalsClient.Outpoint(txid: Txid(hashing: [5]), vout: 0)
        #expect(await ordinals.check(plain) == .plain)
        #expect(await ordinals.check(ordinal) == .inscribed(markers: ["origin", "insc"]))
        #expect(await ordinals.check(unknown) == .notIndexed)
        #expect(await ordinals.check(OrdinalsClient.Outpoint(txid: spend.transaction.txid, vout: 2)) == .notIndexed)
        let batch = await ordinals.check([plain, ordinal, unknown])
        #expect(batch == [plain: .plain, ordinal: .inscribed(markers: ["origin", "insc"]), unknown: .notIndexed])

        // A malformed outpoint is the indexer's 500, which the transport treats as service trouble.
        await #expect {
            _ = try await devnet.send("GET", "/ordinals/api/txos/xyz_1")
        } throws: { error in
            guard case .serverFailure(_, let status, _) = error as? NetworkError else { return false }
            return status == 500
        }
        let malformed = DevnetAPI.router(for: devnet.chain).respond(
            to: HTTPRequest(method: "GET", path: "/ordinals/api/txos/xyz_1"))
        #expect(String(decoding: malformed.body, as: UTF8.self) == #"{"message":"invalid outpoint"}"#)
        let withoutAPI = try await devnet.send("GET", "/ordinals/txos/\(plain.text)?script=true")
        let txo = try #require(try JSONSerialization.jsonObject(with: Data(withoutAPI.body)) as? [String: Any])
        #expect(txo["owner"] as? String == alice.address.string && txo["satoshis"] as? Int == 29_000)
        #expect(txo["accSats"] as? Int == 1 && txo["spend"] as? String == "")
        #expect(txo["script"] as? String == Data(alice.script.bytes).base64EncodedString())
    }

    @Test func controlRoutes() async throws {
        let info = try devnet.decode(DevnetControl.Info.self, try await devnet.send("GET", "/devnet/info"))
        #expect(info.network == "regtest" && info.height == 0 && info.mempoolTransactions == 0)
        #expect(info.coinbaseAddress == devnet.chain.coinbaseAddress.string)
        #expect(info.services == DevnetControl.ServiceURLs(base: devnet.base.absoluteString))

        let empty = try devnet.decode(DevnetControl.MineResult.self, try await devnet.send("POST", "/devnet/mine"))
        #expect(empty.hashes.count == 1 && empty.height == 1)
        let paid = try await devnet.mine(2, to: alice.address)
        #expect(paid.height == 3)
        #expect(try await devnet.whatsOnChain.unspentOutputs(of: alice.address).map(\.height) == [2, 3])

        for (route, body) in [
            ("/devnet/mine", #"{"blocks":0}"#), ("/devnet/mine", #"{"blocks":1,"to":"nonsense"}"#),
            ("/devnet/mine", "[1]"), ("/devnet/fund", #"{"address":"\#(alice.address.string)","satoshis":0}"#),
            ("/devnet/fund", #"{"address":"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH","satoshis":5}"#),
        ] {
            let response = try await devnet.send("POST", route, json: body)
            let reply = try? JSONDecoder().decode(DevnetControl.ErrorReply.self, from: Data(response.body))
            #expect(response.status == 400 && reply?.error.isEmpty == false, "\(route) \(body)")
        }
        let tooMuch = try await devnet.send(
            "POST", "/devnet/fund", json: #"{"address":"\#(alice.address.string)","satoshis":2000000000000000}"#)
        #expect(tooMuch.status == 409)
        #expect(try await devnet.send("GET", "/devnet/mine").status == 405)
        #expect(try await devnet.send("GET", "/nowhere").status == 404)
    }
}
