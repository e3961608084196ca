public import HFPrimitives
public import HFWallet

/// Everything the user must see before a transaction is signed (or, for `bundle inspect`, before a signed one is
/// carried away): every output with its owner re-derived from the wallet's keys, the inputs, the fee, the size,
/// nLockTime, the sighash type, and the warnings.
///
/// `--json` writes it as `{"outputs":[…],"inputs":{…},"fee","feeRate","size","nLockTime","sighash","warnings":[…]}`
/// (numbers as numbers). Built by `PaymentReviewer`; nothing here is taken from a label or from a plan's own claim.
public struct PaymentReview: Sendable, Equatable, Encodable {
    /// The outputs in transaction order.
    public let outputs: [ReviewedOutput]
    /// The inputs' count, total and confirmation heights.
    public let inputs: ReviewedInputs
    /// The fee in satoshis (inputs minus outputs).
    public let fee: UInt64
    /// The fee in satoshis per 1000 bytes of `size`, rounded to two decimals.
    public let feeRate: Double
    /// The size in bytes: the signed size as estimated before signing (an upper bound), or the signed size.
    public let size: Int
    /// The transaction's lock time.
    public let nLockTime: UInt32
    /// The sighash type of the signatures (`ALL|FORKID`); several joined by `,` if a signed transaction mixes them.
    public let sighash: String
    /// What the user must not miss, in output order, then the fee and input warnings.
    public let warnings: [ReviewWarning]

    /// The satoshis paid to outputs whose owner is `external`: what leaves the home besides the fee.
    public var externalSatoshis: UInt64 {
        outputs.filter { $0.owner == .external }.reduce(0) { $0 + $1.satoshis }
    }

    /// The satoshis paid to another wallet of the home (owner `wallet`, as `wallet move` pays): they leave this
    /// wallet but not the home.
    public var otherWalletSatoshis: UInt64 {
        outputs.filter { $0.owner == .wallet }.reduce(0) { $0 + $1.satoshis }
    }

    /// The warning codes, in order (for tests and summaries).
    public var warningCodes: [ReviewWarning.Code] { warnings.map(\.code) }
}

/// One output as the review shows it.
public struct ReviewedOutput: Sendable, Equatable, Encodable {
    /// Whose output it is, re-derived from the wallet's keys (never from a label).
    public enum Owner: String, Sendable, Equatable, Encodable {
        /// One of this wallet's change addresses.
        case change
        /// One of this wallet's receive addresses.
        case receive
        /// A receive or change address of another wallet of the same home, re-derived from that wallet's keys
        /// (`walletID` names it; only reviews that are given the other wallet, as `wallet move`'s, show it).
        case wallet
        /// Nothing this wallet (or another wallet the review was given) derives.
        case external
    }

    /// Its index in the transaction.
    public let index: Int
    /// What its locking script is (the kind, and the data, file or disassembly the review shows).
    public let script: ScriptClassification
    /// The address a `p2pkh` output pays, in full.
    public let address: Address?
    /// Its value.
    public let satoshis: UInt64
    /// Whose it is.
    public let owner: Owner
    /// The derivation (scheme, chain, reference) that re-derives the address, for `change`, `receive` and
    /// `wallet` (then in the other wallet).
    public let derivation: DerivedAddress?
    /// The ID of the other wallet of the home the output pays, for owner `wallet`; else nil.
    public let walletID: String?

    /// The kind of its script.
    public var kind: ScriptClassification.Kind { script.kind }

    private enum CodingKeys: String, CodingKey {
        case index, kind, address, satoshis, owner, walletId, scheme, reference
    }

    /// `{"index","kind","address"?,"satoshis","owner","walletId"?,"scheme"?,"reference"?}` (`walletId` for owner
    /// `wallet` only).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encodeIfPresent(address?.string, forKey: .address)
        try container.encode(satoshis, forKey: .satoshis)
        try container.encode(owner, forKey: .owner)
        try container.encodeIfPresent(walletID, forKey: .walletId)
        try container.encodeIfPresent(derivation?.scheme.rawValue, forKey: .scheme)
        try container.encodeIfPresent(derivation?.reference, forKey: .reference)
    }
}

/// The inputs of a reviewed transaction.
public struct ReviewedInputs: Sendable, Equatable, Encodable {
    /// How many.
    public let count: Int
    /// The satoshis they spend.
    public let satoshis: UInt64
    /// The lowest confirmation height among them (nil when none is known, as for a `.hftx` of another wallet).
    public let oldestHeight: Int?
    /// The highest confirmation height among them.
    public let youngestHeight: Int?

    /// The inputs' figures.
    public init(count: Int, satoshis: UInt64, oldestHeight: Int?, youngestHeight: Int?) {
        self.count = count
        self.satoshis = satoshis
        self.oldestHeight = oldestHeight
        self.youngestHeight = youngestHeight
    }

    private enum CodingKeys: String, CodingKey { case count, satoshis, oldestHeight, youngestHeight }

    /// `{"count","satoshis","oldestHeight","youngestHeight"}` (the heights `null` when unknown).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(satoshis, forKey: .satoshis)
        try container.encode(oldestHeight, forKey: .oldestHeight)
        try container.encode(youngestHeight, forKey: .youngestHeight)
    }
}
