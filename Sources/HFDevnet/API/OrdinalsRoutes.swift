import Foundation
import HFPrimitives

/// The GorillaPool ordinals indexer imitation (docs/reference/provider-apis.md §4), relative to its prefix (`/ordinals/api`, also
/// answered at `/ordinals`):
///
/// - `GET /txos/{txid}_{vout}[?script=true]`: 200 `Txo` for an output of a transaction the devnet knows; 404
///   `{"message":"Not Found"}` otherwise; 500 `{"message":"invalid outpoint"}` for a malformed outpoint.
/// - `POST /txos/outpoints[?script=true]`: a JSON array of `"txid_vout"` → an array of `Txo` for the outputs the
///   devnet knows (unknown ones are left out).
///
/// The devnet indexes every output of every transaction it has (mined or in the mempool), so `OrdinalsClient`
/// reads an ordinary output as `.plain` (`maySpend`), an output whose locking script holds a 1Sat Ordinals
/// inscription envelope as `.inscribed(markers: ["origin", "insc"])` (the `Txo` carries `origin` and `data.insc`),
/// and an output the devnet has never seen as `.notIndexed`. The public indexer does not serve regtest at all, so
/// there every regtest output would be `.notIndexed`; the devnet answers as an indexer of its own chain would.
struct OrdinalsRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain

    /// The indexer's `Txo`, with the members the devnet can fill.
    private struct Txo: Encodable {
        let txid: String
        let vout: UInt32
        let outpoint: String
        let satoshis: UInt64
        let accSats: UInt64
        let owner: String?
        let script: String?
        let spend: String
        let height: Int
        let idx: Int
        let data: [String: [String: String]]
        let origin: Origin?
    }

    /// A `Txo`'s `origin`.
    private struct Origin: Encodable {
        let outpoint: String
    }

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/txos/{outpoint}") { request, parameters in
            guard let outpoint = APIRequest.outpoint(parameters["outpoint"] ?? "") else { return Self.invalidOutpoint }
            guard let txo = routes.txo(outpoint, script: request.queryValue("script") == "true") else {
                return .json(text: #"{"message":"Not Found"}"#, status: 404)
            }
            return .json(txo)
        }
        router.add("POST", prefix + "/txos/outpoints") { request, _ in
            guard let texts = APIRequest.json([String].self, from: request.body) else {
                return .json(
                    text: #"{"message":"the body must be a JSON array of \"txid_vout\" strings"}"#, status: 400)
            }
            var found: [Txo] = []
            for text in texts {
                guard let outpoint = APIRequest.outpoint(text) else { return Self.invalidOutpoint }
                if let txo = routes.txo(outpoint, script: request.queryValue("script") == "true") { found.append(txo) }
            }
            return .json(found)
        }
    }

    /// The `Txo` of `outpoint`, or nil if the devnet does not know it.
    private func txo(_ outpoint: OutPoint, script includeScript: Bool) -> Txo? {
        guard let record = chain.transaction(outpoint.txid),
            Int(outpoint.vout) < record.transaction.outputs.count
        else { return nil }
        let outputs = record.transaction.outputs
        let output = outputs[Int(outpoint.vout)]
        let text = "\(outpoint.txid.displayHex)_\(outpoint.vout)"
        let inscribed = output.lockingScript.containsInscriptionEnvelope
        return Txo(
            txid: outpoint.txid.displayHex, vout: outpoint.vout, outpoint: text, satoshis: output.satoshis,
            accSats: outputs[..<Int(outpoint.vout)].reduce(0) { $0 + $1.satoshis },
            owner: Address(lockingScript: output.lockingScript.bytes, network: DevnetChain.network)?.string,
            script: includeScript ? Data(output.lockingScript.bytes).base64EncodedString() : nil,
            spend: chain.spend(of: outpoint)?.txid.displayHex ?? "",
            height: record.status.confirmation?.height ?? 0, idx: record.status.confirmation?.index ?? 0,
            data: inscribed ? ["insc": [:]] : [:], origin: inscribed ? Origin(outpoint: text) : nil)
    }

    /// The indexer's answer to a malformed outpoint.
    private static var invalidOutpoint: HTTPResponse {
        .json(text: #"{"message":"invalid outpoint"}"#, status: 500)
    }
}
