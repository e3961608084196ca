public import HFPrimitives
import HFStore
public import HFWallet

/// The external outputs of a transaction this wallet signs: every output that does not pay one of the wallet's
/// fresh addresses the plan chose (its change, a split's or a sweep's destination). An output paying one of the
/// wallet's receive addresses given as a recipient counts as leaving: stricter, never looser.
public struct PaymentOutflows: Sendable, Equatable {
    /// One external output.
    public struct Output: Sendable, Equatable {
        /// The output's index.
        public let vout: Int
        /// The P2PKH address it pays, nil for any other script (data, custom scripts).
        public let address: String?
        /// Its satoshis.
        public let satoshis: UInt64
    }

    /// The external outputs in output order.
    public let outputs: [Output]

    /// The external outputs of `transaction`, given the locking scripts of the wallet's own outputs in it.
    public init(_ transaction: Transaction, ownScripts: Set<[UInt8]>, network: Network) {
        outputs = transaction.outputs.enumerated().compactMap { index, output in
            guard !ownScripts.contains(output.lockingScript.bytes) else { return nil }
            return Output(
                vout: index, address: output.lockingScript.p2pkhAddress(network: network)?.string,
                satoshis: output.satoshis)
        }
    }

    /// The external outputs of `transaction`, which pays the wallet's fresh addresses `own` (its change, a split's
    /// outputs, a sweep's destination) and whatever else it pays.
    public init(_ transaction: Transaction, paying own: [DerivedAddress], network: Network) {
        self.init(transaction, ownScripts: Set(own.map(\.address.lockingScript)), network: network)
    }

    /// The ledger rows of these outputs (written when the transaction is kept), and of its `fee` when above zero:
    /// a fee leaves the wallet as surely as a payment, so the window counts it. The fee's row has no address and
    /// the index `outputCount` (one past the last output, so no output has it).
    func records(
        network: Network, txid: Txid, walletID: String, lockTime: UInt32, fee: UInt64, outputCount: Int
    ) -> [OutflowRecord] {
        var rows = outputs.map {
            OutflowRecord(
                network: network, txid: txid, vout: $0.vout, walletID: walletID, lockTime: lockTime,
                address: $0.address, satoshis: $0.satoshis)
        }
        if fee > 0 {
            rows.append(OutflowRecord(
                network: network, txid: txid, vout: outputCount, walletID: walletID, lockTime: lockTime, address: nil,
                satoshis: fee))
        }
        return rows
    }

    /// The fee `transaction` pays, given the outputs its inputs spend (0 when they do not cover its outputs).
    static func fee(_ transaction: Transaction, spending inputs: [UInt64]) -> UInt64 {
        let total = inputs.reduce(UInt64(0)) { $0.addingReportingOverflow($1).partialValue }
        return total > transaction.totalOutputSatoshis ? total - transaction.totalOutputSatoshis : 0
    }
}
