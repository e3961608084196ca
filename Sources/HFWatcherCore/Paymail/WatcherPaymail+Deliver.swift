public import HFBundles
public import HFNetwork
import HFPrimitives
import HFProtocols

extension WatcherPaymail {
    /// How a paid request reached the receiver.
    public struct Delivery: Encodable, Sendable, Equatable {
        public let txid: String
        public let paymail: String
        /// `paymail` (the host's P2P receive-transaction capability took it and broadcasts it) or `arc`.
        public let via: String
    }

    /// Delivers the signed `transaction` that pays `request`: to the receiver's host when it offers P2P receive
    /// transaction (`5f1323cddf31`, with the request's reference), else through ARC like `broadcast`.
    ///
    /// - Throws: `WatcherError.rejected` when the transaction does not pay every requested output, or the host or
    ///   ARC refuses it; `.service` when they cannot be reached.
    public static func deliver(
        _ transaction: TransactionBundle, paying request: PaymentRequestBundle, client: PaymailClient,
        services: WatcherServices
    ) async throws(WatcherError) -> Delivery {
        let parsed: Transaction
        do { parsed = try Transaction(bytes: transaction.rawTx) } catch {
            throw .rejected(reason: "the .hftx does not hold a well-formed transaction: \(error)")
        }
        var unpaid = parsed.outputs.map { ($0.lockingScript.bytes, $0.satoshis) }
        for output in request.outputs {
            guard let index = unpaid.firstIndex(where: { $0.0 == output.script && $0.1 == output.satoshis.satoshis })
            else { throw .rejected(reason: "the transaction does not pay the outputs \(request.paymail) asked for") }
            unpaid.remove(at: index)
        }
        let capabilities: PaymailCapabilities
        do { capabilities = try await client.capabilities(of: request.paymail.domain) } catch {
            throw .service(reason: "cannot reach \(request.paymail.domain)'s paymail host: \(error.description)")
        }
        guard capabilities.template(PaymailCapabilities.p2pReceiveTransaction) != nil else {
            let result = try await WatcherBroadcast.broadcast(transaction, services: services)
            return Delivery(txid: result.txid, paymail: request.paymail.text, via: "arc")
        }
        do {
            let txid = try await client.deliverTransaction(
                transaction.rawTx, txid: transaction.txid, to: request.paymail, reference: request.reference,
                note: "hf-airgap", capabilities: capabilities)
            return Delivery(txid: txid.displayHex, paymail: request.paymail.text, via: "paymail")
        } catch let error where isRefusal(error) {
            throw .rejected(reason: "\(request.paymail)'s host refused the transaction: \(error.description)")
        } catch {
            throw .service(reason: "\(request.paymail)'s host did not take the transaction: \(error.description)")
        }
    }

    /// Whether `error` is the host's answer (a 4xx or a malformed reply) rather than trouble reaching it.
    private static func isRefusal(_ error: NetworkError) -> Bool {
        if case .malformedResponse = error { return true }
        return (400...499).contains(error.status ?? 0)
    }
}
