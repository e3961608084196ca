import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer history [--wallet ID]`: every transaction the wallet holds, as a person reads it.
struct HistoryCommand: Command {
    static let name = "history"
    static let abstract = "List every transaction of the wallet: when, which way, how much, to whom."
    static let discussion: String? = """
        Oldest first: confirmed transactions by height, then those not confirmed (pending: signed here and not yet \
        seen in a block; unconfirmed: held, but its block left the best chain; cancelled) by when they were stored. \
        One line each: the height (or the standing), the direction (received: none of the wallet's coins were \
        spent; sent: its coins paid someone else; self: they paid only the wallet, as a split does), the net amount \
        for the wallet in BSV with the satoshis beside it (the fee included), the fee when the wallet paid it, the \
        addresses paid that are not the wallet's, the txid and any labels of the transaction or its addresses. \
        Derived from what this home holds: import the watcher's update first. With --json: \
        [{"createdAt","direction","fee","height","labels","net","recipients":[{"address","satoshis"}],"sent",\
        "state","txid"}] (fee null when not the wallet's to pay, height null unless confirmed, address null for a \
        script that is not an address, amounts in satoshis).
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let history = try signerOperation { () throws(SignerError) in try WalletHistory(wallet) }
        if context.globals.json {
            try Output.json(history.entries.map(HistoryEntry.init))
            return .success
        }
        guard !history.entries.isEmpty else {
            Output.result("no transactions yet")
            Output.message("carry the watcher's update (`hf-watcher export update`) and import it to see the wallet's payments")
            return .success
        }
        for entry in history.entries { Output.result(HistoryEntry(entry).line) }
        return .success
    }
}

/// One transaction of `history --json` and its text line.
struct HistoryEntry: Encodable {
    let txid: String
    let height: Int?
    let state: String
    let direction: String
    let net: Int64
    let fee: UInt64?
    let sent: UInt64
    let recipients: [Recipient]
    let labels: [String]
    let createdAt: String

    /// An address paid that is not the wallet's.
    struct Recipient: Encodable {
        let address: String?
        let satoshis: UInt64
    }

    init(_ entry: WalletHistory.Entry) {
        txid = entry.txid.displayHex
        height = entry.state.height
        state = entry.state.name
        direction = entry.flow.direction.rawValue
        net = entry.flow.net
        fee = entry.flow.direction == .received ? nil : entry.flow.fee
        sent = entry.flow.sent
        recipients = entry.flow.direction == .received
            ? [] : entry.flow.toOthers.map { Recipient(address: $0.address?.string, satoshis: $0.satoshis) }
        labels = entry.labels
        createdAt = entry.createdAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(txid, forKey: .txid)
        try container.encode(height, forKey: .height)
        try container.encode(state, forKey: .state)
        try container.encode(direction, forKey: .direction)
        try container.encode(net, forKey: .net)
        try container.encode(fee, forKey: .fee)
        try container.encode(sent, forKey: .sent)
        try container.encode(recipients, forKey: .recipients)
        try container.encode(labels, forKey: .labels)
        try container.encode(createdAt, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey { case txid, height, state, direction, net, fee, sent, recipients, labels, createdAt }

    /// `HEIGHT|STATE  DIRECTION  ±BSV (sat)  [fee F]  [to A, B]  TXID  ["label"…]`, tab-separated.
    var line: String {
        var columns = [height.map(String.init) ?? state, direction, AmountText.signed(net)]
        if let fee { columns.append("fee " + AmountText.grouped(fee) + " sat") }
        let paid = recipients.map { $0.address ?? "a script (\(AmountText.grouped($0.satoshis)) sat)" }
        if !paid.isEmpty { columns.append("to " + paid.joined(separator: ", ")) }
        columns.append(txid)
        if !labels.isEmpty { columns.append(labels.map { "\"" + UntrustedText.escaped($0) + "\"" }.joined(separator: " ")) }
        return columns.joined(separator: "\t")
    }
}
