import HFCrypto
import HFPrimitives

/// The JungleBus imitation (docs/reference/provider-apis.md §2), relative to the JungleBus prefix:
///
/// | route | answer |
/// |---|---|
/// | `GET /address/get/{address}[/{fromHeight}]` | array of address records of mined transactions (oldest first) |
/// | `GET /block_header/get/{hash or height}` | one header object; 404 unknown |
/// | `GET /block_header/list/{from}?limit=N` | array of header objects from height `from` upward (N ≤ 10 000) |
/// | `GET /block_header/tip` | the tip's header object |
///
/// Address records carry `id`, `address`, `transaction_id`, `block_hash`, `block_height`, `block_index` and
/// `block_page` (0); header objects `hash`, `coin` (1), `height`, `time`, `nonce`, `version`, `merkleroot`, `bits`
/// (8 hex digits) and `synced` (1), without a previous-block hash, as JungleBus sends them. Like JungleBus, the
/// address index holds mined transactions only.
struct JungleBusRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain

    /// The most headers one list returns, and the default when `limit` is absent.
    static let maxHeaderCount = 10_000

    /// A JungleBus address record.
    private struct AddressRecord: Encodable {
        let id: String
        let address: String
        let transaction_id: String
        let block_hash: String
        let block_height: Int
        let block_index: Int
        let block_page: Int
    }

    /// A JungleBus block header object.
    private struct Header: Encodable {
        let hash: String
        let coin: Int
        let height: Int
        let time: UInt32
        let nonce: UInt32
        let version: Int32
        let merkleroot: String
        let bits: String
        let synced: Int

        init(_ info: DevnetHeaderInfo) {
            hash = info.hash.displayHex
            coin = 1
            height = info.height
            time = info.time
            nonce = info.nonce
            version = info.version
            merkleroot = info.merkleRoot.displayHex
            bits = info.bitsHex
            synced = 1
        }
    }

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/address/get/{address}") { _, parameters in
            routes.addressHistory(parameters["address"], from: "0")
        }
        router.add("GET", prefix + "/address/get/{address}/{from}") { _, parameters in
            routes.addressHistory(parameters["address"], from: parameters["from"])
        }
        router.add("GET", prefix + "/block_header/tip") { _, _ in
            routes.chain.header(atHeight: routes.chain.height).map { .json(Header($0)) } ?? .status(404)
        }
        router.add("GET", prefix + "/block_header/get/{id}") { _, parameters in routes.header(parameters["id"] ?? "") }
        router.add("GET", prefix + "/block_header/list/{from}") { request, parameters in
            routes.headers(from: parameters["from"], request)
        }
    }

    /// `GET /address/get/{address}[/{fromHeight}]`.
    private func addressHistory(_ text: String?, from: String?) -> HTTPResponse {
        guard let address = APIRequest.address(text) else {
            return .text("invalid address: expected a regtest P2PKH address", status: 400)
        }
        guard let lowest = APIRequest.natural(from) else { return .text("invalid height", status: 400) }
        let records = chain.history(of: address).confirmed.filter { $0.height >= lowest }.map { entry in
            AddressRecord(
                id: Hex.encode(Hash.sha256(Array("\(entry.txid.displayHex):\(address.string)".utf8))),
                address: address.string, transaction_id: entry.txid.displayHex,
                block_hash: entry.confirmation.blockHash.displayHex, block_height: entry.height,
                block_index: entry.confirmation.index, block_page: 0)
        }
        return .json(records)
    }

    /// `GET /block_header/get/{hash or height}`.
    private func header(_ id: String) -> HTTPResponse {
        APIRequest.header(id, in: chain) { .json(Header($0)) }
    }

    /// `GET /block_header/list/{from}?limit=N`.
    private func headers(from text: String?, _ request: HTTPRequest) -> HTTPResponse {
        guard let from = APIRequest.natural(text) else { return .text("invalid height", status: 400) }
        var limit = Self.maxHeaderCount
        if let value = request.queryValue("limit") {
            guard let count = APIRequest.natural(value), count > 0 else { return .text("invalid limit", status: 400) }
            limit = min(count, Self.maxHeaderCount)
        }
        return .json(chain.headers(from: from, count: limit).map(Header.init))
    }
}
