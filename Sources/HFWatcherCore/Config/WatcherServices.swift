import Foundation
import HFCrypto
public import HFNetwork
public import HFPrimitives
import HFStore

/// The service clients of one network, built from the configuration. API keys are read from their key files (mode
/// 0600) and kept only inside the clients.
public struct WatcherServices: Sendable {
    public let network: Network
    public let whatsOnChain: WhatsOnChainClient
    public let jungleBus: JungleBusClient?
    public let broadcaster: Broadcaster?
    public let arc: ARCClient?
    public let ordinals: OrdinalsClient?

    /// Clients for `config` on `network`.
    ///
    /// - Throws: `WatcherError.configuration` when WhatsOnChain is not configured or a key file is unusable.
    public init(config: WatcherConfig, network: Network) throws(WatcherError) {
        let transport = HTTPTransport(configuration: TransportConfiguration(
            timeout: .seconds(config.networkTimeout), retry: RetryPolicy(maxAttempts: config.networkAttempts)))
        self.network = network
        guard let wocURL = config["woc.url"].flatMap(URL.init(string:)) else {
            throw .configuration(reason: "no WhatsOnChain URL for \(network.rawValue); run `hf-watcher config set woc.url URL` "
                + "(or `config set devnet URL`)")
        }
        do {
            whatsOnChain = try WhatsOnChainClient(baseURL: wocURL, apiKey: try Self.key(config["woc.key-file"]), transport: transport)
            jungleBus = try config["junglebus.url"].flatMap(URL.init(string:)).map { url throws(NetworkError) in
                try JungleBusClient(baseURL: url, transport: transport)
            }
            let primary = try config["arc.url"].flatMap(URL.init(string:)).map { url throws(NetworkError) in
                try ARCClient(name: Self.name(of: url, fallback: "arc"), baseURL: url, apiKey: try Self.key(config["arc.key-file"]), transport: transport)
            }
            let failover = try config["arc.failover.url"].flatMap(URL.init(string:)).map { url throws(NetworkError) in
                try ARCClient(
                    name: Self.name(of: url, fallback: "arc-failover"), baseURL: url,
                    apiKey: try Self.key(config["arc.failover.key-file"]), transport: transport)
            }
            arc = primary
            broadcaster = primary.map { Broadcaster(primary: $0, failover: failover) }
            ordinals = try config["ordinals.url"].flatMap(URL.init(string:)).map { url throws(NetworkError) in
                try OrdinalsClient(baseURL: url, transport: transport)
            }
        } catch {
            throw .configuration(reason: error.description)
        }
    }

    /// `gorillapool`, `taal`, or the host name.
    static func name(of url: URL, fallback: String) -> String {
        guard let host = url.host else { return fallback }
        if host.contains("gorillapool") { return "gorillapool" }
        if host.contains("taal") { return "taal" }
        return host == "127.0.0.1" || host == "localhost" ? "devnet" : host
    }

    /// The API key in `path` (a 0600 file), or nil without a path.
    static func key(_ path: String?) throws(NetworkError) -> APIKey? {
        guard let path else { return nil }
        let bytes: [UInt8]
        do { bytes = try SecretFile.read(path).bytes } catch {
            throw .invalidConfiguration("key file: \(error)")
        }
        return try APIKey(String(decoding: bytes, as: UTF8.self))
    }
}
