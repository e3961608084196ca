public import HFBundles
public import HFPrimitives
import HFStore
public import HFWallet

/// The labels of one wallet (table `wallet_labels`): BIP-329 `addr`, `tx` and `output` records, at most
/// `BundleLimits.walletLabelCount` of them.
///
/// `set` and `apply` take only references the wallet knows: an address it derived (``AddressBook/ownedAddresses()``:
/// both schemes and chains to the discovery range plus the ownership margin; one further out is found with
/// `address find --save` first), a transaction it holds (a receipt, a pending or cancelled spend), an output of
/// such a transaction. `restore` and `merge` take a backup's or a wallet file's labels as they are: the wallet
/// itself wrote them.
public struct WalletLabels {
    private let home: SignerHome
    /// The wallet's ID.
    public let walletID: String
    /// The wallet's network.
    public let network: Network
    private var records: LabelRecords { LabelRecords(database: home.database) }

    /// The labels of wallet `walletID` on `network` in `home`.
    public init(home: SignerHome, walletID: String, network: Network) {
        self.home = home
        self.walletID = walletID
        self.network = network
    }

    // MARK: - Reading

    /// The labels, by type then reference. A stored row that no longer reads as a label is left out.
    public func list() throws(SignerError) -> [WalletLabel] {
        let rows: [LabelRecord]
        do { rows = try records.list(walletID: walletID) } catch { throw .database(error) }
        return rows.compactMap { row in
            WalletLabel.Kind(rawValue: row.type).flatMap {
                try? WalletLabel(kind: $0, ref: row.ref, label: row.label, network: network)
            }
        }
    }

    /// The kind a `label set` reference names: `txid:vout` is an output, 64 hex digits a transaction, anything
    /// else an address.
    public static func kind(of ref: String) -> WalletLabel.Kind {
        if ref.contains(":") { return .output }
        if ref.count == 64, ref.allSatisfy(\.isHexDigit) { return .tx }
        return .addr
    }

    // MARK: - Changing

    /// What `set` did.
    public enum Change: String, Sendable, Encodable {
        /// The label was set (or replaced).
        case set
        /// The label was removed.
        case removed
        /// There was no label to remove; nothing changed.
        case absent
    }

    /// Sets (or, with an empty `text`, removes) the label of `ref`, in one store transaction.
    ///
    /// - Parameter owned: the wallet's addresses, asked for only when `ref` is an address.
    /// - Returns: the kind the reference was read as, its canonical form, and what changed.
    /// - Throws: `SignerError.rejected` for a malformed reference or label, a reference the wallet does not know
    ///   (nothing is labelled then; a removal needs no known reference), or a wallet at the label limit.
    public func set(
        ref: String, text: String, owned: () throws(SignerError) -> OwnedAddresses
    ) throws(SignerError) -> (kind: WalletLabel.Kind, ref: String, change: Change) {
        let kind = Self.kind(of: ref)
        let canonical: String
        do { canonical = try WalletLabel.canonicalReference(kind: kind, ref: ref, network: network) } catch {
            let problem = LabelProblem.describe(error, kind: kind)
            throw .rejected(reason: "cannot label '\(UntrustedPrefix.of(ref))': \(problem)")
        }
        if text.isEmpty {
            let removed: Bool
            do { removed = try records.remove(type: kind.rawValue, ref: canonical, walletID: walletID) } catch {
                throw .database(error)
            }
            return (kind, canonical, removed ? .removed : .absent)
        }
        let label: WalletLabel
        do { label = try WalletLabel(kind: kind, ref: canonical, label: text, network: network) } catch {
            throw .rejected(reason: "cannot label \(canonical): \(LabelProblem.describe(error, kind: kind))")
        }
        var known = KnownReferences(
            home: home, walletID: walletID, network: network, addresses: kind == .addr ? try owned() : nil)
        if let reason = try known.unknownReason(label) {
            throw .rejected(reason: "\(reason); nothing was labelled")
        }
        try home.database.transaction { () throws(SignerError) in
            let existing = try self.existing()
            guard existing.contains(Self.key(label)) || existing.count < BundleLimits.walletLabelCount.upperBound else {
                throw .rejected(reason: "the wallet already has \(existing.count) labels, the most it may hold")
            }
            try store(label)
        }
        return (kind, canonical, .set)
    }

    /// Applies the labels of `entries` (BIP-329 lines read by ``LabelLines``) in one store transaction: every
    /// label whose reference the wallet knows is set (a later line for the same reference wins); the other lines
    /// are reported, with the lines ``LabelLines`` already skipped.
    /// - Parameter owned: the wallet's addresses, asked for at most once, only when a line labels an address.
    public func apply(
        _ entries: [LabelLines.Entry], owned: () throws(SignerError) -> OwnedAddresses
    ) throws(SignerError) -> LabelImportReport {
        // The addresses are derived before the transaction (opening the wallet may write).
        let labelsAddress = entries.contains { entry in
            if case .label(_, let label) = entry { label.kind == .addr } else { false }
        }
        var known = KnownReferences(
            home: home, walletID: walletID, network: network, addresses: labelsAddress ? try owned() : nil)
        return try home.database.transaction { () throws(SignerError) in
            var keys = try existing()
            var applied = 0
            var skips: [LabelImportReport.Skip] = []
            for entry in entries {
                switch entry {
                case .skip(let skip):
                    skips.append(skip)
                case .label(let line, let label):
                    if let reason = try known.unknownReason(label) {
                        skips.append(.init(line: line, reason: .unknownReference, detail: reason))
                        continue
                    }
                    let key = Self.key(label)
                    guard keys.contains(key) || keys.count < BundleLimits.walletLabelCount.upperBound else {
                        skips.append(.init(
                            line: line, reason: .tooManyLabels,
                            detail: "the wallet holds \(keys.count) labels, the most it may"))
                        continue
                    }
                    try store(label)
                    keys.insert(key)
                    applied += 1
                }
            }
            return LabelImportReport(applied: applied, skips: skips)
        }
    }

    /// Sets every label of a restored backup (the caller's transaction).
    public func restore(_ labels: [WalletLabel]) throws(SignerError) {
        for label in labels { try store(label) }
    }

    /// Adds the labels of a wallet file that the wallet does not have yet; a label it has is kept as it is (the
    /// caller's transaction). - Returns: how many were added.
    public func merge(_ labels: [WalletLabel]) throws(SignerError) -> Int {
        var keys = try existing()
        var added = 0
        for label in labels where !keys.contains(Self.key(label)) {
            guard keys.count < BundleLimits.walletLabelCount.upperBound else { break }
            try store(label)
            keys.insert(Self.key(label))
            added += 1
        }
        return added
    }

    // MARK: - Private

    private func store(_ label: WalletLabel) throws(SignerError) {
        do {
            try records.set(
                LabelRecord(type: label.kind.rawValue, ref: label.ref, label: label.label), walletID: walletID)
        } catch { throw .database(error) }
    }

    private func existing() throws(SignerError) -> Set<String> {
        do { return Set(try records.list(walletID: walletID).map { $0.type + " " + $0.ref }) } catch {
            throw .database(error)
        }
    }

    private static func key(_ label: WalletLabel) -> String { label.kind.rawValue + " " + label.ref }
}

/// What a wallet knows: its owned addresses (derived by the caller), its transactions' output counts (read on
/// first need).
private struct KnownReferences {
    let home: SignerHome
    let walletID: String
    let network: Network
    /// The wallet's addresses (nil: no address label is checked).
    let addresses: OwnedAddresses?
    private var outputCounts: [Txid: Int]?

    init(home: SignerHome, walletID: String, network: Network, addresses: OwnedAddresses?) {
        self.home = home
        self.walletID = walletID
        self.network = network
        self.addresses = addresses
    }

    /// Nil when the wallet knows `label`'s reference, else why not.
    mutating func unknownReason(_ label: WalletLabel) throws(SignerError) -> String? {
        switch label.kind {
        case .addr:
            guard let address = try? Address(string: label.ref, network: network),
                addresses?.contains(address) == true
            else {
                return "\(label.ref) is not an address this wallet has derived "
                    + "(`address find --save` finds one further out)"
            }
            return nil
        case .tx:
            let txid = try? Txid(displayHex: label.ref)
            guard let txid, try counts()[txid] != nil else {
                return "transaction \(label.ref) is not one of this wallet's (import its receipt first)"
            }
            return nil
        case .output:
            guard let (txid, vout) = label.outpoint, let count = try counts()[txid] else {
                return "the transaction of output \(label.ref) is not one of this wallet's (import its receipt first)"
            }
            guard Int(vout) < count else {
                return "transaction \(label.ref.prefix(64)) has \(count) outputs, no output \(vout)"
            }
            return nil
        }
    }

    private mutating func counts() throws(SignerError) -> [Txid: Int] {
        if let outputCounts { return outputCounts }
        let rows: [TransactionRecord]
        do { rows = try TransactionRecords(database: home.database).list(walletID: walletID) } catch {
            throw .database(error)
        }
        var counts: [Txid: Int] = [:]
        for row in rows { counts[row.txid] = (try? Transaction(bytes: row.raw))?.outputs.count ?? 0 }
        outputCounts = counts
        return counts
    }
}
