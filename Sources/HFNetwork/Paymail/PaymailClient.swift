public import Foundation
public import HFPrimitives
public import HFProtocols

/// A client of paymail hosts (BRC-28 / bsvalias, docs/reference/provider-apis.md §5): capability discovery, `pki`, P2P payment
/// destinations and P2P transaction delivery.
///
/// **Host discovery.** Production paymail finds a domain's host with a DNS SRV lookup of `_bsvalias._tcp.<domain>`,
/// falling back to `<domain>:443`. This client does not look up SRV records: it asks
/// `https://<domain>/.well-known/bsvalias` (the fallback every host must also serve behind its domain), or, when a
/// host override is given (`hf-watcher config set paymail.host-override URL`, set by `config set devnet`), asks
/// `<override>/.well-known/bsvalias` for every domain. Every later URL comes from the discovered templates, never
/// from a guessed path, and must be `https` (plain `http` only on loopback).
public struct PaymailClient: Sendable {
    /// The service's name in messages.
    public static let serviceName = "Paymail"

    /// The largest reply accepted from a paymail host (1 MiB).
    static let maxResponseBytes = 1 << 20

    /// Where `/.well-known/bsvalias` is asked for every domain, if set.
    public let hostOverride: URL?
    /// The HTTP core.
    let transport: HTTPTransport

    // MARK: - Initializers

    /// A client; `hostOverride` (e.g. `http://127.0.0.1:PORT/paymail`) replaces host discovery for every domain.
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable override URL.
    public init(hostOverride: URL? = nil, transport: HTTPTransport = HTTPTransport()) throws(NetworkError) {
        if let hostOverride { _ = try ServiceEndpoint(service: Self.serviceName, baseURL: hostOverride) }
        self.hostOverride = hostOverride
        self.transport = transport
    }

    // MARK: - Methods

    /// Resolves `paymail` for a payment of `satoshis`: capabilities, then `pki`, then the P2P destination.
    /// - Throws: `NetworkError` (a host without `pki` or `2a40af698840` is `.malformedResponse`).
    public func resolve(_ paymail: PaymailAddress, satoshis: UInt64) async throws(NetworkError) -> PaymailResolution {
        let capabilities = try await capabilities(of: paymail.domain)
        let key = try await publicKey(of: paymail, capabilities: capabilities)
        let destination = try await paymentDestination(for: paymail, satoshis: satoshis, capabilities: capabilities)
        return PaymailResolution(capabilities: capabilities, publicKey: key, destination: destination)
    }

    /// The capability document of `domain` (`GET …/.well-known/bsvalias`).
    /// - Throws: `NetworkError.malformedResponse` for a document without a `bsvalias` string and a `capabilities`
    ///   object, `.unexpectedStatus` for anything but 200, and the transport's errors.
    public func capabilities(of domain: String) async throws(NetworkError) -> PaymailCapabilities {
        let base = hostOverride ?? URL(string: "https://\(domain)")
        guard let base, PaymailAddress.isDomain(domain) else {
            throw .invalidConfiguration("'\(domain.prefix(64))' is not a paymail domain")
        }
        let endpoint = try ServiceEndpoint(
            service: Self.serviceName, baseURL: base, headers: ["Accept": "application/json"])
        let request = try endpoint.request(
            "GET", [".well-known", "bsvalias"], maxResponseBytes: Self.maxResponseBytes)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        guard !reader.bodyIsArray else { throw reader.malformed("the capability document is not a JSON object") }
        let document = try reader.json(CapabilitiesJSON.self)
        guard !document.bsvalias.isEmpty else { throw reader.malformed("field \"bsvalias\" is empty") }
        return PaymailCapabilities(version: document.bsvalias, values: document.capabilities)
    }

    /// The receiver's public key (`pki`).
    /// - Throws: `NetworkError.malformedResponse` when the host offers no `pki`, or the reply names another handle
    ///   or holds no 66-hex compressed key; `.unexpectedStatus` (404: no such paymail).
    public func publicKey(
        of paymail: PaymailAddress, capabilities: PaymailCapabilities
    ) async throws(NetworkError) -> PaymailPublicKey {
        let request = try templateRequest(
            "GET", capabilities: capabilities, ids: PaymailCapabilities.pki, name: "pki", paymail: paymail)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let reply = try reader.json(PKIJSON.self)
        guard reply.handle.lowercased() == paymail.text else {
            throw reader.malformed("the pki reply is about another handle")
        }
        guard reply.pubkey.utf8.count == 66, let key = try? Hex.decode(reply.pubkey), key[0] == 2 || key[0] == 3 else {
            throw reader.malformed("field \"pubkey\" is not a 66-hex-digit compressed public key")
        }
        return PaymailPublicKey(handle: paymail.text, pubkey: key)
    }

    /// The outputs to pay `satoshis` to `paymail` (`POST` to the `2a40af698840` template with `{"satoshis":N}`).
    /// - Throws: `NetworkError.malformedResponse` when the host does not offer P2P destinations, or the reply has no
    ///   outputs, an empty or non-hex script, an empty reference, or outputs that do not add up to `satoshis`;
    ///   `.unexpectedStatus` (404: no such paymail).
    public func paymentDestination(
        for paymail: PaymailAddress, satoshis: UInt64, capabilities: PaymailCapabilities
    ) async throws(NetworkError) -> PaymailDestination {
        let request = try templateRequest(
            "POST", capabilities: capabilities, ids: PaymailCapabilities.p2pPaymentDestination,
            name: "P2P payment destination", paymail: paymail, body: Array("{\"satoshis\":\(satoshis)}".utf8))
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let reply = try reader.json(DestinationJSON.self)
        guard !reply.outputs.isEmpty else { throw reader.malformed("the destination has no outputs") }
        guard !reply.reference.isEmpty else { throw reader.malformed("field \"reference\" is empty") }
        var outputs: [PaymailDestination.Output] = []
        var total: UInt64 = 0
        for (index, output) in reply.outputs.enumerated() {
            guard let script = try? Hex.decode(output.script), !script.isEmpty else {
                throw reader.malformed("field \"outputs[\(index)].script\" is not non-empty hex")
            }
            let (sum, overflow) = total.addingReportingOverflow(output.satoshis)
            guard !overflow else { throw reader.malformed("the outputs' satoshis overflow") }
            total = sum
            outputs.append(PaymailDestination.Output(script: script, satoshis: output.satoshis))
        }
        guard total == satoshis else {
            throw reader.malformed("the outputs add up to \(total) satoshis, not the \(satoshis) asked for")
        }
        return PaymailDestination(outputs: outputs, reference: reply.reference)
    }

    /// Delivers a signed transaction to the receiver (`POST` to the `5f1323cddf31` template with
    /// `{"hex","metadata":{"note"},"reference"}`); the host validates and broadcasts it.
    /// - Returns: the txid the host accepted.
    /// - Throws: `NetworkError.malformedResponse` when the host does not offer the capability or answers about
    ///   another txid; `.unexpectedStatus` for a refusal.
    public func deliverTransaction(
        _ rawTx: [UInt8], txid: Txid, to paymail: PaymailAddress, reference: String, note: String,
        capabilities: PaymailCapabilities
    ) async throws(NetworkError) -> Txid {
        let body: [UInt8]
        do {
            body = Array(try JSONEncoder().encode(
                DeliveryJSON(hex: rawTx.hex, metadata: .init(note: note), reference: reference)))
        } catch {
            throw .invalidConfiguration("the delivery cannot be encoded")
        }
        let request = try templateRequest(
            "POST", capabilities: capabilities, ids: PaymailCapabilities.p2pReceiveTransaction,
            name: "P2P receive transaction", paymail: paymail, body: body)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let reply = try reader.json(ReceiptJSON.self)
        guard (try? Txid(displayHex: reply.txid)) == txid else {
            throw reader.malformed("the host accepted another txid")
        }
        return txid
    }

    /// A request to the template of the first of `ids`, with `{alias}` and `{domain.tld}` replaced.
    private func templateRequest(
        _ method: String, capabilities: PaymailCapabilities, ids: [String], name: String, paymail: PaymailAddress,
        body: [UInt8]? = nil
    ) throws(NetworkError) -> NetworkRequest {
        guard let template = capabilities.template(ids) else {
            throw .malformedResponse(
                NetworkError.ServiceCall(service: Self.serviceName, method: "GET", resource: "\(paymail.domain)/.well-known/bsvalias"),
                reason: "the host does not offer the \(name) capability (\(ids.joined(separator: " or ")))")
        }
        let text = template.replacingOccurrences(of: "{alias}", with: paymail.alias)
            .replacingOccurrences(of: "{domain.tld}", with: paymail.domain)
        guard let url = URL(string: text) else {
            throw .invalidConfiguration("the host's \(name) template is not a URL")
        }
        let endpoint = try ServiceEndpoint(service: Self.serviceName, baseURL: url)
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        return NetworkRequest(
            service: Self.serviceName, method: method, url: endpoint.baseURL, headers: headers, body: body,
            maxResponseBytes: Self.maxResponseBytes)
    }
}

/// The body of `receive-transaction`.
private struct DeliveryJSON: Encodable {
    struct Metadata: Encodable { let note: String }
    let hex: String
    let metadata: Metadata
    let reference: String
}
