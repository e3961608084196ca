import HFPrimitives
import Testing

@testable import HFWallet

/// `MoveBuilder` (issue 32's `wallet move`): every selectable coin in, up to three equal outputs at the other
/// wallet's fresh addresses out, the protected coins left, and each refusal.
@Suite struct MoveBuilderTests {
    typealias F = EngineFixtures

    let builder = MoveBuilder(network: .main)
    /// The other wallet's fresh receive addresses (keys 3000…).
    let destination = (0..<3).map { EngineFixtures.address(3_000 + $0) }

    @Test func spendsEverySelectableCoinIntoThreeEqualOutputs() throws {
        let utxos = F.utxos([50_000, 30_000, 1])
        let plan = try builder.plan(moving: utxos, to: destination, lockTimeHeight: 700)
        // 2 inputs, 3 outputs: 10 + 2 × 148 + 3 × 34 = 408 bytes, fee 1; 79,999 = 3 × 26,666 + 1.
        #expect(plan.estimatedSize == 408 && plan.fee == 1)
        #expect(plan.inputs == Array(utxos.prefix(2)), "the 1-satoshi coin stays")
        #expect(plan.transaction.outputs.map(\.satoshis) == [26_667, 26_666, 26_666])
        #expect(plan.transaction.outputs.map(\.lockingScript) == destination.map { Script(p2pkhPaying: $0.address) })
        #expect(plan.usedAddresses == destination && plan.walletOutputIndices == [0, 1, 2])
        #expect(plan.amountSatoshis == 79_999 && plan.changeSatoshis == 0 && plan.policy == nil)
        #expect(plan.transaction.lockTime == 700 && plan.transaction.inputs.allSatisfy { $0.sequence == 0xFFFF_FFFE })
        let signed = try plan.signed(keys: F.keyLookup)
        try PaymentBuilderTests.verifyAll(signed)
        #expect(signed.transaction.size <= plan.estimatedSize)
    }

    @Test func fewerOutputsWhenThreeWouldBeDust() throws {
        // 3 outputs: 260 bytes, fee 1, 1,499 / 3 = 499 (dust); 2 outputs: 226 bytes, fee 1, 749 + 750.
        let two = try builder.plan(moving: [F.utxo(1_500)], to: destination, lockTimeHeight: 1)
        #expect(two.transaction.outputs.map(\.satoshis) == [750, 749])
        #expect(two.usedAddresses == Array(destination.prefix(2)))
        // 2 outputs would hold 399 each: one output of 799.
        let one = try builder.plan(moving: [F.utxo(800)], to: destination, lockTimeHeight: 1)
        #expect(one.transaction.outputs.map(\.satoshis) == [799])
        #expect(throws: MoveError.belowDust(total: 546, fee: 1, dustLimit: 546)) {
            try builder.plan(moving: [F.utxo(546)], to: destination, lockTimeHeight: 1)
        }
    }

    @Test func refusals() {
        #expect(throws: MoveError.nothingToMove(protectedCount: 2, protectedSatoshis: 2)) {
            try builder.plan(moving: F.utxos([1, 1]), to: destination, lockTimeHeight: 1)
        }
        #expect(throws: MoveError.nothingToMove(protectedCount: 0, protectedSatoshis: 0)) {
            try builder.plan(moving: [], to: destination, lockTimeHeight: 1)
        }
        #expect(throws: MoveError.notEnoughAddresses(needed: 3, given: 2)) {
            try builder.plan(moving: [F.utxo(10_000)], to: Array(destination.prefix(2)), lockTimeHeight: 1)
        }
        let testnet = (0..<3).map { F.address(3_000 + $0, network: .test) }
        #expect(throws: MoveError.self) {
            try builder.plan(moving: [F.utxo(10_000)], to: testnet, lockTimeHeight: 1)
        }
        #expect(throws: MoveError.tooLarge(estimatedSize: 408, limit: 300)) {
            try MoveBuilder(network: .main, maximumSize: 300).plan(
                moving: F.utxos([50_000, 30_000]), to: destination, lockTimeHeight: 1)
        }
        #expect(MoveError.nothingToMove(protectedCount: 2, protectedSatoshis: 2).description
            == "the wallet has no confirmed spendable coin to move; its 2 protected outputs (1-satoshi or inscription, "
                + "0.00000002 BSV (2 sat)) are never moved")
        #expect(MoveError.nothingToMove(protectedCount: 0, protectedSatoshis: 0).description
            == "the wallet has no confirmed spendable coin to move")
    }
}
