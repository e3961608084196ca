import HFBundles
import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher status`: one screen of what the watcher holds on the network, and the next thing to do.
struct WatcherStatusCommand: Command {
    static let name = "status"
    static let abstract = "One screen: the chain, the watched coins, where the signer stands, what to carry next."
    static let discussion: String? = """
        For the network: the validated tip and how old its block is (by the header's time); per watched wallet \
        the confirmed and unconfirmed coins, how many watched addresses were paid, where its signer stands by the \
        newest state the watcher took (its tip, when it wrote it, its pending payments), and what an update would \
        carry now (headers, receipts, a request for more addresses); then the next thing to do (import an address \
        pack, sync when the chain is more than two hours old, carry an update). Reads only; needs no service. \
        With --json: {"network","next":[…],"tipTime","validatedTipHeight","wallets":[{"addresses","asksForAddresses",\
        "confirmed","signerPending","signerStateTime","signerTip","unconfirmed","updateHeaders","updateReceipts",\
        "usedAddresses","walletId"}]} (times in seconds since 1970; signerTip, signerStateTime, updateHeaders and \
        updateReceipts null when the watcher holds no state of the signer, or its chain shares no recent block).
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let status = try watcherOperation { () throws(WatcherError) in
            try WatcherStatus(home: home, network: context.network)
        }
        let now = (try? RFC3339Timestamp.now())?.secondsSince1970
        let tipAge = status.tipTime.flatMap { time in now.map { $0 - Int64(time) } }
        let next = Self.next(status, tipAge: tipAge)
        if context.globals.json {
            try Output.json(Report(status, next: next))
            return .success
        }
        var tip = "network \(status.network): validated tip \(status.validatedTipHeight)"
        if let time = status.tipTime, let text = try? RFC3339Timestamp(secondsSince1970: Int64(time)).text {
            tip += ", its block from \(text)" + (tipAge.map { " (" + AgeText.ago($0) + ")" } ?? "")
        }
        Output.result(tip)
        for wallet in status.wallets {
            Output.result("wallet \(wallet.walletID.prefix(16))")
            Output.result(
                "  confirmed:   \(AmountText.bsv(wallet.confirmed)); unconfirmed: \(AmountText.bsv(wallet.unconfirmed))")
            Output.result("  addresses:   \(wallet.usedAddresses) of \(wallet.addresses) watched addresses paid")
            if let signerTip = wallet.signerTip {
                let written = wallet.signerStateTime.flatMap { time in now.map { " from " + AgeText.ago($0 - time) } } ?? ""
                Output.result(
                    "  signer:      validated tip \(signerTip), \(wallet.signerPending) pending "
                        + "payment\(wallet.signerPending == 1 ? "" : "s") (as its last state\(written) says)")
            } else {
                Output.result("  signer:      no state taken yet")
            }
            if let headers = wallet.updateHeaders, let receipts = wallet.updateReceipts {
                Output.result(
                    "  update:      \(headers) header\(headers == 1 ? "" : "s") and \(receipts) "
                        + "receipt\(receipts == 1 ? "" : "s") to carry"
                        + (wallet.asksForAddresses ? ", and a request for more addresses" : ""))
            }
        }
        for line in next { Output.result("next: " + line) }
        return .success
    }

    /// What to do next, most urgent first; "nothing to do" when all is current.
    static func next(_ status: WatcherStatus, tipAge: Int64?) -> [String] {
        var steps: [String] = []
        if status.wallets.isEmpty {
            steps.append("import the signer's address pack: `hf-watcher import F.hfaddrpack --trust-identity KEY`")
        }
        if !status.wallets.isEmpty, tipAge.map({ $0 > 2 * 3_600 }) ?? true {
            steps.append("sync: `hf-watcher sync`")
        }
        if status.wallets.contains(where: { $0.signerTip == nil }) {
            steps.append("import any bundle the signer writes (or its `hf-signer export state --out s.hfstate`)")
        }
        if status.wallets.contains(where: {
            ($0.updateHeaders ?? 0) > 0 || ($0.updateReceipts ?? 0) > 0 || $0.asksForAddresses
        }) {
            steps.append(
                "carry an update to the signer: `hf-watcher export update --out u.hfupdate`, then `hf-signer import "
                    + "u.hfupdate` there")
        }
        return steps.isEmpty ? ["nothing to do"] : steps
    }

    /// `status --json`.
    struct Report: Encodable {
        struct Wallet: Encodable {
            let walletId: String
            let confirmed: UInt64
            let unconfirmed: UInt64
            let addresses: Int
            let usedAddresses: Int
            let signerTip: Int?
            let signerStateTime: Int64?
            let signerPending: Int
            let updateHeaders: Int?
            let updateReceipts: Int?
            let asksForAddresses: Bool

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(walletId, forKey: .walletId)
                try container.encode(confirmed, forKey: .confirmed)
                try container.encode(unconfirmed, forKey: .unconfirmed)
                try container.encode(addresses, forKey: .addresses)
                try container.encode(usedAddresses, forKey: .usedAddresses)
                try container.encode(signerTip, forKey: .signerTip)
                try container.encode(signerStateTime, forKey: .signerStateTime)
                try container.encode(signerPending, forKey: .signerPending)
                try container.encode(updateHeaders, forKey: .updateHeaders)
                try container.encode(updateReceipts, forKey: .updateReceipts)
                try container.encode(asksForAddresses, forKey: .asksForAddresses)
            }

            enum CodingKeys: String, CodingKey {
                case walletId, confirmed, unconfirmed, addresses, usedAddresses, signerTip, signerStateTime
                case signerPending, updateHeaders, updateReceipts, asksForAddresses
            }
        }

        let network: String
        let validatedTipHeight: Int
        let tipTime: UInt32?
        let wallets: [Wallet]
        let next: [String]

        init(_ status: WatcherStatus, next: [String]) {
            network = status.network
            validatedTipHeight = status.validatedTipHeight
            tipTime = status.tipTime
            wallets = status.wallets.map {
                Wallet(
                    walletId: $0.walletID, confirmed: $0.confirmed, unconfirmed: $0.unconfirmed, addresses: $0.addresses,
                    usedAddresses: $0.usedAddresses, signerTip: $0.signerTip, signerStateTime: $0.signerStateTime,
                    signerPending: $0.signerPending, updateHeaders: $0.updateHeaders, updateReceipts: $0.updateReceipts,
                    asksForAddresses: $0.asksForAddresses)
            }
            self.next = next
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(network, forKey: .network)
            try container.encode(validatedTipHeight, forKey: .validatedTipHeight)
            try container.encode(tipTime, forKey: .tipTime)
            try container.encode(wallets, forKey: .wallets)
            try container.encode(next, forKey: .next)
        }

        enum CodingKeys: String, CodingKey { case network, validatedTipHeight, tipTime, wallets, next }
    }
}
