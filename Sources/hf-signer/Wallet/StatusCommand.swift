import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore

/// `hf-signer status`: one screen of what this home holds on the network, and the next thing to do.
struct StatusCommand: Command {
    static let name = "status"
    static let abstract = "One screen: the chain, each wallet's money and pending payments, its addresses, the policy."
    static let discussion: String? = """
        For the network: the validated tip and how old its block is (by the header's time), then per wallet the \
        confirmed balance, what pending payments take out and the change they bring back once confirmed, how many \
        receive addresses are used of those the watcher was given, the spending policy's window when one is set, \
        and the next thing to do (broadcast a pending payment and carry back the update, carry an update when the \
        chain here is more than two hours old, create a wallet). Reads only; asks for the store passphrase to \
        derive the wallets' addresses. With --json: {"network","next":[…],"policy":{…as policy show},\
        "tipTime","validatedTipHeight","wallets":[{"confirmed","default","packBehind","pendingChange","pendingCount",\
        "pendingOut","receiveExported","receiveUsed","title","walletId"}]} (tipTime in seconds since 1970 or null).
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let status = try signerOperation { () throws(SignerError) in try SignerStatus(session, secrets: context.secrets) }
        var age: Int64?
        if let time = status.tipTime, let now = (try? RFC3339Timestamp.now())?.secondsSince1970 { age = now - Int64(time) }
        let next = Self.next(status, tipAge: age)
        if context.globals.json {
            try Output.json(Report(status, next: next))
            return .success
        }
        var tip = "network \(status.network): validated tip \(status.validatedTipHeight)"
        if let time = status.tipTime, let text = try? RFC3339Timestamp(secondsSince1970: Int64(time)).text {
            tip += ", its block from \(text)" + (age.map { " (" + AgeText.ago($0) + ")" } ?? "")
        }
        Output.result(tip)
        for wallet in status.wallets {
            Output.result("wallet \(wallet.walletID.prefix(16)) \"\(UntrustedText.escaped(wallet.title))\"\(wallet.isDefault ? " (default)" : "")")
            Output.result("  confirmed:   \(AmountText.bsv(wallet.confirmed))")
            if wallet.pendingCount > 0 {
                Output.result(
                    "  pending:     \(wallet.pendingCount) payment\(wallet.pendingCount == 1 ? "" : "s") taking "
                        + "\(AmountText.bsv(wallet.pendingOut)) out; \(AmountText.bsv(wallet.pendingChange)) of change "
                        + "in flight")
            } else {
                Output.result("  pending:     none")
            }
            if wallet.receiveExported == 0 {
                // No pack written yet: "1 of 0" would read as a fault (a receipt can come before the first pack).
                Output.result(
                    "  addresses:   \(wallet.receiveUsed) receive address\(wallet.receiveUsed == 1 ? "" : "es") used; none "
                        + "given to the watcher yet")
            } else {
                Output.result(
                    "  addresses:   \(wallet.receiveUsed) of \(wallet.receiveExported) receive addresses given to the "
                        + "watcher used")
            }
        }
        if let window = status.policy.window {
            Output.result(
                "policy: \(AmountText.bsv(window.leftSatoshis)) left of \(AmountText.bsv(window.maxSatoshis)) in the "
                    + "\(window.blocks)-block window from height \(window.firstHeight)")
        } else {
            Output.result("policy: \(status.policy.set ? "set, no window" : "none set")")
        }
        for line in next { Output.result("next: " + line) }
        return .success
    }

    /// What to do next, most urgent first; "nothing to do" when all is current.
    static func next(_ status: SignerStatus, tipAge: Int64?) -> [String] {
        var steps: [String] = []
        if status.wallets.isEmpty {
            steps.append("create a wallet: `hf-signer wallet create` (or `wallet import`)")
        }
        let pending = status.wallets.reduce(0) { $0 + $1.pendingCount }
        if pending > 0 {
            steps.append(
                "broadcast the pending payment\(pending == 1 ? "" : "s") with `hf-watcher broadcast F.hftx` "
                    + "(`hf-signer pending export TXID --out F.hftx` writes one again), then carry back "
                    + "`hf-watcher export update`")
        }
        if status.wallets.contains(where: { $0.receiveExported == 0 }) {
            steps.append(
                "give the watcher the wallet's addresses: `hf-signer export addrpack --out wallet.hfaddrpack`, then "
                    + "`hf-watcher import wallet.hfaddrpack` on the online machine")
        }
        if status.wallets.contains(where: { $0.receiveExported > 0 && $0.packBehind }) {
            steps.append(
                "the wallet's activity reaches past the addresses the watcher has: the next bundle you write carries "
                    + "more (`hf-signer export state --out s.hfstate` when there is nothing else to carry)")
        }
        if pending == 0, !status.wallets.isEmpty, tipAge.map({ $0 > 2 * 3_600 }) ?? true {
            steps.append(
                "carry an update from the watcher: `hf-watcher export update --out u.hfupdate`, then `hf-signer "
                    + "import u.hfupdate`")
        }
        return steps.isEmpty ? ["nothing to do"] : steps
    }

    /// `status --json`.
    struct Report: Encodable {
        struct Wallet: Encodable {
            let walletId: String
            let title: String
            let `default`: Bool
            let confirmed: UInt64
            let pendingOut: UInt64
            let pendingChange: UInt64
            let pendingCount: Int
            let receiveUsed: Int
            let receiveExported: Int
            let packBehind: Bool
        }

        let network: String
        let validatedTipHeight: Int
        let tipTime: UInt32?
        let wallets: [Wallet]
        let policy: PolicyStatus
        let next: [String]

        init(_ status: SignerStatus, next: [String]) {
            network = status.network
            validatedTipHeight = status.validatedTipHeight
            tipTime = status.tipTime
            wallets = status.wallets.map {
                Wallet(
                    walletId: $0.walletID, title: $0.title, default: $0.isDefault, confirmed: $0.confirmed,
                    pendingOut: $0.pendingOut, pendingChange: $0.pendingChange, pendingCount: $0.pendingCount,
                    receiveUsed: $0.receiveUsed, receiveExported: $0.receiveExported, packBehind: $0.packBehind)
            }
            policy = status.policy
            self.next = next
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(network, forKey: .network)
            try container.encode(validatedTipHeight, forKey: .validatedTipHeight)
            try container.encode(tipTime, forKey: .tipTime)
            try container.encode(wallets, forKey: .wallets)
            try container.encode(policy, forKey: .policy)
            try container.encode(next, forKey: .next)
        }

        enum CodingKeys: String, CodingKey { case network, validatedTipHeight, tipTime, wallets, policy, next }
    }
}
