/// A BEEF (BRC-62 V1, BRC-96 V2): merkle paths (BUMPs) and transactions, parents first, from which a receiver can
/// check a transaction against its own block headers.
///
/// The initializers validate the structure (docs/reference/bsv-protocols.md §6): at least one transaction; no txid twice; every BUMP
/// index in range, and the transaction at level 0 of that BUMP; txid-only entries only in V2; parents before
/// children; and every transaction without a BUMP has all its parents in the BEEF (a txid-only entry counts as
/// present). Each BUMP's own checks (BRC-74) have run and `MerklePath.root` is its computed root; a BUMP that no
/// transaction names is allowed (as in the reference), and is checked like the others by receivers. What no decoder
/// can check is left to the receiver: each root must be the merkle root of the header at the BUMP's height in the
/// receiver's own chain.
public struct Beef: Hashable, Sendable {
    /// The two BEEF encodings.
    public enum Version: UInt32, Hashable, Sendable {
        /// BRC-62: `01 00 be ef`; each transaction is followed by a has-BUMP byte.
        case v1 = 0xEFBE_0001
        /// BRC-96: `02 00 be ef`; each transaction is preceded by a format byte, and may be a bare txid.
        case v2 = 0xEFBE_0002
    }

    /// The encoding.
    public let version: Version
    /// The merkle paths, referred to by index.
    public let bumps: [MerklePath]
    /// The transactions, parents first (the last is the newest).
    public let transactions: [BeefTransaction]

    /// The largest serialized BEEF accepted: 64 MiB, the bundle limit (docs/design.md §4).
    public static let maxSize = 64 * 1024 * 1024

    // MARK: - Initializers

    /// A BEEF from its parts, validated as the type's documentation says.
    /// - Throws: `BeefError`: `.noTransactions`, `.duplicateTransaction`, `.bumpIndexOutOfRange`,
    ///   `.transactionNotInBump`, `.txidOnlyInVersion1`, `.parentAfterChild`, `.missingParent`.
    public init(version: Version, bumps: [MerklePath], transactions: [BeefTransaction]) throws(BeefError) {
        try Self.validate(version: version, bumps: bumps, transactions: transactions)
        self.version = version
        self.bumps = bumps
        self.transactions = transactions
    }

    // MARK: - Properties

    /// The entry of each txid.
    public var transactionsByTxid: [Txid: BeefTransaction] {
        Dictionary(transactions.map { ($0.txid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The transactions no other transaction of the BEEF spends from, in BEEF order.
    public var tips: [BeefTransaction] {
        let spent = Set(transactions.flatMap(\.parentTxids))
        return transactions.filter { !spent.contains($0.txid) }
    }

    // MARK: - Methods

    /// The BUMP proving `txid`, if the BEEF holds it with one.
    public func bump(for txid: Txid) -> MerklePath? {
        guard let index = transactions.first(where: { $0.txid == txid })?.bumpIndex else { return nil }
        return bumps[index]
    }

    /// The structural checks, in the order the errors are documented.
    private static func validate(
        version: Version, bumps: [MerklePath], transactions: [BeefTransaction]
    ) throws(BeefError) {
        guard !transactions.isEmpty else { throw .noTransactions }
        // Each BUMP's level-0 hashes once, so the membership checks cost O(1) each.
        let level0 = bumps.map { bump in Set(bump.levels[0].compactMap(\.hash)) }
        var positions: [Txid: Int] = [:]
        for (index, entry) in transactions.enumerated() {
            guard positions.updateValue(index, forKey: entry.txid) == nil else {
                throw .duplicateTransaction(entry.txid)
            }
            if entry.isTxidOnly, version == .v1 { throw .txidOnlyInVersion1(index: index) }
            if let bumpIndex = entry.bumpIndex {
                guard bumpIndex >= 0, bumpIndex < bumps.count else {
                    throw .bumpIndexOutOfRange(index: index, bumpIndex: UInt64(max(0, bumpIndex)), bumpCount: bumps.count)
                }
                guard level0[bumpIndex].contains(MerkleHash(entry.txid)) else {
                    throw .transactionNotInBump(entry.txid, bumpIndex: bumpIndex)
                }
            }
        }
        for (index, entry) in transactions.enumerated() {
            for parent in entry.parentTxids {
                if let position = positions[parent] {
                    guard position < index else { throw .parentAfterChild(child: entry.txid, parent: parent) }
                } else if entry.bumpIndex == nil {
                    throw .missingParent(child: entry.txid, parent: parent)
                }
            }
        }
    }
}
