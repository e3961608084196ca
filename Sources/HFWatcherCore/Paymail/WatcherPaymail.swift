import Foundation
public import HFBundles
import HFCrypto
public import HFNetwork
public import HFPrimitives
import HFProtocols

/// `hf-watcher paymail resolve`: turns a paymail and an amount into a `.hfpayreq` for the signer (capability
/// discovery, `pki`, P2P payment destination; docs/reference/provider-apis.md §5).
///
/// The paymail host is found at `https://<domain>/.well-known/bsvalias` (no SRV lookup), or at the configured
/// `paymail.host-override` for every domain (set by `config set devnet` to the devnet's `/paymail`).
public enum WatcherPaymail {
    /// The client for `config`.
    /// - Throws: `WatcherError.configuration` for an unusable host override.
    public static func client(_ config: WatcherConfig) throws(WatcherError) -> PaymailClient {
        let transport = HTTPTransport(configuration: TransportConfiguration(
            timeout: .seconds(config.networkTimeout), retry: RetryPolicy(maxAttempts: config.networkAttempts)))
        do {
            return try PaymailClient(
                hostOverride: config["paymail.host-override"].flatMap(URL.init(string:)), transport: transport)
        } catch {
            throw .configuration(reason: "paymail.host-override: \(error.description)")
        }
    }

    /// Resolves `paymail` for `satoshis` and builds the request bundle.
    ///
    /// - Throws: `WatcherError.rejected` for a malformed paymail or amount, a host whose answer the bundle cannot
    ///   hold (an invalid public key, a non-P2PKH output the signer cannot pay); `.service` for a host that fails,
    ///   refuses, or answers malformed documents.
    public static func resolve(
        _ paymail: String, satoshis: UInt64, network: Network, client: PaymailClient
    ) async throws(WatcherError) -> PaymentRequestBundle {
        let address: PaymailAddress
        do { address = try PaymailAddress(paymail) } catch {
            throw .rejected(reason: "'\(paymail.prefix(80))' is not a paymail address: \(error.description)")
        }
        guard satoshis >= 1, satoshis <= Amount.maxMoney else {
            throw .rejected(reason: "the amount must be 1 to \(Amount.maxMoney) satoshis")
        }
        let resolution: PaymailResolution
        do { resolution = try await client.resolve(address, satoshis: satoshis) } catch {
            throw .service(reason: "cannot resolve \(address): \(error.description)")
        }
        var outputs: [PaymentRequestOutput] = []
        for (index, output) in resolution.destination.outputs.enumerated() {
            guard Script(bytes: output.script).p2pkhAddress(network: network) != nil else {
                throw .rejected(
                    reason: "\(address)'s host asks for a non-P2PKH output (\(index)), which hf-signer cannot pay")
            }
            do { outputs.append(try PaymentRequestOutput(script: output.script, satoshis: output.satoshis)) } catch {
                throw .rejected(reason: "\(address)'s host asks for an unusable output (\(index)): \(error)")
            }
        }
        do {
            let key = try PublicKey(serialized: resolution.publicKey.pubkey)
            return try PaymentRequestBundle(
                network: network, paymail: address, pubkey: key, outputs: outputs,
                reference: resolution.destination.reference,
                createdAt: RFC3339Timestamp.now())
        } catch {
            throw .rejected(reason: "\(address)'s host gave an answer that cannot be a payment request: \(error)")
        }
    }
}
