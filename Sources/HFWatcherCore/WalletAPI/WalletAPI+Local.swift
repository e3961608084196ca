import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFStore

/// The methods the watcher answers alone, from its own verified chain and watch-only ledger.
extension WalletAPI {
    /// The BRC-100 methods answered here (for help and the man page).
    public static let localMethods = [
        "getNetwork", "getVersion", "getHeight", "getHeaderForHeight", "isAuthenticated", "waitForAuthentication",
        "getPublicKey", "listOutputs", "listActions",
    ]

    /// The most outputs or actions one listing returns (BRC-100's bound).
    static let maxListLimit = 10_000

    /// The result of `call` when the watcher answers it alone; nil when it needs a key (`getPublicKey` without
    /// `identityKey: true`, and every method of `WalletCallMethod`).
    func answerLocally(_ call: WalletAPIRequest.Checked) throws(WalletAPIRefusal) -> [String: JSONValue]? {
        let arguments = call.arguments
        switch call.method {
        case "getNetwork":
            return ["network": .string(network == .main ? "mainnet" : "testnet")]
        case "getVersion":
            return ["version": .string(version)]
        case "isAuthenticated", "waitForAuthentication":
            return ["authenticated": .bool(true)]
        case "getPublicKey" where arguments["identityKey"] == .bool(true):
            return ["publicKey": .string(wallet.identityKey.compressed.hex)]
        case "getHeight":
            return try withChain { chain in ["height": .integer(chain.validatedTipHeight)] }
        case "getHeaderForHeight":
            guard case .number(let number)? = arguments["height"], !number.isNegative, number.magnitude <= UInt64(Int32.max)
            else { throw .invalidParameter("height", "a whole number") }
            let height = Int(number.magnitude)
            return try withChain { chain throws(WalletAPIRefusal) in
                guard let header = try? chain.storedHeader(at: height) else {
                    throw .invalidParameter(
                        "height",
                        "a height of the watcher's validated chain, \(chain.checkpoint.height) to "
                            + "\(chain.validatedTipHeight) (run `hf-watcher sync` for newer ones)")
                }
                return ["header": .string(header.serialized.hex)]
            }
        case "listOutputs":
            return try listOutputs(arguments)
        case "listActions":
            return try listActions(arguments)
        default:
            return nil
        }
    }

    /// `limit` (default 10, 1 to 10,000) and `offset` (default 0) of a listing.
    private func page(_ arguments: [String: JSONValue]) throws(WalletAPIRefusal) -> (limit: Int, offset: Int) {
        func natural(_ name: String, default value: Int, range: ClosedRange<Int>) throws(WalletAPIRefusal) -> Int {
            guard let given = arguments[name] else { return value }
            guard case .number(let number) = given, !number.isNegative, number.magnitude <= UInt64(range.upperBound),
                range.contains(Int(number.magnitude))
            else { throw .invalidParameter(name, "a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return Int(number.magnitude)
        }
        return (
            try natural("limit", default: 10, range: 1...Self.maxListLimit),
            try natural("offset", default: 0, range: 0...Int(Int32.max))
        )
    }

    /// `listOutputs {basket, include?, limit?, offset?}`: the watch-only UTXOs of the wallet, all in basket
    /// `default` (another basket is empty), `{"outpoint":"<txid>.<vout>","satoshis","spendable"}` each, with
    /// `lockingScript` (hex) when `include` is `"locking scripts"`, and the BEEF of the listed outputs' transactions
    /// (`"BEEF"`, bytes) when it is `"entire transactions"`. A 1-satoshi output is listed not spendable: the signer
    /// never spends one (it may carry an ordinal). A basket `"balance <basket>"` (BRC-112) lists no outputs and
    /// gives in `totalOutputs` the sum of the satoshis of every output in that basket.
    private func listOutputs(_ arguments: [String: JSONValue]) throws(WalletAPIRefusal) -> [String: JSONValue] {
        guard case .string(let requested)? = arguments["basket"], !requested.isEmpty, requested.utf8.count <= 300 else {
            throw .invalidParameter("basket", "a basket name (hf-airgap keeps every output in \"default\")")
        }
        let balanceQuery = requested.hasPrefix("balance ")
        let basket = balanceQuery ? String(requested.dropFirst("balance ".count)) : requested
        guard !basket.isEmpty, !(balanceQuery && basket.hasPrefix("p ")) else {
            throw .invalidParameter("basket", "\"balance <basket>\" with a basket name; a module basket has no balance")
        }
        var include = ""
        if let given = arguments["include"] {
            guard case .string(let text) = given, ["locking scripts", "entire transactions"].contains(text) else {
                throw .invalidParameter("include", "\"locking scripts\" or \"entire transactions\"")
            }
            include = text
        }
        let (limit, offset) = try page(arguments)
        let outputs = basket == "default" ? try withLedger { view in view.ledger.unspent.filter { view.served.contains($0.address) } } : []
        if balanceQuery {
            return ["totalOutputs": .integer(outputs.reduce(0) { $0 + $1.satoshis }), "outputs": .array([])]
        }
        let page = Array(outputs.dropFirst(offset).prefix(limit))
        let listed = page.map { output -> JSONValue in
            var object: [String: JSONValue] = [
                "outpoint": .string("\(output.txid).\(output.vout)"), "satoshis": .integer(output.satoshis),
                "spendable": .bool(output.satoshis > 1),
            ]
            if include == "locking scripts", let address = try? Address(string: output.address, network: network) {
                object["lockingScript"] = .string(Script(p2pkhPaying: address).hex)
            }
            return .object(object)
        }
        var result: [String: JSONValue] = ["totalOutputs": .integer(outputs.count), "outputs": .array(listed)]
        if include == "entire transactions", !page.isEmpty {
            var txids: [Txid] = []
            for output in page {
                guard let txid = try? Txid(displayHex: output.txid) else { throw .internalError("a stored txid does not decode") }
                if !txids.contains(txid) { txids.append(txid) }
            }
            result["BEEF"] = .bytes(try beef(of: txids))
        }
        return result
    }

    /// `listActions {labels, labelQueryMode?, includeLabels?, limit?, offset?}`: the transactions the watcher holds
    /// that spend the wallet's coins (what the signer signed and the watcher broadcast), derived from the stored
    /// transactions: `{"txid","satoshis" (the wallet's net change, negative),"status" ("completed" on the best
    /// chain, else "unproven"),"isOutgoing":true,"description","version","lockTime"}`, and `"labels"` when
    /// `includeLabels` is true. The description and labels are the createAction's, kept by `wallet-api deliver`;
    /// a payment made otherwise (`send`) has none and the description "hf-airgap payment". Empty `labels` lists
    /// every action; otherwise an action carrying any of them (`labelQueryMode` "any", the default) or all of them
    /// ("all").
    private func listActions(_ arguments: [String: JSONValue]) throws(WalletAPIRefusal) -> [String: JSONValue] {
        guard case .array(let given)? = arguments["labels"] else {
            throw .invalidParameter("labels", "an array of label strings ([] lists every action)")
        }
        var labels: Set<String> = []
        for (index, item) in given.enumerated() {
            guard case .string(let label) = item, (1...300).contains(label.utf8.count) else {
                throw .invalidParameter("labels[\(index)]", "a string of 1 to 300 bytes")
            }
            labels.insert(label)
        }
        let matchesAll: Bool
        switch arguments["labelQueryMode"] {
        case nil, .string("any")?: matchesAll = false
        case .string("all")?: matchesAll = true
        default: throw .invalidParameter("labelQueryMode", "\"any\" or \"all\"")
        }
        let includeLabels: Bool
        switch arguments["includeLabels"] {
        case nil: includeLabels = false
        case .bool(let flag)?: includeLabels = flag
        default: throw .invalidParameter("includeLabels", "true or false")
        }
        let (limit, offset) = try page(arguments)
        let kept = try withHome { home throws(WatcherError) -> [String: ActionRecords.Row] in
            do throws(DatabaseError) { return try ActionRecords(database: home.database, network: self.network.rawValue).all() } catch {
                throw .database(error)
            }
        }
        var actions: [[String: JSONValue]] = []
        let outgoing = try withLedger(rows: true) { view in self.outgoing(view) }
        for var action in outgoing {
            guard case .string(let txid)? = action["txid"] else { continue }
            let record = kept[txid]
            let held = Set(record?.labels ?? [])
            if !labels.isEmpty, matchesAll ? !labels.isSubset(of: held) : labels.isDisjoint(with: held) { continue }
            if let record { action["description"] = .string(record.description) }
            if includeLabels { action["labels"] = .array((record?.labels ?? []).map(JSONValue.string)) }
            actions.append(action)
        }
        return [
            "totalActions": .integer(actions.count),
            "actions": .array(Array(actions.dropFirst(offset).prefix(limit)).map(JSONValue.object)),
        ]
    }

    /// The stored transactions that spend an output paying the wallet, oldest first.
    private func outgoing(_ view: LedgerView) -> [[String: JSONValue]] {
        var paying: [String: UInt64] = [:]
        var parsed: [(String, Transaction)] = []
        for row in view.rows {
            guard let transaction = try? Transaction(bytes: row.raw) else { continue }
            parsed.append((row.txid, transaction))
            for (vout, output) in transaction.outputs.enumerated() {
                if let address = output.lockingScript.p2pkhAddress(network: network)?.string, view.served.contains(address) {
                    paying["\(row.txid):\(vout)"] = output.satoshis
                }
            }
        }
        let heights = Dictionary(view.ledger.history.map { ($0.txid, $0.height) }, uniquingKeysWith: { first, _ in first })
        var actions: [[String: JSONValue]] = []
        for entry in view.ledger.history where entry.setAside == nil {
            guard let (txid, transaction) = parsed.first(where: { $0.0 == entry.txid }) else { continue }
            let spent = transaction.inputs.compactMap {
                paying["\($0.previousOutput.txid.displayHex):\($0.previousOutput.vout)"]
            }.reduce(0, +)
            guard spent > 0 else { continue }
            let back = transaction.outputs.enumerated().compactMap { paying["\(txid):\($0.offset)"] }.reduce(0, +)
            actions.append([
                "txid": .string(txid), "satoshis": .integer(Int64(back) - Int64(spent)),
                "status": .string((heights[txid] ?? nil) != nil ? "completed" : "unproven"), "isOutgoing": .bool(true),
                "description": .string("hf-airgap payment"), "version": .integer(Int64(transaction.version)),
                "lockTime": .integer(Int64(transaction.lockTime)),
            ])
        }
        return actions
    }
}
