import Foundation
public import HFBundles
import HFPrimitives
import HFStore

/// `wallet-api deliver`: the signer's answer handed to the request waiting for it. An answered `createAction` is
/// broadcast first (its `.hftx` travels inside the answer) and its Atomic BEEF built from the watcher's own verified
/// proofs, so the application receives `{"txid","tx":[Atomic BEEF]}`; nothing is delivered when the broadcast fails.
public enum WalletCallDelivery {
    /// The least time a createAction call must have left before its payment is broadcast, in seconds.
    public static let minimumTimeLeft: Int64 = 60
    /// How long a delivery waits for the server to confirm that the application still waits, in seconds (the
    /// server looks every `WalletAPI.answerPollSeconds`).
    static let confirmationSeconds = 10.0

    /// Delivers `bytes` (a `.hfanswer`) through `session`'s outbox; `timeout` is `wallet-api.timeout`.
    /// - Throws: `WatcherError.rejected` (65) for an answer that does not answer a waiting call, a createAction
    ///   result whose transaction does not match, ARC's rejection; `.service` (75) when every broadcaster fails.
    public static func deliver(
        _ bytes: [UInt8], session: WatcherSession, timeout: Int
    ) async throws(WatcherError) -> (WalletCallBundle, WalletAnswerBundle) {
        let network = session.services.network
        let outbox = WalletCallOutbox(homePath: session.home.path)
        let (call, answer) = try outbox.verify(bytes, network: network)
        guard call.method == .createAction, case .result(let result) = answer.outcome else {
            try outbox.place(bytes, for: call)
            return (call, answer)
        }
        let left = call.createdAt.secondsSince1970 + Int64(timeout) - Int64(Date().timeIntervalSince1970)
        guard left >= minimumTimeLeft else {
            throw .rejected(
                reason: "call \(call.callIDHex) expires in \(max(left, 0)) s (wallet-api.timeout): too close to broadcast "
                    + "its payment and still answer the application; nothing was broadcast. Cancel the pending "
                    + "spend on the signer (`hf-signer pending cancel` of its txid) and let the application "
                    + "call again")
        }
        guard case .string(let encoded)? = result["hftx"], let hftx = try? Base64.decode(encoded),
            let bundle = try? TransactionBundle(decoding: hftx, expectedNetwork: network),
            result["txid"] == .string(bundle.txid.displayHex)
        else { throw .rejected(reason: "the createAction answer carries no transaction matching its txid") }
        // Before anything is broadcast: someone still waits (the call's server runs), the call is not answered or
        // being answered already (an exclusive claim), and the server saw its application connected after the
        // claim (its confirmation), so a call pays at most once and only for someone.
        guard outbox.isServed(call.identityKey) else {
            outbox.withdraw(call.callIDHex)
            throw .rejected(
                reason: "no `wallet-api serve` of this wallet runs: nobody waits for call \(call.callIDHex), so its "
                    + "payment \(bundle.txid.displayHex) was not broadcast and the call was withdrawn; cancel it on "
                    + "the signer (`hf-signer pending cancel \(bundle.txid.displayHex)`)")
        }
        let token = try outbox.claimDelivery(call)
        switch outbox.awaitConfirmation(of: call, token: token, within: confirmationSeconds) {
        case .confirmed: break
        case .withdrawn:
            outbox.releaseClaim(call.callIDHex)
            throw .rejected(
                reason: "the application no longer waits for call \(call.callIDHex) (it left, or the call was "
                    + "withdrawn), so its payment \(bundle.txid.displayHex) was not broadcast; cancel it on the signer "
                    + "(`hf-signer pending cancel \(bundle.txid.displayHex)`)")
        case .unconfirmed:
            outbox.releaseClaim(call.callIDHex)
            throw .rejected(
                reason: "`wallet-api serve` did not confirm within \(Int(confirmationSeconds)) s that the application "
                    + "still waits for call \(call.callIDHex); nothing was broadcast. Run `wallet-api deliver` again")
        }
        do {
            try keepDescription(of: call, txid: bundle.txid, home: session.home)
            _ = try await WatcherBroadcast.broadcast(bundle, services: session.services, home: session.home)
        } catch {
            outbox.releaseClaim(call.callIDHex)
            throw error
        }
        let beef = try await BeefExport(session).atomicBeef(of: bundle.txid)
        try outbox.place(bytes, for: call, beef: beef.serialized)
        outbox.releaseClaim(call.callIDHex)
        guard try outbox.call(call.callIDHex, network: network) != nil else {
            outbox.withdraw(call.callIDHex)
            throw .rejected(
                reason: "the payment \(bundle.txid.displayHex) was broadcast, but the application's request ended "
                    + "(wallet-api.timeout) before it could be answered; tell the application this txid")
        }
        return (call, answer)
    }

    /// Keeps the call's description and labels for `listActions`, before its payment is broadcast (so a store that
    /// cannot keep them stops the broadcast; kept metadata of a payment never broadcast matches no action, since
    /// `listActions` lists the stored transactions).
    private static func keepDescription(of call: WalletCallBundle, txid: Txid, home: WatcherHome) throws(WatcherError) {
        guard case .string(let description)? = call.arguments["description"] else { return }
        let labels: [String]
        do { labels = try ActionOptions(arguments: call.arguments).labels } catch {
            throw .rejected(reason: "call \(call.callIDHex) asks for labels or options hf-airgap refuses; nothing was broadcast")
        }
        let records = ActionRecords(database: home.database, network: call.network.rawValue)
        do { try records.keep(.init(txid: txid.displayHex, description: description, labels: labels)) } catch {
            throw .database(error)
        }
    }
}
