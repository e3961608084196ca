import HFPrimitives

extension PaymentPlan {
    /// Puts a plan together: inputs with `PaymentBuilder.lockTimeSequence`, `outputs` then one P2PKH output per
    /// wallet output, lock time `lockTime`.
    static func assemble(
        inputs: [UTXO], outputs: [TransactionOutput], walletOutputs: [(DerivedAddress, UInt64)], lockTime: UInt32,
        fee: UInt64, amount: UInt64, estimatedSize: Int, policy: SelectionPolicy?
    ) -> PaymentPlan {
        var allOutputs = outputs
        var indices: [Int] = []
        for (entry, satoshis) in walletOutputs {
            indices.append(allOutputs.count)
            let script = Script(p2pkhPaying: entry.address)
            guard let output = try? TransactionOutput(satoshis: satoshis, lockingScript: script) else {
                preconditionFailure("a wallet output is part of the inputs' value, so at most 21 million BSV")
            }
            allOutputs.append(output)
        }
        let transactionInputs = inputs.map {
            TransactionInput(previousOutput: $0.outpoint, sequence: PaymentBuilder.lockTimeSequence)
        }
        return PaymentPlan(
            transaction: Transaction(version: 1, inputs: transactionInputs, outputs: allOutputs, lockTime: lockTime),
            inputs: inputs, fee: fee, amountSatoshis: amount, usedAddresses: walletOutputs.map(\.0),
            walletOutputIndices: indices, estimatedSize: estimatedSize, policy: policy)
    }

    /// Checks that `lockTime` is a block height.
    static func checkLockTime(_ lockTime: UInt32) throws(PaymentError) {
        guard lockTime < PaymentBuilder.lockTimeThreshold else { throw .lockTimeNotHeight(lockTime) }
    }

    /// Checks that fresh addresses are on `network` and distinct.
    static func checkFreshAddresses(_ addresses: [DerivedAddress], network: Network) throws(PaymentError) {
        var seen = Set<Address>()
        for entry in addresses {
            guard entry.address.network == network else {
                throw .wrongNetwork(address: entry.address.string, expected: network)
            }
            guard seen.insert(entry.address).inserted else { throw .duplicateAddress(entry.address.string) }
        }
    }
}
