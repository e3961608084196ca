import HFPrimitives

/// The home's spending policy (issue 16): rules every payment of every wallet in the home must keep before it is
/// signed. One policy per home, binding every wallet of every network; the window is counted per network (its
/// heights are that network's validated chain).
///
/// - `maxPerTransaction`: what one transaction sends to external outputs, allowlisted addresses aside.
/// - `window`: what left to external outputs (allowlisted addresses aside) in own signed transactions whose
///   nLockTime is above the validated tip minus `blocks`, this payment included.
/// - `allow`: P2PKH addresses the two caps do not count (the user's own savings, say); with `allowlistOnly` every
///   external output carrying satoshis must pay one of them.
/// - `maxFee`: one transaction's fee, for payments, splits and sweeps alike.
public struct SpendingPolicy: Sendable, Equatable {
    /// A cap over a window of validated blocks.
    public struct Window: Sendable, Equatable {
        /// The window's length in validated blocks, 1…``SpendingPolicy/maximumWindowBlocks``.
        public let blocks: Int
        /// What may leave within it, in satoshis.
        public let maxSatoshis: UInt64

        /// A window of `blocks` blocks capped at `maxSatoshis`.
        public init(blocks: Int, maxSatoshis: UInt64) {
            self.blocks = blocks
            self.maxSatoshis = maxSatoshis
        }
    }

    /// The longest window accepted (about two years of blocks).
    public static let maximumWindowBlocks = 105_120
    /// The most addresses an allowlist holds.
    public static let maximumAllowlist = 1000

    /// The per-transaction cap, in satoshis.
    public let maxPerTransaction: UInt64?
    /// The window cap.
    public let window: Window?
    /// The allowlisted addresses, sorted, without repeats.
    public let allow: [String]
    /// Whether external outputs may only pay the allowlist.
    public let allowlistOnly: Bool
    /// The fee cap, in satoshis.
    public let maxFee: UInt64?

    /// A policy from its rules.
    /// - Throws: `SpendingPolicyError.invalid` when no rule is given, the window is out of range, an address is not
    ///   a P2PKH address, the allowlist is too long, or `allowlistOnly` comes without addresses.
    public init(
        maxPerTransaction: UInt64?, window: Window?, allow: [String], allowlistOnly: Bool, maxFee: UInt64?
    ) throws(SpendingPolicyError) {
        if let window, !(1...Self.maximumWindowBlocks).contains(window.blocks) {
            throw .invalid("the window must be 1 to \(Self.maximumWindowBlocks) blocks, not \(window.blocks)")
        }
        for address in allow where Self.network(of: address) == nil {
            throw .invalid("'\(address)' is not a P2PKH address; --allow takes addresses such as 1… or m…/n…")
        }
        guard allow.count <= Self.maximumAllowlist else {
            throw .invalid("the allowlist holds at most \(Self.maximumAllowlist) addresses, not \(allow.count)")
        }
        if allowlistOnly && allow.isEmpty {
            throw .invalid("--allowlist-only needs at least one --allow ADDR")
        }
        guard maxPerTransaction != nil || window != nil || !allow.isEmpty || maxFee != nil else {
            throw .invalid("give at least one rule: --max-per-tx, --max-per-window with --window, --allow or --max-fee")
        }
        self.maxPerTransaction = maxPerTransaction
        self.window = window
        self.allow = Array(Set(allow)).sorted()
        self.allowlistOnly = allowlistOnly
        self.maxFee = maxFee
    }

    /// The network an address string belongs to (`test` stands for test and regtest, which share the version).
    static func network(of address: String) -> Network? {
        for network in [Network.main, .test] where (try? Address(string: address, network: network)) != nil {
            return network
        }
        return nil
    }

    /// Whether `address` (a P2PKH address string, nil for other scripts) is allowlisted.
    func allows(_ address: String?) -> Bool {
        guard let address else { return false }
        return allow.contains(address)
    }
}
