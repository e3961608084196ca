public import HFPrimitives

/// Every `CHAIN_WALLETS_KEY_*` list of the legacy keychain, each read or recorded as unreadable (never as empty: an
/// unreadable list might name any wallet), and the classification of a mnemonic against them (docs/requirements/legacy-migration.md).
public struct DashSyncChainWalletLists: Sendable {
    /// One list.
    public enum List: Sendable, Equatable {
        /// Read and decoded: the DashSync wallet IDs it names.
        case readable(Set<String>)
        /// The item could not be read, or its bytes are not an archived array of strings.
        case unreadable
    }

    /// The lists by chain suffix.
    public let lists: [String: List]

    /// Lists given directly (tests).
    public init(lists: [String: List]) { self.lists = lists }

    /// Reads every chain list among `accounts`, one item at a time.
    public init(reading keychain: LegacyKeychain, accounts: [String]) {
        var lists: [String: List] = [:]
        for account in accounts {
            guard let chain = DashSyncLayout.chain(fromListAccount: account) else { continue }
            if let bytes = try? keychain.read(account: account), let ids = try? KeyedArchive.stringArray(bytes) {
                lists[chain] = .readable(Set(ids))
            } else {
                lists[chain] = .unreadable
            }
        }
        self.lists = lists
    }

    /// Whether any list could not be read or decoded.
    public var hasUnreadableList: Bool { lists.values.contains(.unreadable) }

    /// The class of one DashSync wallet ID:
    /// no list at all → unknown chain; named by a readable mainnet or testnet list → listed (on those networks,
    /// whatever happened to the others); named only by a readable unsupported list → unknown chain; named by no
    /// readable list while some list is unreadable → undetermined; else (every list read, none names it) → orphaned.
    public func classify(_ walletID: String) -> WalletClassification {
        guard !lists.isEmpty else { return .unknownChain }
        var networks: [Network] = []
        var unsupported = false
        for (chain, list) in lists {
            guard case .readable(let ids) = list, ids.contains(walletID) else { continue }
            if let network = DashSyncLayout.network(ofChain: chain) { networks.append(network) } else { unsupported = true }
        }
        if !networks.isEmpty { return .listed(networks.sorted { $0.rawValue < $1.rawValue }) }
        if unsupported { return .unknownChain }
        if hasUnreadableList { return .undetermined }
        return .orphaned
    }
}

/// Where a legacy mnemonic stands against the chain lists.
public enum WalletClassification: Sendable, Equatable {
    /// Every list was read and none names it: reset in the previous app. Skipped, kept, never deleted by migration.
    case orphaned
    /// Named by no readable list while some list is unreadable: a failure for this run.
    case undetermined
    /// Listed only by an unsupported chain, or there is no chain list at all: fail closed.
    case unknownChain
    /// Named by a readable mainnet and/or testnet list (main first).
    case listed([Network])
}
