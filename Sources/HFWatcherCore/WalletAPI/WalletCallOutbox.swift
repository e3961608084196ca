import Foundation
public import HFBundles
public import HFPrimitives
import HFSystem

/// The calls waiting for the signer and the answers brought back, as files in the watcher's home:
/// `<home>/outbox/<callId>.hfcall` (written by `wallet-api serve` when a call needs a key, removed when it is
/// answered or withdrawn) and `<home>/outbox/<callId>.hfanswer` (put there by `wallet-api deliver` once it verifies
/// against its call). Both directories and files are private (0700, 0600): a call's arguments may be a plaintext.
public struct WalletCallOutbox: Sendable {
    /// The outbox directory.
    public let directory: String

    /// The outbox of the home at `homePath`.
    public init(homePath: String) {
        directory = homePath + "/outbox"
    }

    /// One waiting call, as `wallet-api pending` lists it.
    public struct Pending: Sendable, Equatable {
        public let call: WalletCallBundle
        /// The call file's absolute path.
        public let file: String
    }

    /// The path of a call's file.
    public func callPath(_ callID: String) -> String { directory + "/\(callID).hfcall" }

    /// The path of a call's answer.
    public func answerPath(_ callID: String) -> String { directory + "/\(callID).hfanswer" }

    /// Writes `call` as a new file (creating the outbox if needed).
    /// - Throws: `WatcherError.cannotCreate` naming the file.
    public func post(_ call: WalletCallBundle) throws(WatcherError) {
        do {
            if !FileManager.default.fileExists(atPath: directory) {
                // Calls arrive at once on their own threads: another may make the directory first (EEXIST).
                do { try FileSystem.makeDirectory(directory, permissions: 0o700) } catch {
                    guard FileManager.default.fileExists(atPath: directory) else { throw error }
                }
            }
            try FileWriter.createNew(callPath(call.callIDHex), contents: call.encoded(), permissions: 0o600)
        } catch {
            throw .cannotCreate(reason: "cannot write the call file \(callPath(call.callIDHex)): \(error)")
        }
    }

    /// The path of the Atomic BEEF of an answered `createAction`, written by `deliver` after the broadcast.
    public func beefPath(_ callID: String) -> String { directory + "/\(callID).beef" }

    /// Removes a call and what was delivered for it, whichever are there.
    public func withdraw(_ callID: String) {
        FileSystem.removeIfPresent(answerPath(callID))
        FileSystem.removeIfPresent(beefPath(callID))
        FileSystem.removeIfPresent(callPath(callID))
        FileSystem.removeIfPresent(claimPath(callID))
        FileSystem.removeIfPresent(confirmationPath(callID))
    }

    /// The waiting call `callID` of `network`, nil when there is none (never posted, answered or withdrawn).
    /// - Throws: `WatcherError.rejected` when its file does not decode.
    public func call(_ callID: String, network: Network) throws(WatcherError) -> WalletCallBundle? {
        guard let data = FileManager.default.contents(atPath: callPath(callID)) else { return nil }
        do { return try WalletCallBundle(decoding: [UInt8](data), expectedNetwork: network) } catch {
            throw .rejected(reason: "the call file \(callPath(callID)) does not decode: \(error)")
        }
    }

    /// The answer delivered for `call`, checked again against it, or nil while none is there.
    public func answer(to call: WalletCallReference) -> WalletAnswerBundle? {
        guard let data = FileManager.default.contents(atPath: answerPath(call.callIDHex)),
            let answer = try? WalletAnswerBundle(decoding: [UInt8](data), expectedNetwork: call.network),
            (try? answer.verify(answers: call)) != nil
        else { return nil }
        return answer
    }

    /// Every waiting call of `network`, oldest first (files that do not decode are left out).
    public func pending(network: Network) -> [Pending] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".hfcall") }.compactMap { name in
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path),
                let call = try? WalletCallBundle(decoding: [UInt8](data), expectedNetwork: network)
            else { return nil }
            return Pending(call: call, file: path)
        }.sorted { ($0.call.createdAt.description, $0.call.callIDHex) < ($1.call.createdAt.description, $1.call.callIDHex) }
    }

    /// The call `bytes` answer, once the answer verifies against it: signed by the call's identity key, for its call
    /// ID, digest, method and network (`WalletAnswerBundle.verify(answers:)`). Writes nothing.
    /// - Throws: `WatcherError.rejected` (exit 65) for an unknown or expired call ID, an answer that does not answer
    ///   the call or is not signed by the wallet's identity key.
    public func verify(_ bytes: [UInt8], network: Network) throws(WatcherError) -> (WalletCallBundle, WalletAnswerBundle) {
        let answer: WalletAnswerBundle
        do { answer = try WalletAnswerBundle(decoding: bytes, expectedNetwork: network) } catch {
            throw .rejected(reason: "the answer does not decode: \(error)")
        }
        guard let call = try call(answer.callIDHex, network: network) else {
            throw .rejected(
                reason: "no call \(answer.callIDHex) is waiting: it is unknown, already answered, or was withdrawn "
                    + "after wallet-api.timeout; the application must call again")
        }
        do { try answer.verify(answers: call) } catch {
            throw .rejected(reason: "the answer does not answer call \(call.callIDHex): \(error)")
        }
        return (call, answer)
    }

    /// Puts the verified answer `bytes` beside `call` (after `beef`, for an answered `createAction`), so the waiting
    /// request answers.
    /// - Throws: `WatcherError.rejected` when an answer was already delivered; nothing is written then.
    public func place(_ bytes: [UInt8], for call: WalletCallBundle, beef: [UInt8]? = nil) throws(WatcherError) {
        do {
            if let beef { try FileWriter.replaceAtomically(beefPath(call.callIDHex), contents: beef, permissions: 0o600) }
            try FileWriter.createNew(answerPath(call.callIDHex), contents: bytes, permissions: 0o600)
        } catch {
            throw .rejected(reason: "an answer to call \(call.callIDHex) was already delivered (\(error))")
        }
    }

    /// `verify`, then `place`: a keyless answer delivered.
    public func deliver(_ bytes: [UInt8], network: Network) throws(WatcherError) -> (WalletCallBundle, WalletAnswerBundle) {
        let (call, answer) = try verify(bytes, network: network)
        try place(bytes, for: call)
        return (call, answer)
    }
}
