import Foundation
public import HFBundles
public import HFCrypto
public import HFHome
import HFPrimitives
import HFSystem

/// Who waits for a call, and whether it was answered already: the checks `deliver` makes before it broadcasts a
/// payment, and the lock that makes one `wallet-api serve` per wallet.
///
/// A serving server holds a kernel lock (`flock`) on `<outbox>/serve-<identity key>/lock` for its whole run; a
/// second server of the same wallet is refused (exit 75) before it touches anything, and `deliver` knows that no
/// server waits when it can take that lock itself. A delivery first claims the call with a new file
/// `<callId>.delivering` holding a random token (created exclusively): a second delivery of the same call, even a
/// concurrent one, is refused before anything is broadcast. Then the server, whose waiting request polls the
/// application's connection, confirms the claim by writing the token to `<callId>.confirmed` only while that
/// connection is open; a client that left makes the server withdraw the call instead. `deliver` broadcasts only
/// after the confirmation, so a payment is made only when the application was seen waiting a moment before.
extension WalletCallOutbox {
    /// The directory whose lock a server of the wallet of `identityKey` holds.
    func servingDirectory(_ identityKey: PublicKey) -> String { directory + "/serve-" + identityKey.compressed.hex }

    /// The claim file of a delivery of `callID`.
    func claimPath(_ callID: String) -> String { directory + "/\(callID).delivering" }

    /// Takes the serving lock of the wallet of `identityKey` for this process (released when it exits).
    /// - Throws: `WatcherError.homeLock(.busy)` (75) when another server of that wallet runs; `.cannotCreate`.
    public func holdServing(_ identityKey: PublicKey) throws(WatcherError) -> HomeLock {
        let path = servingDirectory(identityKey)
        do {
            for directory in [directory, path] where !FileManager.default.fileExists(atPath: directory) {
                try FileSystem.makeDirectory(directory, permissions: 0o700)
            }
        } catch { throw .cannotCreate(reason: "cannot create \(path): \(error)") }
        do { return try HomeLock.acquire(directory: path, waitingUpTo: 0) } catch {
            if case .busy = error {
                throw .homeLock(.busy(path: path + "/" + HomeLock.fileName + " (another wallet-api serve of this wallet runs)"))
            }
            throw .homeLock(error)
        }
    }

    /// Whether a server of the wallet of `identityKey` runs now (holds its serving lock).
    /// (A lock of its own on a new descriptor: in the server's own process the test fails too, as it should.)
    public func isServed(_ identityKey: PublicKey) -> Bool {
        let path = servingDirectory(identityKey) + "/" + HomeLock.fileName
        guard let fd = try? FileDescriptor.open(path, .readOnly, options: [.noFollow]) else { return false }
        guard let locked = try? fd.tryLockExclusive() else {
            fd.closeIgnoringErrors()
            return true
        }
        fd.unlockAndClose()
        return !locked
    }

    /// The file by which the server confirms a delivery's claim (the claim's token).
    func confirmationPath(_ callID: String) -> String { directory + "/\(callID).confirmed" }

    /// Claims the delivery of `call`'s answer: refused when an answer is there or another delivery claimed it.
    /// - Returns: the claim's token, which the server's confirmation repeats (``awaitConfirmation(of:token:within:)``).
    /// - Throws: `WatcherError.rejected` (65); nothing is broadcast or written then.
    public func claimDelivery(_ call: WalletCallBundle) throws(WatcherError) -> [UInt8] {
        let callID = call.callIDHex
        guard !FileManager.default.fileExists(atPath: answerPath(callID)) else {
            throw .rejected(reason: "call \(callID) was already answered; nothing was broadcast (a call pays once)")
        }
        let token = Array(SecureRandom.bytes(16).hex.utf8)
        do { try FileWriter.createNew(claimPath(callID), contents: token, permissions: 0o600) } catch {
            throw .rejected(
                reason: "call \(callID) is being or was delivered by another `wallet-api deliver`; nothing was "
                    + "broadcast (a call pays once)")
        }
        return token
    }

    /// The server's part, on each poll of a waiting call whose application is still connected: confirms a
    /// delivery's claim of `callID` that is not confirmed yet. (Best effort: a write that fails leaves the claim
    /// unconfirmed, and the delivery gives up without broadcasting.)
    func confirmClaim(_ callID: String) {
        guard let claim = FileManager.default.contents(atPath: claimPath(callID)), !claim.isEmpty,
            FileManager.default.contents(atPath: confirmationPath(callID)) != claim
        else { return }
        try? FileWriter.replaceAtomically(confirmationPath(callID), contents: [UInt8](claim), permissions: 0o600)
    }

    /// What became of a delivery's claim.
    public enum ClaimVerdict: Sendable, Equatable {
        /// The server saw the application still connected after the claim: the payment may be broadcast.
        case confirmed
        /// The call was withdrawn (its application left, or it timed out), or no server of its wallet runs.
        case withdrawn
        /// The server did not confirm in time.
        case unconfirmed
    }

    /// `deliver`'s part: waits until the server of `call`'s wallet confirms the claim `token`, the call is
    /// withdrawn, or `seconds` pass. Writes nothing.
    public func awaitConfirmation(of call: WalletCallBundle, token: [UInt8], within seconds: Double) -> ClaimVerdict {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while true {
            if FileManager.default.contents(atPath: confirmationPath(call.callIDHex)).map({ [UInt8]($0) == token }) == true {
                return .confirmed
            }
            guard FileManager.default.fileExists(atPath: callPath(call.callIDHex)), isServed(call.identityKey) else {
                return .withdrawn
            }
            guard ContinuousClock.now < deadline else { return .unconfirmed }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Gives a claim up (the delivery failed before anything was broadcast, or the call was withdrawn).
    public func releaseClaim(_ callID: String) {
        FileSystem.removeIfPresent(claimPath(callID))
        FileSystem.removeIfPresent(confirmationPath(callID))
    }
}
