import HFCrypto
import HFPrimitives
import HFWallet

/// Wallet-engine cases (issue #4): UTXO reconstruction and a whole send, each against the bare work it cannot avoid.
enum EngineBenchmarks {
    /// Transactions in the reconstructed history.
    static let historyCount = 100_000

    /// UTXOs in the sending wallet.
    static let walletUTXOCount = 10_000

    /// Wallet addresses per chain used by both cases.
    static let addressCount = 20

    /// The sample wallet's first `addressCount` receive and change addresses (Type42).
    static func addresses(_ keys: WalletKeys) throws -> (receive: [DerivedAddress], change: [DerivedAddress]) {
        (
            try keys.derive(scheme: .type42, chain: .receive, start: 0, count: addressCount),
            try keys.derive(scheme: .type42, chain: .change, start: 0, count: addressCount)
        )
    }

    /// A chained history: transaction i spends output 0 of transaction i − 1 (the first spends a foreign outpoint);
    /// output 0 is change to the wallet, output 1 pays a wallet receive address for even i and a foreign one for odd.
    static func history(receive: [DerivedAddress], change: [DerivedAddress]) throws -> [WalletTransaction] {
        let foreign = Script(p2pkhPaying: Address(publicKey: PrivateKey.generate().publicKey, network: .main))
        var previous = OutPoint(txid: try Txid(internalBytes: Hash.sha256(Array("hf-bench funding".utf8))), vout: 0)
        var value: UInt64 = 50 * Amount.satoshisPerBSV
        var result: [WalletTransaction] = []
        result.reserveCapacity(historyCount)
        for index in 0..<historyCount {
            let paid: UInt64 = 1_000 + UInt64(index % 1_000)
            value -= paid + 1
            let payee = index.isMultiple(of: 2) ? Script(p2pkhPaying: receive[index % addressCount].address) : foreign
            let transaction = Transaction(
                inputs: [TransactionInput(previousOutput: previous, sequence: 0xFFFF_FFFE)],
                outputs: [
                    try TransactionOutput(
                        satoshis: value, lockingScript: Script(p2pkhPaying: change[index % addressCount].address)),
                    try TransactionOutput(satoshis: paid, lockingScript: payee),
                ], lockTime: UInt32(800_000 + index / 10))
            let entry = WalletTransaction(transaction: transaction, state: .confirmed(height: 800_000 + index / 10))
            result.append(entry)
            previous = OutPoint(txid: entry.txid, vout: 0)
        }
        return result
    }

    /// `utxo.reconstruct100k`: rebuild the UTXO set from 100,000 in-memory transactions (1 input, 2 outputs,
    /// chained; txids computed when the history is loaded, as the store holds them). Limit: the bare index work,
    /// one pass inserting every outpoint of the history (each input's and each output's) into a `Set<OutPoint>`.
    static let reconstruct = BenchmarkCase(
        name: "utxo.reconstruct",
        summary: "UTXO set from 100,000 chained 1-in/2-out transactions; limit: every outpoint inserted into a Set"
    ) {
        let (receive, change) = try addresses(try KeyBenchmarks.sampleKeys())
        let owned = OwnedAddresses(receive + change)
        let transactions = try history(receive: receive, change: change)
        let set = UTXOSet(transactions: transactions, addresses: owned)
        // Every even transaction's payment is ours, plus the last change: 50,001 UTXOs.
        guard set.utxos.count == historyCount / 2 + 1 else {
            throw BenchmarkFailure(message: "reconstruction found \(set.utxos.count) UTXOs")
        }
        let seconds = measure(repeats: 5) {
            blackHole(UTXOSet(transactions: transactions, addresses: owned).confirmedSatoshis)
        }
        let limit = measure(repeats: 5) {
            var index = Set<OutPoint>()
            index.reserveCapacity(historyCount * 3)
            for entry in transactions {
                for input in entry.transaction.inputs { index.insert(input.previousOutput) }
                for vout in entry.transaction.outputs.indices {
                    index.insert(OutPoint(txid: entry.txid, vout: UInt32(vout)))
                }
            }
            blackHole(index.count)
        }
        var report = BenchmarkReport(
            name: "utxo.reconstruct", n: historyCount, seconds: seconds, limitSeconds: limit)
        report.extra = [("outpoints", Double(historyCount * 3)), ("utxos", Double(set.utxos.count))]
        return report
    }
}

/// A benchmark whose own correctness check failed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let message: String
    /// The message.
    var description: String { message }
}
