import HFPrimitives

extension CoinSelector {
    /// The requested outputs as the size and fee arithmetic needs them.
    struct OutputShape {
        /// Their number.
        let count: Int
        /// Their serialized bytes.
        let bytes: Int
        /// Their total value.
        let satoshis: UInt64

        /// Summarises `outputs`.
        init(_ outputs: [TransactionOutput]) {
            count = outputs.count
            bytes = outputs.reduce(0) { $0 + $1.size }
            satoshis = outputs.reduce(0) { $0 + $1.satoshis }
        }

        /// The estimated size with `inputs` P2PKH inputs and `extraOutputs` P2PKH change outputs.
        func size(inputs: Int, extraOutputs: Int) -> Int {
            TransactionSize.estimate(
                p2pkhInputs: inputs, outputCount: count + extraOutputs,
                outputBytes: bytes + extraOutputs * TransactionSize.p2pkhOutput)
        }
    }

    /// Inputs taken in order until they pay the outputs and the fee without change (`paid`), or all allowed ones.
    struct Accumulation {
        /// Indices into the UTXO array, in input order.
        var chosen: [Int] = []
        /// Their value.
        var total: UInt64 = 0
        /// Whether they pay the outputs and the fee of a transaction without change.
        var paid = false
    }

    /// Takes `ordered` UTXOs, at most `cap` of them dust, until they pay for `shape` without change.
    func accumulate(_ ordered: [Int], in utxos: [UTXO], shape: OutputShape, cap: Int) -> Accumulation {
        var result = Accumulation()
        var dustCount = 0
        for index in ordered {
            let value = utxos[index].satoshis
            if DustLimit.isDust(value) {
                guard dustCount < cap else { continue }
                dustCount += 1
            }
            result.chosen.append(index)
            result.total += value
            let fee = feeRate.fee(forSize: shape.size(inputs: result.chosen.count, extraOutputs: 0))
            let (needed, overflow) = shape.satoshis.addingReportingOverflow(fee)
            if !overflow, result.total >= needed {
                result.paid = true
                return result
            }
        }
        return result
    }

    /// Decides the change of paid inputs: none, one output, or two (smart change).
    func settle(
        _ paid: Accumulation, in utxos: [UTXO], shape: OutputShape, policy: SelectionPolicy, fallback: Bool
    ) -> CoinSelection {
        let inputs = paid.chosen.count
        let surplus = paid.total - shape.satoshis
        var change: [UInt64] = []
        var size = shape.size(inputs: inputs, extraOutputs: 0)
        let oneSize = shape.size(inputs: inputs, extraOutputs: 1)
        let oneFee = feeRate.fee(forSize: oneSize)
        if surplus >= oneFee, !DustLimit.isDust(surplus - oneFee) {
            let single = surplus - oneFee
            change = [single]
            size = oneSize
            let twoSize = shape.size(inputs: inputs, extraOutputs: 2)
            let twoFee = feeRate.fee(forSize: twoSize)
            let (limit, overflow) = shape.satoshis.multipliedReportingOverflow(by: Self.smartChangeFactor)
            if policy.smartChange, shape.satoshis > 0, !overflow, single > limit, surplus >= twoFee {
                let both = surplus - twoFee
                let second = both / 2
                if !DustLimit.isDust(second) {
                    change = [both - second, second]
                    size = twoSize
                }
            }
        }
        let fee = surplus - change.reduce(0, +)
        return CoinSelection(
            inputs: paid.chosen.map { utxos[$0] }, change: change, fee: fee, paymentSatoshis: shape.satoshis,
            inputSatoshis: paid.total, estimatedSize: size, policy: policy, usedLargestFirstFallback: fallback)
    }
}
