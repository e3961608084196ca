import HFCommandLine
import HFPrimitives
import HFWallet
import HFWatcherCore

/// `hf-watcher history`.
struct WatcherHistory: Command {
    static let name = "history"
    static let abstract = "Transactions touching watched addresses, oldest block first."
    static let discussion: String? = """
        One tab-separated line each: the txid, the height (or unconfirmed), the direction for the watched wallets \
        (received: none of their coins were spent; sent: their coins paid someone else; self: only themselves), the \
        net amount in BSV with the satoshis beside it, the fee when the watched coins paid it and the watcher holds \
        every input, and the addresses paid that are not watched. With --json: [{"counted","direction","fee",\
        "height","net","recipients":[{"address","satoshis"}],"sent","standing","txid"}], height null while \
        unconfirmed or while its block is off the watcher's best chain (those come last); standing confirmed, \
        unconfirmed or orphaned (its block left the best chain); counted false for a transaction set aside (an \
        orphaned spend of a watched coin, a double spend that lost to a confirmed one, or a spend of what those \
        paid): it consumes nothing and pays nothing in balance and utxos, and the text line names why; direction, \
        net, sent and recipients null only for a stored transaction that does not parse.
        """
    init(parsing arguments: inout Arguments) throws {}

    struct Entry: Encodable {
        let txid: String
        let height: Int?
        let standing: String
        let counted: Bool
        let direction: String?
        let net: Int64?
        let fee: UInt64?
        let sent: UInt64?
        let recipients: [Recipient]?

        /// An address paid that is not watched (null for another script).
        struct Recipient: Encodable {
            let address: String?
            let satoshis: UInt64
        }

        init(_ entry: WatchOnlyLedger.Entry) {
            txid = entry.txid
            height = entry.height
            standing = entry.standing.code
            counted = entry.setAside == nil
            let flow = entry.flow
            let received = flow?.direction.rawValue == "received"
            direction = flow?.direction.rawValue
            net = flow?.net
            fee = received ? nil : flow?.fee
            sent = flow?.sent
            recipients = flow.map { flow in
                received ? [] : flow.toOthers.map { Recipient(address: $0.address?.string, satoshis: $0.satoshis) }
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(txid, forKey: .txid)
            try container.encode(height, forKey: .height)
            try container.encode(standing, forKey: .standing)
            try container.encode(counted, forKey: .counted)
            try container.encode(direction, forKey: .direction)
            try container.encode(net, forKey: .net)
            try container.encode(fee, forKey: .fee)
            try container.encode(sent, forKey: .sent)
            try container.encode(recipients, forKey: .recipients)
        }

        enum CodingKeys: String, CodingKey { case txid, height, standing, counted, direction, net, fee, sent, recipients }

        /// `TXID  HEIGHT  DIRECTION  ±BSV  [fee F]  [to A, B]`, tab-separated.
        var line: String {
            var columns = [txid, height.map(String.init) ?? "unconfirmed"]
            if let direction, let net {
                columns += [direction, AmountText.signed(net)]
                if let fee { columns.append("fee \(AmountText.grouped(fee)) sat") }
                let paid = (recipients ?? []).map { $0.address ?? "a script" }
                if !paid.isEmpty { columns.append("to " + paid.joined(separator: ", ")) }
            }
            return columns.joined(separator: "\t")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let history = try watcherOperation { () throws(WatcherError) in
            try WatcherSession.history(home: home, network: context.network)
        }
        if context.globals.json {
            try Output.json(history.map(Entry.init))
        } else {
            for entry in history {
                Output.result(Entry(entry).line + (entry.setAside.map { "\tnot counted: \($0)" } ?? ""))
            }
        }
        return .success
    }
}
