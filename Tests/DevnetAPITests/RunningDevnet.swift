import Foundation
import HFCrypto
import HFDevnet
import HFNetwork
import HFPrimitives
import HFWallet
import Testing

/// An in-process devnet: an in-memory chain served on a free loopback port, with the real clients pointed at it.
///
/// Tests drive it only over HTTP: the HFNetwork clients, and `HTTPTransport` for the control routes. `chain` is
/// kept for ground truth in assertions.
final class RunningDevnet: Sendable {
    /// The chain (read only by assertions).
    let chain: DevnetChain
    /// The server.
    let server: HTTPServer
    /// `http://127.0.0.1:<port>`.
    let base: URL
    /// The transport every client shares: short timeout, two attempts.
    let transport: HTTPTransport

    /// Starts a devnet whose coinbase key is the test key of seed 1.
    init(configuration: DevnetAPI.Configuration = .init(), policy: DevnetPolicy = .init()) throws {
        chain = DevnetChain(key: try TestWallet(seed: 1).key, policy: policy)
        server = HTTPServer(handler: DevnetAPI.handler(for: chain, configuration: configuration))
        let port = try server.start()
        base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        transport = HTTPTransport(
            configuration: TransportConfiguration(
                timeout: .seconds(10),
                retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20))))
    }

    deinit {
        server.stop()
    }

    // MARK: - Clients

    /// `<base><path>`.
    func url(_ path: String) -> URL {
        URL(string: base.absoluteString + path)!
    }

    /// WhatsOnChain at `<base>/woc/v1/bsv/regtest`.
    var whatsOnChain: WhatsOnChainClient {
        get throws { try WhatsOnChainClient(baseURL: url(DevnetAPI.whatsOnChainPrefix), transport: transport) }
    }

    /// JungleBus at `<base>/junglebus/v1`.
    var jungleBus: JungleBusClient {
        get throws { try JungleBusClient(baseURL: url(DevnetAPI.jungleBusPrefix), transport: transport) }
    }

    /// ARC at `<base>/arc`, named `devnet`.
    var arc: ARCClient {
        get throws { try ARCClient(name: "devnet", baseURL: url(DevnetAPI.arcPrefix), transport: transport) }
    }

    /// The ordinals indexer at `<base>/ordinals/api`.
    var ordinals: OrdinalsClient {
        get throws { try OrdinalsClient(baseURL: url(DevnetAPI.ordinalsPrefix), transport: transport) }
    }

    // MARK: - Raw HTTP

    /// Sends a request and returns the response as it came.
    func send(_ method: String, _ path: String, json body: String? = nil) async throws -> NetworkResponse {
        try await transport.send(
            NetworkRequest(
                service: "devnet", method: method, url: url(path),
                headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body.map { Array($0.utf8) }))
    }

    /// A 200 JSON reply decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type, _ response: NetworkResponse) throws -> T {
        #expect(response.status == 200, "HTTP \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        return try JSONDecoder().decode(T.self, from: Data(response.body))
    }

    // MARK: - Control routes

    /// Mines `blocks` blocks through `POST /devnet/mine`.
    @discardableResult
    func mine(_ blocks: Int = 1, to address: Address? = nil) async throws -> DevnetControl.MineResult {
        let body = try JSONEncoder().encode(DevnetControl.MineRequest(blocks: blocks, to: address?.string))
        return try decode(
            DevnetControl.MineResult.self,
            try await send("POST", "/devnet/mine", json: String(decoding: body, as: UTF8.self)))
    }

    /// Funds `wallet` through `POST /devnet/fund` and returns the coin paying it, read back with WhatsOnChain.
    func fund(_ wallet: TestWallet, _ satoshis: UInt64) async throws -> Coin {
        let body = try JSONEncoder().encode(
            DevnetControl.FundRequest(address: wallet.address.string, satoshis: satoshis))
        let result = try decode(
            DevnetControl.FundResult.self,
            try await send("POST", "/devnet/fund", json: String(decoding: body, as: UTF8.self)))
        let txid = try Txid(displayHex: result.txid)
        let raw = try #require(try await whatsOnChain.rawTransaction(txid))
        let transaction = try Transaction(bytes: raw)
        let vout = try #require(transaction.outputs.firstIndex { $0.lockingScript == wallet.script })
        return Coin(transaction, vout)
    }
}

/// A P2PKH key pair with a deterministic private key, for signing test spends.
struct TestWallet: Sendable {
    let key: PrivateKey
    let address: Address

    /// The key whose 32 bytes are 31 zeros and `seed` (seed ≥ 1).
    init(seed: UInt8) throws {
        key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [seed])
        address = Address(publicKey: key.publicKey, network: .regtest)
    }

    /// The P2PKH locking script of `address`.
    var script: Script { Script(p2pkhPaying: address) }

    /// An output of `satoshis` paying this wallet.
    func output(_ satoshis: UInt64) throws -> TransactionOutput {
        try TransactionOutput(satoshis: satoshis, lockingScript: script)
    }

    /// `coins` spent to `outputs`, every input signed with this key by HFWallet's `TransactionSigner`, in extended
    /// format (BRC-30).
    func spend(_ coins: [Coin], to outputs: [TransactionOutput]) throws -> ExtendedTransaction {
        let unsigned = try ExtendedTransaction(
            transaction: Transaction(
                inputs: coins.map { TransactionInput(previousOutput: $0.outpoint) }, outputs: outputs),
            sourceOutputs: coins.map(\.output))
        return try TransactionSigner(keys: [key]).sign(unsigned)
    }
}

/// An output and where it is.
struct Coin: Hashable, Sendable {
    let outpoint: OutPoint
    let output: TransactionOutput

    /// Output `vout` of `transaction`.
    init(_ transaction: Transaction, _ vout: Int) {
        outpoint = OutPoint(txid: transaction.txid, vout: UInt32(vout))
        output = transaction.outputs[vout]
    }

    var satoshis: UInt64 { output.satoshis }
}
