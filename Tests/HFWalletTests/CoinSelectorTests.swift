import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct CoinSelectorTests {
    typealias F = EngineFixtures

    let selector = CoinSelector()
    let pay = { (satoshis: UInt64) in [F.output(satoshis, to: F.foreign())] }

    // MARK: - Policy switch

    @Test func policySwitchesAboveOneHundredUTXOs() {
        let rich = { (count: Int) in F.utxos(Array(repeating: 1_000_000, count: count)) }
        #expect(SelectionPolicy.forUTXOs(rich(100)) == .normal)
        #expect(SelectionPolicy.forUTXOs(rich(101)) == .fragmentationAware)
    }

    @Test func policySwitchesAboveFortyUTXOsWithAverageBelow5000() {
        #expect(SelectionPolicy.forCoins(count: 40, totalSatoshis: 40) == .normal)
        #expect(SelectionPolicy.forCoins(count: 41, totalSatoshis: 41 * 5000 - 1) == .fragmentationAware)
        #expect(SelectionPolicy.forCoins(count: 41, totalSatoshis: 41 * 5000) == .normal)
        #expect(SelectionPolicy.forCoins(count: 100, totalSatoshis: 100 * 5000) == .normal)
        #expect(SelectionPolicy.forCoins(count: 0, totalSatoshis: 0) == .normal)
        #expect(SelectionPolicy.forUTXOs(F.utxos(Array(repeating: 4_999, count: 41))) == .fragmentationAware)
        #expect(SelectionPolicy.forUTXOs(F.utxos(Array(repeating: 4_999, count: 40))) == .normal)
    }

    @Test func protectedUTXOsDoNotCountForThePolicy() {
        let ordinals = (0..<200).map { F.utxo(1, index: $0 % 10, label: "ordinal \($0)") }
        #expect(SelectionPolicy.forUTXOs(ordinals + F.utxos([50_000, 60_000])) == .normal)
    }

    @Test func policyParameters() {
        #expect(SelectionPolicy.normal.dustInputCap == 10 && SelectionPolicy.fragmentationAware.dustInputCap == 50)
        #expect(!SelectionPolicy.normal.smallestFirst && SelectionPolicy.fragmentationAware.smallestFirst)
        #expect(SelectionPolicy.normal.smartChange && !SelectionPolicy.fragmentationAware.smartChange)
    }

    // MARK: - Order, change, fee

    @Test func normalPolicyTakesLargestFirst() throws {
        let selection = try selector.select(from: F.utxos([1_000, 50_000, 20_000, 30_000]), paying: pay(60_000))
        #expect(selection.policy == .normal)
        #expect(selection.inputs.map(\.satoshis) == [50_000, 30_000])
        // 2 inputs, 2 outputs: 10 + 296 + 68 = 374 bytes, 1 sat.
        #expect(selection.change == [19_999] && selection.fee == 1 && selection.estimatedSize == 374)
    }

    @Test func fragmentationPolicyTakesSmallestFirst() throws {
        let values = (0..<120).map { UInt64(600 + $0 * 10) }
        let selection = try selector.select(from: F.utxos(values.reversed()), paying: pay(2_000))
        #expect(selection.policy == .fragmentationAware)
        #expect(selection.inputs.map(\.satoshis) == [600, 610, 620, 630])
        #expect(!selection.usedLargestFirstFallback)
    }

    @Test func dustChangeGoesToTheFee() throws {
        // 1 input, recipient + change: 226 bytes, fee 1; 545 left would be dust.
        let selection = try selector.select(from: F.utxos([1_000 + 1 + 545]), paying: pay(1_000))
        #expect(selection.change.isEmpty && selection.fee == 546)
        let kept = try selector.select(from: F.utxos([1_000 + 1 + 546]), paying: pay(1_000))
        #expect(kept.change == [546] && kept.fee == 1)
    }

    @Test func smartChangeSplitsChangeAboveTenTimesThePayment() throws {
        // Single change would be exactly 10 × 1,000: kept whole.
        let whole = try selector.select(from: F.utxos([11_001]), paying: pay(1_000))
        #expect(whole.change == [10_000])
        // One satoshi more: split in two, the first taking the odd satoshi; 260 bytes still cost 1 sat.
        let split = try selector.select(from: F.utxos([11_002]), paying: pay(1_000))
        #expect(split.change == [5_001, 5_000] && split.fee == 1 && split.estimatedSize == 260)
        // Not under the fragmentation-aware policy.
        let off = try selector.select(from: F.utxos([11_002]), paying: pay(1_000), policy: .fragmentationAware)
        #expect(off.change == [10_001])
    }

    @Test func smartChangeKeepsOneOutputWhenHalvesWouldBeDust() throws {
        let selection = try selector.select(from: F.utxos([1_100]), paying: pay(50))
        #expect(selection.change == [1_049])
    }

    @Test func noSmartChangeForAPaymentOfZero() throws {
        let data = [TransactionOutput(amount: .zero, lockingScript: Script(dataOutput: [[1, 2, 3]]))]
        let selection = try selector.select(from: F.utxos([100_000]), paying: data)
        #expect(selection.change.count == 1)
    }

    @Test func neverSpendsProtectedOrUneconomicUTXOs() throws {
        let inscription = Script(
            bytes: Script(p2pkhPaying: F.address(0).address).bytes + [0x00, 0x63, 0x03] + Array("ord".utf8) + [0x68])
        let ordinal = UTXO(
            outpoint: OutPoint(txid: F.txid("inscription"), vout: 0),
            output: try TransactionOutput(satoshis: 1_000_000, lockingScript: inscription), address: F.address(0),
            height: 1)
        let utxos = [ordinal, F.utxo(1, label: "one sat")] + F.utxos([3_000])
        let selection = try selector.select(from: utxos, paying: pay(2_000))
        #expect(selection.inputs.map(\.satoshis) == [3_000])
        #expect(throws: CoinSelectionError.self) { try selector.select(from: utxos, paying: pay(10_000)) }

        // At 1 sat/byte a 148-satoshi coin pays only its own 148 bytes: never taken, so not spendable.
        let dear = CoinSelector(feeRate: try FeeRate(satoshis: 1, bytes: 1))
        #expect(
            throws: CoinSelectionError.insufficientFunds(
                spendable: 10_149, needed: 10_240, payment: 9_900, fee: 340, protected: 0)
        ) {
            try dear.select(from: F.utxos([148, 149, 10_000]), paying: pay(9_900))
        }
    }

    @Test func noSpendableOutputs() {
        let ordinals = (0..<3).map { F.utxo(1, label: "ordinal \($0)") }
        #expect(throws: CoinSelectionError.noSpendableOutputs(protectedCount: 3)) {
            try selector.select(from: ordinals, paying: pay(10))
        }
        #expect(throws: CoinSelectionError.noSpendableOutputs(protectedCount: 0)) {
            try selector.select(from: [], paying: pay(10))
        }
        #expect(CoinSelectionError.noSpendableOutputs(protectedCount: 3).description.contains("all 3 coins"))
    }

    @Test func insufficientFundsSaysWhatIsSpendableAndNeeded() throws {
        let utxos = F.utxos([5_000, 4_000]) + [F.utxo(1, label: "ordinal")]
        let error = try #require(throws: CoinSelectionError.self) {
            try selector.select(from: utxos, paying: pay(9_000))
        }
        // Both inputs: 10 + 296 + 34 = 340 bytes, fee 1; 9,001 needed, 9,000 spendable.
        #expect(error == .insufficientFunds(spendable: 9_000, needed: 9_001, payment: 9_000, fee: 1, protected: 1))
        #expect(
            error.description
                == "insufficient funds: 0.00009 BSV (9,000 sat) is spendable but 0.00009001 BSV (9,001 sat) is needed "
                + "(0.00009 BSV (9,000 sat) to pay plus a fee of 0.00000001 BSV (1 sat)); 0.00000001 BSV (1 sat) in "
                + "protected coins is never spent; send less or receive more")
    }

    @Test func dustInputCapLimitsDustInputs() throws {
        let dust = F.utxos(Array(repeating: 500, count: 15))
        // Normal policy: at most 10 dust inputs, 5,000 satoshis.
        let error = try #require(throws: CoinSelectionError.self) {
            try selector.select(from: dust, paying: pay(5_500))
        }
        guard case .insufficientFunds(let spendable, _, _, _, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(spendable == 5_000)
        // Under the fragmentation-aware policy, up to 50.
        let selection = try selector.select(from: dust, paying: pay(5_500), policy: .fragmentationAware)
        #expect(selection.inputs.count == 12)
    }

    @Test func fragmentationCapKeepsTheLargestDustWhenSmallestCannotPay() throws {
        // 60 dust coins 100, 107, …, 513: the 50 smallest hold 13,575, the 50 largest 17,075.
        let values = (0..<60).map { UInt64(100 + $0 * 7) }
        let selection = try selector.select(from: F.utxos(values), paying: pay(15_000), policy: .fragmentationAware)
        #expect(selection.usedLargestFirstFallback)
        #expect(selection.inputs.filter { $0.satoshis < 546 }.count <= 50)
    }

    // MARK: - 100 KB ceiling

    @Test func refusesTransactionsAboveOneHundredKilobytes() throws {
        let utxos = F.utxos(Array(repeating: 1_000, count: 1_000))
        let error = try #require(throws: CoinSelectionError.self) {
            try selector.select(from: utxos, paying: pay(900_000))
        }
        guard case .exceedsSizeLimit(let bytes, let limit) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(limit == 100_000 && bytes > 100_000)
        #expect(error.description.contains("above the 100000-byte limit"))
        // 675 inputs fit (8 + 3 + 675 × 148 + 1 + 68 = 99,980 bytes with change); a payment they cover is fine.
        let fits = try selector.select(from: utxos, paying: pay(674_000))
        #expect(fits.estimatedSize <= 100_000 && fits.inputs.count == 675)
    }

    @Test func smallestFirstFallsBackToLargestFirstAtTheCeiling() throws {
        let utxos = F.utxos(Array(repeating: 1_000, count: 700) + [1_000_000])
        let selection = try selector.select(from: utxos, paying: pay(900_000))
        #expect(selection.policy == .fragmentationAware && selection.usedLargestFirstFallback)
        #expect(selection.inputs.map(\.satoshis) == [1_000_000])
    }
}
