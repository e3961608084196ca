import Foundation
import HFBundles
public import HFHome
public import HFCrypto
public import HFPrimitives
import HFStore
import Synchronization

/// The BRC-100 wallet interface of one watched wallet (`hf-watcher wallet-api serve`), independent of the HTTP
/// server that carries it: `respond(to:)` turns one request into one reply.
///
/// The watcher answers alone what needs no key (`getNetwork`, `getVersion`, `getHeight`, `getHeaderForHeight`,
/// `isAuthenticated`, `waitForAuthentication`, `getPublicKey` with `identityKey: true`, `listOutputs`,
/// `listActions`; see `WalletAPI+Local.swift`). Every call that needs a key becomes a `.hfcall` in the outbox and
/// waits for the signer's `.hfanswer` (`WalletAPI+Carried.swift`). The home is opened afresh for each local
/// answer (one at a time), so `sync`, `import` and `deliver` run beside the server.
public final class WalletAPI: Sendable {
    /// The wallet served.
    public struct Wallet: Sendable, Equatable {
        /// The wallet ID (hex), as its address packs name it.
        public let walletID: String
        /// Its identity key (`m/13'/0'`), the BRC-100 root key every derivation starts from.
        public let identityKey: PublicKey
    }

    /// The home's path (as given to `WatcherHome.open`).
    public let homePath: String
    /// The network served.
    public let network: Network
    /// The wallet served.
    public let wallet: Wallet
    /// How long a carried call waits for its answer, in seconds.
    public let timeout: Int
    /// The `getVersion` answer, `hf-airgap-<version>`.
    public let version: String
    /// Where carried calls wait.
    public let outbox: WalletCallOutbox
    /// One local answer at a time (the home's database connection is opened per answer).
    let gate = NSLock()
    /// Set by `stop()`: waiting calls give up at once.
    let stopping = Atomic<Bool>(false)
    /// The web origins the user allowed (canonical), read when the API starts.
    public let allowedOrigins: Set<String>
    /// The carried calls waiting now, per originator.
    let waiting = Mutex<[String: Int]>([:])
    /// The most carried calls one originator may have waiting at once: no caller can hold every connection slot
    /// and starve the others (the server serves at most 64 connections).
    public static let maxWaitingPerOriginator = 8
    /// How often a waiting call looks for its answer.
    static let answerPollSeconds = 0.1

    /// The API of the trusted wallet `walletPrefix` selects (the only one when nil) in the home at `homePath`.
    /// - Throws: `WatcherError.configuration` when no wallet, or not exactly one, matches.
    public init(
        homePath: String, network: Network, walletPrefix: String?, timeout: Int, version: String
    ) throws(WatcherError) {
        let home = try WatcherHome.open(explicit: homePath)
        let trusted: [(walletID: String, identityKey: String)]
        do { trusted = try WatchedWallets(database: home.database, network: network.rawValue).trusted() } catch {
            throw .database(error)
        }
        let matching = trusted.filter { walletPrefix.map($0.walletID.hasPrefix) ?? true }
        guard matching.count == 1, let chosen = matching.first else {
            let names = trusted.map { String($0.walletID.prefix(16)) }.joined(separator: ", ")
            throw .configuration(
                reason: trusted.isEmpty
                    ? "no wallet is watched on \(network.rawValue); import the signer's address pack first"
                    : "\(matching.isEmpty ? "no" : "more than one") watched wallet matches; choose one with --wallet ID "
                        + "(watched: \(names))")
        }
        guard let key = try? PublicKey(serialized: Hex.decode(chosen.identityKey)) else {
            throw .rejected(reason: "the identity key trusted for wallet \(chosen.walletID) does not decode")
        }
        self.homePath = home.path
        self.network = network
        wallet = Wallet(walletID: chosen.walletID, identityKey: key)
        self.timeout = timeout
        self.version = "hf-airgap-" + version
        outbox = WalletCallOutbox(homePath: home.path)
        allowedOrigins = try WalletAPIOrigins.allowed(home: home, network: network)
    }

    /// Takes this wallet's serving lock: one `wallet-api serve` per wallet. Call it before
    /// ``withdrawStaleCalls()``, so that a second server is refused before it touches the first one's calls.
    /// - Throws: `WatcherError.homeLock(.busy)` (exit 75) when another server of this wallet runs.
    public func holdServing() throws(WatcherError) -> HomeLock { try outbox.holdServing(wallet.identityKey) }

    /// Withdraws this wallet's calls that a server no longer running left in the outbox: no request waits for
    /// them, so answering one (a payment, above all) would act for nobody. One server per wallet.
    public func withdrawStaleCalls() {
        for pending in outbox.pending(network: network) where pending.call.identityKey == wallet.identityKey {
            outbox.withdraw(pending.call.callIDHex)
        }
    }

    /// Makes every waiting call give up (503, withdrawn) so that the server can stop without waiting for answers.
    public func stop() { stopping.store(true, ordering: .sequentiallyConsistent) }

    /// The reply to one request: its origin judged (``WalletAPICORS``: a web origin the user did not allow is refused
    /// before anything else), a browser's preflight answered, else checked (`WalletAPIRequest.checked()`) and
    /// answered here or carried to the signer. Every reply to an allowed origin carries its CORS fields.
    ///
    /// `log` receives one line per step a person follows (`wallet-api serve` prints them on stderr): the call and
    /// who made it, whether it was answered here or waits for the signer (and which file to carry), and how it
    /// ended.
    public func respond(to request: WalletAPIRequest, log: (@Sendable (String) -> Void)? = nil) -> WalletAPIReply {
        let caller = Self.oneLine(String((request.origin ?? request.originator ?? "an unnamed caller").prefix(100)))
        let method = Self.oneLine(String(request.path.drop { $0 == "/" }.prefix(64)))
        switch WalletAPICORS.verdict(origin: request.origin, allowedOrigins: allowedOrigins) {
        case .refused(let refusal):
            log?("\(caller) \(method): refused, \(refusal.code): \(Self.oneLine(refusal.description))")
            return .refusal(refusal)
        case .allowed(let origin) where request.httpMethod == "OPTIONS":
            let reply = WalletAPICORS.preflight(request)
            log?("\(caller) \(method): CORS preflight " + (reply.status == 204 ? "answered" : "refused (\(reply.status))"))
            return reply.adding(WalletAPICORS.answerHeaders(origin: origin))
        case .allowed(let origin):
            return answer(request, caller: caller, method: method, log: log)
                .adding(WalletAPICORS.answerHeaders(origin: origin))
        case .noOrigin:
            return answer(request, caller: caller, method: method, log: log)
        }
    }

    /// The reply to a request whose origin (if any) is allowed: checked, then answered here or carried (each call
    /// carried has a waiting slot of its originator until it ends, and is withdrawn when it ends).
    private func answer(
        _ request: WalletAPIRequest, caller: String, method: String, log: (@Sendable (String) -> Void)?
    ) -> WalletAPIReply {
        do throws(WalletAPIRefusal) {
            // The checked request (its parsed arguments) lives only inside `handle`: a call waiting for the signer
            // holds its reference and its request's body, nothing more.
            switch try handle(request) {
            case .answered(let local):
                log?("\(caller) \(method): answered here")
                return .result(local)
            case .posted(let reference, let originator, let txidOnly):
                defer { release(originator) }
                log?(
                    "\(caller) \(method): waits for the signer; carry \(outbox.callPath(reference.callIDHex)) to it "
                        + "(`hf-watcher qr show` it, or a file), then `hf-watcher wallet-api deliver` its answer")
                let result = try waitForAnswer(reference, txidOnly: txidOnly, clientConnected: request.clientConnected)
                log?("\(caller) \(method): the signer answered")
                return .result(result)
            }
        } catch {
            log?("\(caller) \(method): refused, \(error.code): \(Self.oneLine(error.description))")
            return .refusal(error)
        }
    }
}

extension WalletAPI {
    /// `text` on one line: a caller's names may hold anything, and a log line must not be able to forge another.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }
}
