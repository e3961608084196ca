import Foundation
import HFPrimitives

/// The clients' response decoders, reachable without a network call so that they can be fuzzed on bytes.
///
/// Each case runs what one client does with a 200 reply's body: the media-type check and JSON decoding of
/// `ResponseReader`, then the pure steps that turn the members into typed values (header hashing, TSC proof
/// conversion and root, ordinals verdicts, …). Checks against what the call asked for are left out, as they need
/// the request. Not for ordinary use: import with `@_spi(Fuzzing)`.
@_spi(Fuzzing) public enum ResponseDecoding: UInt8, CaseIterable, Sendable {
    /// WhatsOnChain `GET /block/headers`.
    case wocHeaders
    /// WhatsOnChain `GET /block/{height|hash}/header` and JungleBus `GET /block_header/get/{hash}`.
    case header
    /// WhatsOnChain `GET /chain/info`.
    case wocChainInfo
    /// WhatsOnChain confirmed or unconfirmed history pages (an array or a wrapped list).
    case wocHistory
    /// WhatsOnChain unspent outputs pages.
    case wocUnspent
    /// WhatsOnChain `GET /tx/{txid}/proof/tsc`.
    case wocTSCProof
    /// WhatsOnChain `GET /tx/{txid}/hex` (plain-text hex).
    case wocRawTransaction
    /// JungleBus `GET /address/get/{address}`.
    case jungleBusAddressHistory
    /// JungleBus `GET /block_header/list/{height}`.
    case jungleBusHeaders
    /// ARC `GET /v1/tx/{txid}` and a 200 reply to `POST /v1/tx`.
    case arcStatus
    /// ARC's error object (400, 460–475, 404).
    case arcRejection
    /// ARC `GET /v1/policy`.
    case arcPolicy
    /// GorillaPool ordinals `GET /txos/{outpoint}`.
    case ordinalsTxo
    /// GorillaPool ordinals `POST /txos/outpoints`.
    case ordinalsTxos
    /// Paymail `/.well-known/bsvalias`.
    case paymailCapabilities
    /// Paymail `pki`.
    case paymailPublicKey
    /// Paymail `p2p-payment-destination`.
    case paymailDestination
    /// Paymail `receive-transaction`.
    case paymailReceipt
    /// The transport's `Retry-After` field (the body read as the field's value).
    case retryAfter

    /// Decodes `body` as this case's client does, with `contentType` as the reply's `Content-Type`.
    /// - Returns: a description of the typed values.
    /// - Throws: the `NetworkError` the client would throw.
    public func decode(_ body: [UInt8], contentType: String? = "application/json") throws(NetworkError) -> String {
        let url = URL(string: "https://fuzz.invalid/")!
        let request = NetworkRequest(service: "fuzz", method: "GET", url: url)
        let reader = ResponseReader(
            request: request,
            response: NetworkResponse(
                status: 200, headers: contentType.map { ["Content-Type": $0] } ?? [:], body: body))
        switch self {
        case .wocHeaders:
            return describe(try reader.json([HeaderFieldsJSON].self).map { $0.record() })
        case .header:
            return describe(try reader.json(HeaderFieldsJSON.self).record())
        case .wocChainInfo:
            return describe(try reader.json(WhatsOnChainClient.ChainInfo.self))
        case .wocHistory:
            return describe(try page(WhatsOnChainClient.HistoryItem.self, reader))
        case .wocUnspent:
            return describe(try page(WhatsOnChainClient.UnspentOutput.self, reader))
        case .wocTSCProof:
            return try proofs(reader)
        case .wocRawTransaction:
            let text = try reader.text()
            return describe(try? Hex.decode(text))
        case .jungleBusAddressHistory:
            return describe(try reader.json([JungleBusClient.AddressRecord.JSON].self).map { ($0.record, $0.address) })
        case .jungleBusHeaders:
            let list = try reader.json([HeaderFieldsJSON].self)
            return describe(zip([nil] + list.map(\.hash), list).map { previous, fields in
                previous.map { fields.record(previous: $0) } ?? fields.record()
            })
        case .arcStatus:
            return describe(try reader.json(ARCClient.TransactionStatusJSON.self).value.scrubbed(request.sanitized))
        case .arcRejection:
            return describe(try reader.json(ARCClient.RejectionJSON.self).value.scrubbed(request.sanitized))
        case .arcPolicy:
            return describe(try reader.json(ARCClient.PolicyJSON.self).value)
        case .ordinalsTxo:
            let txo = try reader.json(TxoJSON.self)
            return describe((txo.outpoint?.text, txo.verdict))
        case .ordinalsTxos:
            return describe(try reader.json([TxoJSON].self).map { ($0.outpoint?.text, $0.verdict) })
        case .paymailCapabilities:
            let document = try reader.json(CapabilitiesJSON.self)
            let capabilities = PaymailCapabilities(version: document.bsvalias, values: document.capabilities)
            return describe((
                capabilities.template(PaymailCapabilities.pki),
                capabilities.flag(PaymailCapabilities.senderValidation)))
        case .paymailPublicKey:
            let reply = try reader.json(PKIJSON.self)
            return describe((reply.handle, try? Hex.decode(reply.pubkey)))
        case .paymailDestination:
            let reply = try reader.json(DestinationJSON.self)
            return describe(reply.outputs.map { (try? Hex.decode($0.script), $0.satoshis) })
        case .paymailReceipt:
            let reply = try reader.json(ReceiptJSON.self)
            return describe(try? Txid(displayHex: reply.txid))
        case .retryAfter:
            return describe(RetryAfter.parse(try reader.text(), now: Date(timeIntervalSince1970: 0)))
        }
    }

    /// One page of an address listing: a bare array or WhatsOnChain's wrapped list.
    private func page<Item: Decodable>(_ type: Item.Type, _ reader: ResponseReader) throws(NetworkError) -> [Item] {
        reader.bodyIsArray ? try reader.json([Item].self) : try reader.json(WrappedListJSON<Item>.self).result
    }

    /// The TSC proofs of a reply, each converted for the txid it names and its root computed.
    private func proofs(_ reader: ResponseReader) throws(NetworkError) -> String {
        guard !reader.bodyIsBlank, try reader.text() != "null" else { return "none" }
        let candidates =
            reader.bodyIsArray ? try reader.json([TSCProofJSON].self) : [try reader.json(TSCProofJSON.self)]
        return describe(candidates.map { candidate -> String in
            let named =
                (try? Txid(displayHex: candidate.txOrId))
                ?? (try? Hex.decode(candidate.txOrId)).map(Txid.init(hashing:))
            guard let txid = named, candidate.isAbout(txid) else { return "not about its txid" }
            do {
                return describe(try candidate.proof(txid: txid).computeRoot())
            } catch {
                return "invalid: \(error)"
            }
        })
    }

    /// A printable form of `value`, so that every field is read.
    private func describe(_ value: Any?) -> String {
        String(describing: value)
    }
}
