import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import Synchronization

/// The calls that need a key: each becomes a `.hfcall` in the outbox, and the HTTP request waits until
/// `wallet-api deliver` puts the signer's verified `.hfanswer` beside it, or the timeout passes, or the client
/// closes its connection (the call is then withdrawn, so a late answer is refused and no payment is made for it).
///
/// A waiting request holds the call's reference (``WalletCallReference``), not its parsed arguments. While its client
/// is connected it confirms a delivery's claim (`WalletCallOutbox.confirmClaim`), so that `deliver` broadcasts a
/// payment only after the process holding the application's connection saw it still open.
extension WalletAPI {
    /// What a checked request became.
    enum Handling {
        /// Answered by the watcher alone.
        case answered([String: JSONValue])
        /// Posted for the signer; `originator` holds one of its waiting slots until ``release(_:)``; a createAction
        /// whose answer is its txid alone (`options.returnTXIDOnly`).
        case posted(WalletCallReference, originator: String, txidOnly: Bool)
    }

    /// Checks `request`, answers it here when no key is needed, else posts its call for the signer.
    /// - Throws: `WalletAPIRefusal`: the request's checks, a local answer's refusal, `WERR_NOT_IMPLEMENTED`,
    ///   `WERR_RATE_LIMIT_EXCEEDED` (429) when the caller already has `maxWaitingPerOriginator` calls waiting, or
    ///   `WERR_INTERNAL` when the call cannot be written.
    func handle(_ request: WalletAPIRequest) throws(WalletAPIRefusal) -> Handling {
        let call = try request.checked(allowedOrigins: allowedOrigins)
        if let local = try answerLocally(call) { return .answered(local) }
        guard let method = WalletCallMethod(rawValue: call.method) else { throw .notImplemented(call.method) }
        // What the signer would refuse is refused before the call crosses the air gap.
        var txidOnly = false
        if method == .createAction {
            do { txidOnly = try ActionOptions(arguments: call.arguments).returnTXIDOnly } catch {
                switch error {
                case .invalid(let parameter, let requirement): throw .invalidParameter(parameter, requirement)
                case .notOffered(let reason): throw WalletAPIRefusal(status: 400, code: "WERR_NOT_IMPLEMENTED", description: reason)
                }
            }
        }
        let admitted = waiting.withLock { counts -> Bool in
            guard counts[call.originator, default: 0] < Self.maxWaitingPerOriginator else { return false }
            counts[call.originator, default: 0] += 1
            return true
        }
        guard admitted else {
            throw WalletAPIRefusal(
                status: 429, code: "WERR_RATE_LIMIT_EXCEEDED",
                description: "\(call.originator.prefix(100)) already has \(Self.maxWaitingPerOriginator) calls waiting "
                    + "for the signer; wait for their answers, then call again")
        }
        do {
            let bundle = try WalletCallBundle(
                network: network, callID: SecureRandom.bytes(BundleLimits.walletCallIDBytes),
                createdAt: try RFC3339Timestamp.now(), originator: call.originator, identityKey: wallet.identityKey,
                method: method, arguments: call.arguments)
            try outbox.post(bundle)
            return .posted(bundle.reference, originator: call.originator, txidOnly: txidOnly)
        } catch {
            release(call.originator)
            switch error {
            case let error as BundleError: throw .invalidParameter("arguments", "small enough for one call file (\(error))")
            case let error as WatcherError: throw .internalError(error.description)
            default: throw .internalError("the call could not be made (the clock or the generator failed): \(error)")
            }
        }
    }

    /// Gives back one of `originator`'s waiting slots.
    func release(_ originator: String) {
        waiting.withLock { $0[originator, default: 1] -= 1; if $0[originator] == 0 { $0[originator] = nil } }
    }

    /// Waits for the answer to the posted call `call`, then withdraws it.
    /// - Returns: the answer's result object.
    /// - Throws: `WalletAPIRefusal`: the signer's refusal (its code and description, status 400), `WERR_TIMEOUT`
    ///   (504), `WERR_CLIENT_GONE` (499), or 503 when the server stops.
    func waitForAnswer(
        _ call: WalletCallReference, txidOnly: Bool = false, clientConnected: (@Sendable () -> Bool)? = nil
    ) throws(WalletAPIRefusal) -> [String: JSONValue] {
        defer { outbox.withdraw(call.callIDHex) }
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            guard !stopping.load(ordering: .sequentiallyConsistent) else {
                throw WalletAPIRefusal(
                    status: 503, code: "WERR_INTERNAL",
                    description: "the wallet API stopped before the signer answered call \(call.callIDHex); call again")
            }
            // A client that left waits for nothing: its call is withdrawn at once (no answer, no payment is
            // delivered for it, a delivery's unconfirmed claim fails) and its connection slot freed.
            let connected = clientConnected?() ?? true
            if !connected, outbox.answer(to: call) == nil {
                throw WalletAPIRefusal(
                    status: 499, code: "WERR_CLIENT_GONE",
                    description: "the application closed its connection; call \(call.callIDHex) was withdrawn")
            }
            if connected { outbox.confirmClaim(call.callIDHex) }
            if let answer = outbox.answer(to: call) {
                switch answer.outcome {
                case .result(let result) where call.method == .createAction:
                    return try actionResult(result, call, txidOnly: txidOnly)
                case .result(let result): return result
                case .refused(let code, let description):
                    throw WalletAPIRefusal(status: 400, code: code, description: description)
                }
            }
            Thread.sleep(forTimeInterval: Self.answerPollSeconds)
        }
        throw .timedOut(callID: call.callIDHex, seconds: timeout)
    }

    /// What the application receives for an answered `createAction`: the txid and the Atomic BEEF `deliver` built
    /// after broadcasting (not the signer's `.hftx`), or the txid alone when the application asked for it.
    private func actionResult(
        _ result: [String: JSONValue], _ call: WalletCallReference, txidOnly: Bool
    ) throws(WalletAPIRefusal) -> [String: JSONValue] {
        guard case .string(let txid)? = result["txid"],
            let beef = FileManager.default.contents(atPath: outbox.beefPath(call.callIDHex))
        else { throw .internalError("the answered createAction \(call.callIDHex) has no Atomic BEEF beside it") }
        return txidOnly ? ["txid": .string(txid)] : ["txid": .string(txid), "tx": .bytes([UInt8](beef))]
    }
}
