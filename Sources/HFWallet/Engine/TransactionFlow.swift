public import HFPrimitives

/// What one transaction means for a wallet: what it paid the wallet, what it took from the wallet's coins, the fee
/// when every input's amount is known, and the addresses on the other side — the columns of `history` and of
/// `pending list` on both sides (issue 28). Derived from the transaction and the wallet's other transactions only.
public struct TransactionFlow: Sendable, Equatable {
    /// Which way the money went for the wallet.
    public enum Direction: String, Sendable, Equatable {
        /// The wallet's coins paid nothing; outputs pay the wallet.
        case received
        /// The wallet's coins paid someone else (possibly with change back).
        case sent
        /// The wallet's coins paid only the wallet (a split, a consolidation): only the fee left.
        case `self`
    }

    /// An output paying someone else.
    public struct Payment: Sendable, Equatable {
        /// The P2PKH address paid, or nil for another script (a data output, a token script).
        public let address: Address?
        /// The amount.
        public let satoshis: UInt64
    }

    /// Satoshis of outputs paying the wallet's addresses.
    public let toWallet: UInt64
    /// Satoshis of the wallet's coins the inputs spend.
    public let fromWallet: UInt64
    /// The outputs paying others, in output order.
    public let toOthers: [Payment]
    /// The fee, when every input's amount is known (the wallet's own spends), else nil.
    public let fee: UInt64?

    /// The flow of `transaction` for the wallet whose locking scripts `owns` recognises; `previous` gives the output
    /// an input spends when the wallet holds that transaction.
    public init(
        _ transaction: Transaction, network: Network, previous: (OutPoint) -> TransactionOutput?,
        owns: (Script) -> Bool
    ) {
        var toWallet: UInt64 = 0
        var toOthers: [Payment] = []
        for output in transaction.outputs {
            if owns(output.lockingScript) {
                toWallet += output.satoshis
            } else {
                toOthers.append(Payment(address: output.lockingScript.p2pkhAddress(network: network), satoshis: output.satoshis))
            }
        }
        var fromWallet: UInt64 = 0
        var inputsTotal: UInt64? = 0
        for input in transaction.inputs {
            guard let spent = previous(input.previousOutput) else {
                inputsTotal = nil
                continue
            }
            if owns(spent.lockingScript) { fromWallet += spent.satoshis }
            inputsTotal = inputsTotal.map { $0 + spent.satoshis }
        }
        let outputsTotal = transaction.outputs.reduce(UInt64(0)) { $0 + $1.satoshis }
        self.toWallet = toWallet
        self.fromWallet = fromWallet
        self.toOthers = toOthers
        fee = inputsTotal.flatMap { $0 >= outputsTotal ? $0 - outputsTotal : nil }
    }

    /// `received` when none of the wallet's coins were spent, `self` when they paid only the wallet, else `sent`.
    public var direction: Direction {
        if fromWallet == 0 { return .received }
        return toOthers.allSatisfy { $0.satoshis == 0 } ? .self : .sent
    }

    /// What the wallet gained (positive) or lost (negative), fee included.
    public var net: Int64 { Int64(toWallet) - Int64(fromWallet) }

    /// Satoshis sent to others (zero for received and self).
    public var sent: UInt64 { direction == .received ? 0 : toOthers.reduce(0) { $0 + $1.satoshis } }
}
