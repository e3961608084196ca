import HFPrimitives

extension UTXOSet {
    /// The running totals of reconstruction's second pass.
    struct Tally {
        /// Confirmed unspent outputs.
        var confirmed: [UTXO] = []
        /// Pending change.
        var pending: [UTXO] = []
        var confirmedSatoshis: UInt64 = 0
        var protectedSatoshis: UInt64 = 0
        var protectedCount = 0
        var pendingSatoshis: UInt64 = 0
        var unconfirmedSatoshis: UInt64 = 0

        /// Records one unspent output paying the wallet, by the state of its transaction.
        mutating func add(
            outpoint: OutPoint, output: TransactionOutput, address: DerivedAddress, state: WalletTransactionState
        ) {
            switch state {
            case .confirmed(let height):
                let utxo = UTXO(outpoint: outpoint, output: output, address: address, height: height)
                confirmed.append(utxo)
                confirmedSatoshis += output.satoshis
                if utxo.isProtected {
                    protectedSatoshis += output.satoshis
                    protectedCount += 1
                }
            case .pending:
                pending.append(UTXO(outpoint: outpoint, output: output, address: address, height: nil))
                pendingSatoshis += output.satoshis
            case .unconfirmed:
                unconfirmedSatoshis += output.satoshis
            case .cancelled:
                break
            }
        }
    }
}
