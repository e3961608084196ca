public import HFBundles
public import HFCrypto
public import HFPrimitives
import HFStore

/// Takes the signer state a signer bundle carries (docs/design.md §4): its signature must verify with the identity key the
/// watcher trusts for that wallet, and the newest state per wallet is kept — an older one never replaces it. A pack
/// inside the state (the signer's answer to a pack-extension request) is imported with it.
public enum SignerStateIntake {
    /// What taking a state did.
    public enum Outcome: Sendable, Equatable {
        /// No state was carried.
        case absent
        /// The state is now the wallet's newest.
        case kept
        /// The watcher already held this state or a newer one; nothing changed.
        case older
    }

    /// Checks the state `bytes` carry, if any, without storing anything: the signature and the trusted identity.
    /// `newIdentity` is an identity key being trusted in the same step (a first `.hfaddrpack`).
    ///
    /// With `ignoringUnwatched`, the state of a wallet this watcher does not watch is passed over (nil) once its
    /// signature verifies: a transaction of another wallet may still be broadcast, but its state is nobody's here.
    /// - Throws: `WatcherError.rejected` for a malformed state, a bad signature, or another identity than the one
    ///   trusted for the wallet.
    public static func check(
        _ bytes: [UInt8], network: Network, home: WatcherHome, newIdentity: PublicKey? = nil,
        ignoringUnwatched: Bool = false
    ) throws(WatcherError) -> SignerState? {
        let state: SignerState?
        do { state = try SignerState.carried(in: bytes, network: network) } catch {
            throw .rejected(reason: "the signer state in the bundle is malformed: \(error)")
        }
        return try check(carried: state, home: home, newIdentity: newIdentity, ignoringUnwatched: ignoringUnwatched)
    }

    /// Checks the signer state a bundle already parsed carries, as ``check(_:network:home:newIdentity:ignoringUnwatched:)-([UInt8],_,_,_,_)``
    /// checks it in its bytes.
    public static func check(
        _ parsed: ParsedBundle, network: Network, home: WatcherHome, newIdentity: PublicKey? = nil,
        ignoringUnwatched: Bool = false
    ) throws(WatcherError) -> SignerState? {
        let state: SignerState?
        do { state = try SignerState.carried(in: parsed, network: network) } catch {
            throw .rejected(reason: "the signer state in the bundle is malformed: \(error)")
        }
        return try check(carried: state, home: home, newIdentity: newIdentity, ignoringUnwatched: ignoringUnwatched)
    }

    /// The checks of a carried state, whichever way it was read.
    private static func check(
        carried state: SignerState?, home: WatcherHome, newIdentity: PublicKey?, ignoringUnwatched: Bool
    ) throws(WatcherError) -> SignerState? {
        guard let state else { return nil }
        if ignoringUnwatched, newIdentity == nil, try trustedIdentity(of: state, home: home) == nil {
            try verify(state)
            return nil
        }
        try check(state, home: home, newIdentity: newIdentity)
        return state
    }

    /// The identity key trusted for `state`'s wallet, if the wallet is watched.
    private static func trustedIdentity(of state: SignerState, home: WatcherHome) throws(WatcherError) -> String? {
        do {
            return try WatchedWallets(database: home.database, network: state.network.rawValue)
                .trustedIdentity(walletID: state.walletID.hex)
        } catch { throw .database(error) }
    }

    /// `state`'s signature against its own identity key.
    private static func verify(_ state: SignerState) throws(WatcherError) {
        do { try state.verify() } catch {
            throw .rejected(
                reason: "the signature of the bundle's signer state does not verify with the wallet's identity key; it "
                    + "was altered; nothing changed")
        }
    }

    /// Checks `state`'s signature and identity.
    static func check(_ state: SignerState, home: WatcherHome, newIdentity: PublicKey? = nil) throws(WatcherError) {
        let walletID = state.walletID.hex
        let identity = state.identityKey.compressed.hex
        let trusted = try trustedIdentity(of: state, home: home)
        guard let expected = trusted ?? newIdentity?.compressed.hex else {
            throw .rejected(
                reason: "the bundle's signer state is for wallet \(walletID.prefix(16)), which this watcher does not "
                    + "watch; import its address pack first")
        }
        guard constantTimeEqual(Array(expected.utf8), Array(identity.utf8)) else {
            throw .rejected(
                reason: "the bundle's signer state is signed by identity key \(identity), not the \(expected) trusted "
                    + "for wallet \(walletID.prefix(16)); refusing it, nothing changed")
        }
        try verify(state)
    }

    /// Stores `state` (already checked) when it is newer than the one held, and imports its pack.
    public static func take(_ state: SignerState?, home: WatcherHome) throws(WatcherError) -> Outcome {
        guard var state else { return .absent }
        let pack = state.addressPack
        state.addressPack = nil
        let records = SignerStateRecords(database: home.database, network: state.network.rawValue)
        let walletID = state.walletID.hex
        let outcome = try home.database.transaction { () throws(WatcherError) -> Outcome in
            let row: SignerStateRecords.Row?
            do throws(DatabaseError) { row = try records.find(walletID: walletID) } catch { throw .database(error) }
            let held = row.flatMap { try? StateBundle(decoding: $0.state, expectedNetwork: state.network).state }
            if let held, !state.isNewer(than: held) { return .older }
            do throws(DatabaseError) {
                try records.replace(
                    .init(
                        walletID: walletID, createdAt: state.createdAt.secondsSince1970, sequence: Int64(state.sequence),
                        state: StateBundle(state: state).encoded()))
            } catch { throw .database(error) }
            return .kept
        }
        if let pack { _ = try AddressPackImporter.importPack(pack, trustIdentity: nil, home: home) }
        return outcome
    }

    /// The newest state held for `walletID` on `network`, if any.
    public static func latest(walletID: String, network: Network, home: WatcherHome) throws(WatcherError) -> SignerState? {
        let row: SignerStateRecords.Row?
        do { row = try SignerStateRecords(database: home.database, network: network.rawValue).find(walletID: walletID) } catch {
            throw .database(error)
        }
        guard let row else { return nil }
        do { return try StateBundle(decoding: row.state, expectedNetwork: network).state } catch {
            throw .rejected(reason: "the stored signer state of wallet \(walletID.prefix(16)) does not decode: \(error)")
        }
    }
}
