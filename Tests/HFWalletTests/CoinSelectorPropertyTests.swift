import HFPrimitives
import Testing

@testable import HFWallet

/// Properties of coin selection over many random wallets (seeded, so every run checks the same cases).
@Suite struct CoinSelectorPropertyTests {
    typealias F = EngineFixtures

    /// A random wallet: ordinals, inscriptions, dust, small and large coins in random proportions.
    static func randomWallet(_ generator: inout SeededGenerator, case number: Int) throws -> [UTXO] {
        let count = Int.random(in: 0...[5, 45, 150, 400].randomElement(using: &generator)!, using: &generator)
        var utxos: [UTXO] = []
        for index in 0..<count {
            let address = F.address(index % 10)
            let outpoint = OutPoint(txid: F.txid("random \(number) \(index)"), vout: UInt32(index % 3))
            let kind = Int.random(in: 0..<100, using: &generator)
            let output: TransactionOutput
            switch kind {
            case 0..<5:
                output = F.output(1, to: address.address)
            case 5..<8:
                let script = Script(
                    bytes: Script(p2pkhPaying: address.address).bytes + [0x00, 0x63, 0x03] + Array("ord".utf8)
                        + [0x68])
                output = try TransactionOutput(
                    satoshis: UInt64.random(in: 1...50_000, using: &generator), lockingScript: script)
            case 8..<40:
                output = F.output(UInt64.random(in: 2..<546, using: &generator), to: address.address)
            case 40..<85:
                output = F.output(UInt64.random(in: 546...5_000, using: &generator), to: address.address)
            default:
                output = F.output(UInt64.random(in: 5_000...50_000_000, using: &generator), to: address.address)
            }
            utxos.append(UTXO(outpoint: outpoint, output: output, address: address, height: 10))
        }
        return utxos
    }

    @Test func selectionsAlwaysKeepTheRules() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var successes = 0
        var failures = 0
        for number in 0..<600 {
            let utxos = try Self.randomWallet(&generator, case: number)
            let rate = try FeeRate(
                satoshis: [0, 1, 1, 1, 50, 500].randomElement(using: &generator)!,
                bytes: [1, 1000, 1000].randomElement(using: &generator)!)
            let selector = CoinSelector(feeRate: rate)
            let total = utxos.reduce(0) { $0 + $1.satoshis }
            let paymentCount = Int.random(in: 1...3, using: &generator)
            let outputs = (0..<paymentCount).map { _ in
                F.output(UInt64.random(in: 1...max(total / 2, 1), using: &generator), to: F.foreign())
            }
            do {
                let selection = try selector.select(from: utxos, paying: outputs)
                try Self.check(selection, utxos: utxos, outputs: outputs, rate: rate)
                successes += 1
            } catch let error as CoinSelectionError {
                failures += 1
                if case .insufficientFunds(let spendable, let needed, _, _, _) = error {
                    #expect(spendable < needed)
                    #expect(spendable <= utxos.filter(\.isSelectable).reduce(0) { $0 + $1.satoshis })
                }
            }
        }
        // The generator must exercise both outcomes, or the test proves little.
        #expect(successes > 200 && failures > 50)
    }

    /// Checks every invariant of one successful selection.
    static func check(
        _ selection: CoinSelection, utxos: [UTXO], outputs: [TransactionOutput], rate: FeeRate
    ) throws {
        let inputs = selection.inputs
        #expect(!inputs.isEmpty)
        #expect(inputs.allSatisfy { $0.satoshis != 1 && !$0.lockingScript.containsInscriptionEnvelope })
        #expect(Set(inputs.map(\.outpoint)).count == inputs.count)
        #expect(inputs.allSatisfy { utxo in utxos.contains(utxo) })
        let inputTotal = inputs.reduce(0) { $0 + $1.satoshis }
        let payment = outputs.reduce(0) { $0 + $1.satoshis }
        #expect(selection.inputSatoshis == inputTotal && selection.paymentSatoshis == payment)
        #expect(inputTotal == payment + selection.change.reduce(0, +) + selection.fee)
        #expect(selection.change.count <= 2)
        #expect(selection.change.allSatisfy { $0 >= DustLimit.threshold })
        let size = TransactionSize.estimate(
            p2pkhInputs: inputs.count, outputCount: outputs.count + selection.change.count,
            outputBytes: outputs.reduce(0) { $0 + $1.size } + selection.change.count * 34)
        #expect(selection.estimatedSize == size && size <= CoinSelector.maximumTransactionSize)
        // The fee covers the rate, and exceeds it only by change too small to keep.
        #expect(selection.fee >= rate.fee(forSize: size))
        if selection.change.isEmpty {
            #expect(selection.fee < rate.fee(forSize: size + 34) + DustLimit.threshold)
        } else {
            #expect(selection.fee == rate.fee(forSize: size))
        }
        let policy = SelectionPolicy.forUTXOs(utxos)
        #expect(selection.policy == policy)
        #expect(inputs.filter { DustLimit.isDust($0.satoshis) }.count <= policy.dustInputCap)
        let values = inputs.map(\.satoshis)
        if policy.smallestFirst, !selection.usedLargestFirstFallback {
            #expect(values == values.sorted())
        } else {
            #expect(values == values.sorted(by: >))
        }
        if selection.change.count == 2 {
            let single = inputTotal - payment - rate.fee(forSize: size - 34)
            #expect(policy.smartChange && single > 10 * payment)
        }
        // Greedy: without its last input the selection would not pay.
        let withoutLast = inputTotal - values.last!
        let smallerFee = rate.fee(
            forSize: TransactionSize.estimate(
                p2pkhInputs: inputs.count - 1, outputCount: outputs.count,
                outputBytes: outputs.reduce(0) { $0 + $1.size }))
        #expect(withoutLast < payment + smallerFee)
    }
}
