public import HFPrimitives

/// What a wallet signed and has not yet seen confirmed, and the BRC-100 calls it paid (backup version 4,
/// `.hfwallet` version 3): the two optional members `"pending":[<.hftx objects>]` and
/// `"answeredCalls":[{"callId","txid"}]` of a wallet object.
///
/// A restore brings the pending transactions back as pending (their inputs spent, their `.hftx` the same bytes)
/// and the answered calls as "pays once" records, so a restored home neither spends a signed coin again nor
/// answers a paid call twice.
public struct WalletPending: Sendable, Hashable {
    /// The signed transactions kept as pending, as their `.hftx` bundles, each txid once, all on the wallet's
    /// network, 0…10,000.
    public let transactions: [TransactionBundle]
    /// The answered `createAction` calls, each call ID once, 0…100,000.
    public let answeredCalls: [BackupAnsweredCall]

    /// Nothing pending, no call answered.
    public static let none = WalletPending(checked: [], answeredCalls: [])

    /// Whether there is anything to carry (a document needs its newest version only then).
    public var isEmpty: Bool { transactions.isEmpty && answeredCalls.isEmpty }

    /// The pending transactions and answered calls of a wallet on `network`.
    /// - Throws: `BundleError.countOutOfRange` (paths `pending`, `answeredCalls`), `.wrongNetwork` for a
    ///   transaction of another network, or `.duplicateEntry` (paths `pending[i]`, `answeredCalls[i]`).
    public init(
        transactions: [TransactionBundle], answeredCalls: [BackupAnsweredCall], network: Network
    ) throws(BundleError) {
        guard BundleLimits.backupPendingCount.contains(transactions.count) else {
            throw .countOutOfRange(path: "pending", count: transactions.count, allowed: BundleLimits.backupPendingCount)
        }
        guard BundleLimits.backupAnsweredCallCount.contains(answeredCalls.count) else {
            throw .countOutOfRange(
                path: "answeredCalls", count: answeredCalls.count, allowed: BundleLimits.backupAnsweredCallCount)
        }
        var txids: Set<Txid> = []
        for (index, transaction) in transactions.enumerated() {
            guard transaction.network == network else { throw .wrongNetwork(expected: network, found: transaction.network) }
            guard txids.insert(transaction.txid).inserted else { throw .duplicateEntry(path: "pending[\(index)]") }
        }
        var calls: Set<[UInt8]> = []
        for (index, call) in answeredCalls.enumerated() where !calls.insert(call.callID).inserted {
            throw .duplicateEntry(path: "answeredCalls[\(index)]")
        }
        self.init(checked: transactions, answeredCalls: answeredCalls)
    }

    private init(checked transactions: [TransactionBundle], answeredCalls: [BackupAnsweredCall]) {
        self.transactions = transactions
        self.answeredCalls = answeredCalls
    }

    /// Reads the two optional members of a wallet object on `network`.
    static func decode(_ reader: inout JSONObjectReader, network: Network) throws(BundleError) -> WalletPending {
        var transactions: [TransactionBundle] = []
        if let field = reader.optionalField("pending") {
            for element in try field.array(count: BundleLimits.backupPendingCount) {
                transactions.append(try TransactionBundle(reader: try element.object(), expectedNetwork: network))
            }
        }
        var answeredCalls: [BackupAnsweredCall] = []
        if let field = reader.optionalField("answeredCalls") {
            for element in try field.array(count: BundleLimits.backupAnsweredCallCount) {
                answeredCalls.append(try BackupAnsweredCall.decode(element))
            }
        }
        return try WalletPending(transactions: transactions, answeredCalls: answeredCalls, network: network)
    }

    /// The members to write (none when empty): `pending` as canonical `.hftx` objects, `answeredCalls`.
    func members() -> [CanonicalJSONWriter.Member] {
        var members: [CanonicalJSONWriter.Member] = []
        if !transactions.isEmpty {
            let encoded = transactions.map { $0.encoded() }
            members.append(("pending", { writer in writer.writeArray(encoded) { $0.writeCanonical($1) } }))
        }
        if !answeredCalls.isEmpty {
            members.append(("answeredCalls", { writer in writer.writeArray(answeredCalls) { $0.write($1.jsonValue) } }))
        }
        return members
    }

    /// The same members as JSON values (none when empty), for documents built as a `JSONValue`.
    var jsonMembers: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if !transactions.isEmpty {
            // A bundle's own canonical bytes always parse back.
            members["pending"] = .array(transactions.map { (try? JSONParser.parse($0.encoded(), limits: .bundle)) ?? .null })
        }
        if !answeredCalls.isEmpty { members["answeredCalls"] = .array(answeredCalls.map(\.jsonValue)) }
        return members
    }

    /// An estimate of the bytes `members()` writes, to reserve the writer's buffer.
    var encodedCapacity: Int {
        transactions.reduce(64) { $0 + 2 * $1.rawTx.count + 200 * $1.inputs.count + 256 } + 120 * answeredCalls.count
    }
}
