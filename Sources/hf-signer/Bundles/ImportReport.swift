import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFSPV
import HFWallet

/// What one accepted bundle did (`import` and `scan`): one `--json` line per accepted file,
/// `{"accepted","kind","validatedTipHeight"}` for headers, `{"accepted","kind","received","txid"}` for receipts,
/// `{"accepted","balance","headersAdded","kind","receiptsTaken","received","validatedTipHeight"}` for an update; a
/// receipt and an update add `"wallets"`, the IDs of the wallets they were applied to.
struct ImportReport: Encodable {
    let kind: String
    let accepted: Bool
    let validatedTipHeight: Int?
    let txid: String?
    let received: UInt64?
    /// An update's summary: headers added, receipts taken, the confirmed balance after.
    let update: (headersAdded: Int, receiptsTaken: Int, balance: UInt64)?
    /// The wallets a receipt or an update was applied to (nil for the other kinds).
    let wallets: [String]?
    /// A probe result's report (nil for the other kinds).
    let probe: ProbeReport?
    let summary: String

    enum CodingKeys: String, CodingKey {
        case kind, accepted, validatedTipHeight, txid, received, headersAdded, receiptsTaken, balance, wallets
        case probe, presets
    }

    /// One preset with history in a probe result's `--json` line: {"checked","command","name","used"}.
    struct FoundPreset: Encodable {
        let name: String
        let used: Int
        let checked: Int
        let command: String
    }

    init(
        kind: String, validatedTipHeight: Int? = nil, txid: String? = nil, received: UInt64? = nil,
        update: (headersAdded: Int, receiptsTaken: Int, balance: UInt64)? = nil, wallets: [String]? = nil,
        probe: ProbeReport? = nil, summary: String
    ) {
        self.kind = kind
        accepted = true
        self.validatedTipHeight = validatedTipHeight
        self.txid = txid
        self.received = received
        self.update = update
        self.wallets = wallets
        self.probe = probe
        self.summary = summary
    }

    init(_ outcome: ImportOutcome) {
        switch outcome {
        case .headers(let commit, let sources):
            self.init(
                kind: "hfheaders", validatedTipHeight: commit.validatedTipHeight,
                summary: "\(commit.added) headers added, \(commit.replaced) replaced"
                    + (sources.map { " (sources that agreed: \($0.joined(separator: ", ")))" } ?? "")
                    + "; validated tip \(commit.validatedTipHeight)")
        case .receipt(let outcomes):
            let received = outcomes.reduce(0) { $0 + $1.received }
            let shares = outcomes.map { outcome in
                "\(AmountText.bsv(outcome.received)) received"
                    + (outcome.toSweep > 0 ? ", \(AmountText.bsv(outcome.toSweep)) to sweep addresses (see `sweep status`)" : "")
                    + " by wallet \(outcome.walletID.prefix(16))"
                    + (outcome.changed ? "" : " (already imported)")
            }
            self.init(
                kind: "hfreceipt", txid: outcomes.first?.txid, received: received, wallets: outcomes.map(\.walletID),
                summary: "receipt \(outcomes.first?.txid ?? ""): " + shares.joined(separator: "; "))
        case .beef(let outcome):
            let received = outcome.receipts.reduce(0) { $0 + $1.received }
            let kind = outcome.isAtomic ? "atomic-beef" : "beef"
            let subjects = outcome.receipts.map { "\($0.txid)" + ($0.changed ? "" : " (already imported)") }
            self.init(
                kind: kind, txid: outcome.receipts.last?.txid, received: received,
                summary: "\(kind) (\(outcome.bumpsVerified) BUMP roots in the local chain): \(AmountText.bsv(received)) "
                    + "received; " + subjects.joined(separator: ", "))
        case .walletFile(let outcome):
            self.init(
                kind: "hfwallet",
                summary: "wallet file of \(outcome.walletId.prefix(16)): \(outcome.added) new of "
                    + "\(outcome.receipts) receipts, \(outcome.labelsAdded) new of \(outcome.labels) labels"
                    + (outcome.pending.isEmpty ? "" : ", \(outcome.pending.count) pending transactions added "
                        + "(their inputs count as spent): " + outcome.pending.joined(separator: ", ")))
        case .probeResult(let report):
            self.init(kind: "hfproberesult", probe: report, summary: Self.probeSummary(report))
        case .update(let outcome):
            let headers =
                outcome.headerRange.map { range in
                    HeaderRangeText.headers(range.lowerBound, range.upperBound) + " (\(outcome.headersAdded) new"
                        + (outcome.headersReplaced > 0 ? ", \(outcome.headersReplaced) replaced by a heavier branch" : "")
                        + ")"
                } ?? "no headers"
            let held = outcome.receiptsInUpdate - outcome.receiptsTaken
            let others = outcome.otherWallets.map { other in
                "wallet \(other.walletID.prefix(16)) took \(other.receiptsTaken) receipt"
                    + "\(other.receiptsTaken == 1 ? "" : "s"), \(AmountText.bsv(other.received)) received"
            }
            self.init(
                kind: "hfupdate", validatedTipHeight: outcome.validatedTipHeight, received: outcome.received,
                update: (outcome.headersAdded, outcome.receiptsTaken, outcome.confirmedBalance),
                wallets: [outcome.walletID] + outcome.otherWallets.map(\.walletID),
                summary: "update for wallet \(outcome.walletID.prefix(16)): \(headers), validated tip "
                    + "\(outcome.validatedTipHeight); \(outcome.receiptsTaken) receipt\(outcome.receiptsTaken == 1 ? "" : "s") taken"
                    + (held > 0 ? " (\(held) already held)" : "")
                    + (outcome.received > 0 ? ", \(AmountText.bsv(outcome.received)) received" : "")
                    + "; balance now \(AmountText.bsv(outcome.confirmedBalance))"
                    + (outcome.packExtensionRequested
                        ? "; the watcher asked for more addresses: the next bundle you write carries them" : "")
                    + (others.isEmpty ? "" : "; " + others.joined(separator: "; ")))
        }
    }

    /// The lines of a probe result: the presets with history and their import commands, or that none has any.
    static func probeSummary(_ report: ProbeReport) -> String {
        let digest = "probe \(report.probeDigest.prefix(16))"
        guard !report.found.isEmpty else {
            return "\(digest): no address of any preset has history (\(report.quiet.joined(separator: ", "))); "
                + "nothing was changed"
        }
        var lines = ["\(digest): \(report.found.count) preset\(report.found.count == 1 ? "" : "s") with history; "
            + "nothing was changed"]
        for found in report.found {
            lines.append("  \(found.name): \(found.used) of \(found.checked) addresses have history")
            lines.append("    import it with: \(found.command)")
        }
        lines.append("  (F is the phrase's file, P the PIN's; give --bip39-passphrase-file too if the probe used one)")
        return lines.joined(separator: "\n")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(accepted, forKey: .accepted)
        try container.encodeIfPresent(validatedTipHeight, forKey: .validatedTipHeight)
        try container.encodeIfPresent(txid, forKey: .txid)
        try container.encodeIfPresent(received, forKey: .received)
        try container.encodeIfPresent(update?.headersAdded, forKey: .headersAdded)
        try container.encodeIfPresent(update?.receiptsTaken, forKey: .receiptsTaken)
        try container.encodeIfPresent(update?.balance, forKey: .balance)
        try container.encodeIfPresent(wallets, forKey: .wallets)
        if let probe {
            try container.encode(probe.probeDigest, forKey: .probe)
            try container.encode(
                probe.found.map { FoundPreset(name: $0.name, used: $0.used, checked: $0.checked, command: $0.command) },
                forKey: .presets)
        }
    }

    /// Imports one bundle's bytes through the session (into the wallet `selection` names) and describes what it did.
    static func importing(
        _ bytes: [UInt8], wallet selection: WalletSelection, search: AddressSearch = .standard, session: SignerSession,
        context: CommandContext, source: String = "FILE"
    ) throws(CommandError) -> ImportReport {
        let parsed = try signerOperation { () throws(SignerError) in
            do throws(BundleError) { return try ParsedBundle(bytes) } catch { throw .bundle(error) }
        }
        return try importing(parsed, wallet: selection, search: search, session: session, context: context, source: source)
    }

    /// Imports a file already parsed (``ImportOrder``), as ``importing(_:wallet:search:session:context:source:)-([UInt8],_,_,_,_,_)``
    /// imports its bytes.
    static func importing(
        _ parsed: ParsedBundle, wallet selection: WalletSelection, search: AddressSearch = .standard,
        session: SignerSession, context: CommandContext, source: String = "FILE"
    ) throws(CommandError) -> ImportReport {
        let progress = SearchProgress(context)
        let outcome = try signerOperation { () throws(SignerError) in
            try session.importBundle(
                parsed, wallet: selection, secrets: context.secrets, search: search, searchProgress: progress.handler,
                source: source)
        }
        return ImportReport(outcome)
    }

    /// Prints the report: its `--json` line, or `SOURCE: summary`.
    func print(source: String, context: CommandContext) throws(CommandError) {
        if context.globals.json { try Output.json(self) } else { Output.result("\(source): \(summary)") }
    }
}
