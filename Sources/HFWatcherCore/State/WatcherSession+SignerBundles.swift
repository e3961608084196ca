import Foundation
public import HFBundles
import HFNetwork
public import HFPrimitives
import HFSPV
import HFStore
import HFSystem

extension WatcherSession {
    /// What importing one signer bundle did (`hf-watcher import`).
    public struct ImportedBundle: Encodable, Sendable, Equatable {
        /// `hfaddrpack`, `hfsweep` or `hfstate`.
        public let kind: String
        /// Always true (a refused bundle throws).
        public let accepted: Bool
        /// The wallet.
        public let walletId: String
        /// Addresses in the pack or sweep request (0 for a state).
        public let addresses: Int
        /// Addresses not watched before.
        public let added: Int
        /// What became of the signer state it carried: `kept`, `older` (a newer one is held) or `absent`.
        public let state: String
    }

    /// Reads a bundle file for the watcher, bounded by the 64 MiB bundle limit.
    /// - Throws: `WatcherError.rejected` for a missing, unreadable or oversized file.
    public static func readBundle(_ path: String) throws(WatcherError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .rejected(reason: "'\(path)' is a directory: name the bundle files in it (for example '\(path)/*')")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .rejected(reason: "cannot read '\(path)': " + (FileSystem.exists(path) ? "permission denied" : "no such file"))
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: BundleLimits.maxBundleBytes + 1) ?? Data() } catch {
            throw .rejected(reason: "cannot read '\(path)'")
        }
        guard data.count <= BundleLimits.maxBundleBytes else {
            throw .rejected(reason: "'\(path)' is larger than the 64 MiB bundle limit")
        }
        return [UInt8](data)
    }

    /// Checks the signer state a `.hftx` or `.hfanswer` carries, storing nothing: its signature and that the identity
    /// is the one trusted for its wallet (the state of a wallet not watched here is passed over). Keep it with
    /// ``keep(_:)`` once the bundle itself was accepted, so a refused bundle changes nothing.
    /// - Throws: `WatcherError.rejected` for a malformed state, a bad signature or another identity.
    public func checkState(carriedBy bytes: [UInt8]) throws(WatcherError) -> SignerState? {
        try SignerStateIntake.check(bytes, network: chain.network, home: home, ignoringUnwatched: true)
    }

    /// Keeps `state` (from ``checkState(carriedBy:)``) when it is newer than the one held.
    @discardableResult
    public func keep(_ state: SignerState?) throws(WatcherError) -> SignerStateIntake.Outcome {
        try SignerStateIntake.take(state, home: home)
    }

    /// The watched wallet `prefix` names (its ID or 8+ hex digits of it), or the network's only wallet.
    /// - Throws: `WatcherError.rejected` naming the wallets when none or several match.
    public func watchedWallet(_ prefix: String?) throws(WatcherError) -> String {
        let wallets: [String]
        do throws(DatabaseError) { wallets = try WatchedWallets(database: home.database, network: chain.network.rawValue).trusted().map { $0.walletID } } catch {
            throw .database(error)
        }
        guard !wallets.isEmpty else {
            throw .rejected(reason: "this watcher watches no \(chain.network.rawValue) wallet yet: import an address pack first")
        }
        guard let prefix else {
            guard wallets.count == 1 else {
                throw .rejected(
                    reason: "this watcher watches \(wallets.count) wallets; name one with --wallet ("
                        + wallets.map { String($0.prefix(16)) }.joined(separator: ", ") + ")")
            }
            return wallets[0]
        }
        let matches = wallets.filter { $0.hasPrefix(prefix.lowercased()) }
        guard prefix.count >= 8, matches.count == 1 else {
            throw .rejected(reason: "--wallet \(prefix) names no single watched wallet (give 8 or more hex digits of one of: "
                + wallets.map { String($0.prefix(16)) }.joined(separator: ", ") + ")")
        }
        return matches[0]
    }

    /// Writes the `.hfupdate` of the wallet `wallet` names (see ``watchedWallet(_:)``) to the new file `out`, with the
    /// latest ARC fee quote when the service answers.
    public func exportUpdate(wallet: String?, out: String) async throws(WatcherError) -> UpdateExport.Result {
        let walletID = try watchedWallet(wallet)
        guard !FileSystem.exists(out) else {
            throw .cannotCreate(reason: "'\(out)' already exists; choose another path or move the old file away")
        }
        let quote = await feeQuote()
        let result = try UpdateExport.make(self, walletID: walletID, feeQuote: quote, sources: HeaderSync.sources(services))
        do { try FileWriter.createNew(out, contents: result.bundle.encoded(), permissions: 0o644) } catch {
            throw .cannotCreate(reason: "cannot write '\(out)': \(FileSystemError(error).description)")
        }
        return result
    }
}

extension SignerStateIntake.Outcome {
    /// `kept`, `older` or `absent`.
    public var name: String {
        switch self {
        case .absent: "absent"
        case .kept: "kept"
        case .older: "older"
        }
    }
}

/// What the watcher takes from the signer's bundles, needing only its home (no service, no chain): address packs,
/// sweep requests, signer states, and the state every signer bundle carries.
public enum SignerBundleIntake {
    /// Imports one signer bundle, routed by content: an `.hfaddrpack` (with `trustIdentity` for a new wallet), an
    /// `.hfsweep` or an `.hfstate`; the signer state it carries is checked first and kept when newest. A refused
    /// bundle (its signature, its identity, its state) changes nothing. A bundle meant for another command is refused
    /// naming that command.
    public static func importBundle(
        _ bytes: [UInt8], source: String, trustIdentity: String?, home: WatcherHome, network: Network
    ) throws(WatcherError) -> WatcherSession.ImportedBundle {
        if let secret = SignerSecret.recognize(bytes) { throw .rejected(reason: "\(source): " + secret.refusal) }
        // Parsed once: routed by its kind, decoded, and its signer state read from the same parse.
        let parsed: ParsedBundle
        do { parsed = try ParsedBundle(bytes) } catch { throw .rejected(reason: "\(source): \(error)") }
        let kind = parsed.kind
        if let direction = kind.direction(importedBy: .watcher, file: source) {
            throw .rejected(reason: "\(source): \(direction); nothing changed")
        }
        func decoded<T>(_ decode: () throws(BundleError) -> T) throws(WatcherError) -> T {
            do { return try decode() } catch { throw .rejected(reason: "\(source): \(error)") }
        }
        switch kind {
        case .addressPack:
            let pack = try decoded { () throws(BundleError) in try AddressPackBundle(parsed: parsed, expectedNetwork: network) }
            let state = try SignerStateIntake.check(parsed, network: network, home: home, newIdentity: pack.identityKey)
            let outcome = try AddressPackImporter.importPack(
                pack, trustIdentity: trustIdentity, home: home, source: source)
            let taken = try SignerStateIntake.take(state, home: home)
            return WatcherSession.ImportedBundle(
                kind: "hfaddrpack", accepted: true, walletId: outcome.walletId, addresses: outcome.addresses,
                added: outcome.added, state: taken.name)
        case .sweepRequest:
            let request = try decoded { () throws(BundleError) in
                try SweepRequestBundle(parsed: parsed, expectedNetwork: network)
            }
            let state = try SignerStateIntake.check(parsed, network: network, home: home)
            let outcome = try SweepRequestImporter.importRequest(request, home: home)
            let taken = try SignerStateIntake.take(state, home: home)
            return WatcherSession.ImportedBundle(
                kind: "hfsweep", accepted: true, walletId: outcome.walletId, addresses: outcome.addresses,
                added: outcome.added, state: taken.name)
        case .state:
            let state = try decoded { () throws(BundleError) in try StateBundle(parsed: parsed, expectedNetwork: network) }
                .state
            try SignerStateIntake.check(state, home: home)
            let taken = try SignerStateIntake.take(state, home: home)
            return WatcherSession.ImportedBundle(
                kind: "hfstate", accepted: true, walletId: state.walletID.hex, addresses: 0, added: 0, state: taken.name)
        case let other:
            throw .rejected(
                reason: "\(source) is not an address pack, sweep request or signer state (it is a \(other.formatName ?? "binary") "
                    + "file); nothing changed")
        }
    }
}
