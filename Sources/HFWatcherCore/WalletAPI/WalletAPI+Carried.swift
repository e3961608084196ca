import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import Synchronization

/// The calls that need a key: each becomes a `.hfcall` in the outbox, and the HTTP request waits until
/// `wallet-api deliver` puts the signer's verified `.hfanswer` beside it, or the timeout passes, or the client
/// closes its connection (the call is then withdrawn, so a late answer is refused and no payment is made for it).
extension WalletAPI {
    /// Posts `call` for the signer and waits for its answer.
    /// - Returns: the answer's result object.
    /// - Throws: `WalletAPIRefusal`: the signer's refusal (its code and description, status 400), `WERR_TIMEOUT`
    ///   (504), `WERR_RATE_LIMIT_EXCEEDED` (429) when the caller already has `maxWaitingPerOriginator` calls
    ///   waiting, or `WERR_INTERNAL` when the call cannot be written.
    func carry(
        _ method: WalletCallMethod, _ call: WalletAPIRequest.Checked, clientConnected: (@Sendable () -> Bool)? = nil,
        posted: (String) -> Void = { _ in }
    ) throws(WalletAPIRefusal) -> [String: JSONValue] {
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
        defer { waiting.withLock { $0[call.originator, default: 1] -= 1; if $0[call.originator] == 0 { $0[call.originator] = nil } } }
        let bundle: WalletCallBundle
        do {
            bundle = try WalletCallBundle(
                network: network, callID: SecureRandom.bytes(BundleLimits.walletCallIDBytes),
                createdAt: try RFC3339Timestamp.now(), originator: call.originator, identityKey: wallet.identityKey,
                method: method, arguments: call.arguments)
        } catch let error as BundleError {
            throw .invalidParameter("arguments", "small enough for one call file (\(error))")
        } catch {
            throw .internalError("the clock could not be read: \(error)")
        }
        do { try outbox.post(bundle) } catch { throw .internalError(error.description) }
        defer { outbox.withdraw(bundle.callIDHex) }
        posted(bundle.callIDHex)
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            guard !stopping.load(ordering: .sequentiallyConsistent) else {
                throw WalletAPIRefusal(
                    status: 503, code: "WERR_INTERNAL",
                    description: "the wallet API stopped before the signer answered call \(bundle.callIDHex); call again")
            }
            // A client that left waits for nothing: its call is withdrawn at once (no answer, no payment is
            // delivered for it) and its connection slot freed.
            if let clientConnected, !clientConnected(), outbox.answer(to: bundle) == nil {
                throw WalletAPIRefusal(
                    status: 499, code: "WERR_CLIENT_GONE",
                    description: "the application closed its connection; call \(bundle.callIDHex) was withdrawn")
            }
            if let answer = outbox.answer(to: bundle) {
                switch answer.outcome {
                case .result(let result) where method == .createAction: return try actionResult(result, bundle)
                case .result(let result): return result
                case .refused(let code, let description):
                    throw WalletAPIRefusal(status: 400, code: code, description: description)
                }
            }
            Thread.sleep(forTimeInterval: Self.answerPollSeconds)
        }
        throw .timedOut(callID: bundle.callIDHex, seconds: timeout)
    }

    /// What the application receives for an answered `createAction`: the txid and the Atomic BEEF `deliver` built
    /// after broadcasting (not the signer's `.hftx`).
    private func actionResult(_ result: [String: JSONValue], _ call: WalletCallBundle) throws(WalletAPIRefusal) -> [String: JSONValue] {
        guard case .string(let txid)? = result["txid"],
            let beef = FileManager.default.contents(atPath: outbox.beefPath(call.callIDHex))
        else { throw .internalError("the answered createAction \(call.callIDHex) has no Atomic BEEF beside it") }
        return ["txid": .string(txid), "tx": .bytes([UInt8](beef))]
    }
}
