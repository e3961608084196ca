import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct SplitBuilderTests {
    typealias F = EngineFixtures

    let builder = SplitBuilder(network: .main)
    let addresses = (0..<241).map { EngineFixtures.address(2_000 + $0) }

    @Test func splitsIntoEqualOutputsWithTheRemainderFirst() throws {
        let utxo = F.utxo(100_000)
        let plan = try builder.plan(splitting: utxo, into: 3, addresses: addresses, lockTimeHeight: 900)
        // 1 input, 3 outputs: 10 + 148 + 102 = 260 bytes, fee 1; 99,999 / 3 = 33,333.
        #expect(plan.fee == 1 && plan.estimatedSize == 260)
        #expect(plan.transaction.outputs.map(\.satoshis) == [33_333, 33_333, 33_333])
        #expect(
            plan.transaction.outputs.map(\.lockingScript) == addresses.prefix(3).map { Script(p2pkhPaying: $0.address) }
        )
        #expect(plan.usedAddresses == Array(addresses.prefix(3)) && plan.walletOutputIndices == [0, 1, 2])
        #expect(plan.transaction.lockTime == 900 && plan.transaction.inputs[0].sequence == 0xFFFF_FFFE)
        #expect(plan.amountSatoshis == 99_999 && plan.changeSatoshis == 0 && plan.policy == nil)
        let uneven = try builder.plan(splitting: F.utxo(100_003), into: 4, addresses: addresses, lockTimeHeight: 900)
        // 100,002 after the fee: 25,000 each and 2 more for the first.
        #expect(uneven.transaction.outputs.map(\.satoshis) == [25_002, 25_000, 25_000, 25_000])
    }

    @Test func twoHundredFortyOutputsSignAndVerify() throws {
        let plan = try builder.plan(splitting: F.utxo(1_000_000), into: 240, addresses: addresses, lockTimeHeight: 1)
        // 8 + 1 + 148 + 1 + 240 × 34 = 8,318 bytes: fee 9.
        #expect(plan.estimatedSize == 8_318 && plan.fee == 9)
        #expect(plan.transaction.outputs.count == 240)
        #expect(plan.transaction.outputs.reduce(0) { $0 + $1.satoshis } == 1_000_000 - 9)
        let signed = try plan.signed(keys: F.keyLookup)
        try PaymentBuilderTests.verifyAll(signed)
        #expect(signed.fee == 9 && signed.transaction.size <= plan.estimatedSize)
    }

    @Test func outputCountLimits() {
        for count in [-1, 0, 1, 241, 1_000] {
            #expect(throws: SplitError.outputCountOutOfRange(count)) {
                try builder.plan(splitting: F.utxo(1_000_000), into: count, addresses: addresses, lockTimeHeight: 1)
            }
        }
        #expect(SplitError.outputCountOutOfRange(241).description.contains("between 2 and 240"))
    }

    @Test func refusesDustOutputs() throws {
        // 2 outputs: 226 bytes, fee 1. 1,093 leaves 546 each; 1,092 leaves 545.
        let fine = try builder.plan(splitting: F.utxo(1_093), into: 2, addresses: addresses, lockTimeHeight: 1)
        #expect(fine.transaction.outputs.map(\.satoshis) == [546, 546])
        #expect(throws: SplitError.outputsWouldBeDust(perOutput: 545, fee: 1, threshold: 546)) {
            try builder.plan(splitting: F.utxo(1_092), into: 2, addresses: addresses, lockTimeHeight: 1)
        }
        #expect(throws: SplitError.outputsWouldBeDust(perOutput: 41, fee: 9, threshold: 546)) {
            try builder.plan(splitting: F.utxo(10_000), into: 240, addresses: addresses, lockTimeHeight: 1)
        }
    }

    @Test func refusesProtectedAndBadRequests() {
        let ordinal = F.utxo(1, label: "ordinal")
        #expect(throws: SplitError.protectedOutput(ordinal.outpoint)) {
            try builder.plan(splitting: ordinal, into: 2, addresses: addresses, lockTimeHeight: 1)
        }
        #expect(throws: SplitError.notEnoughAddresses(needed: 5, given: 4)) {
            try builder.plan(
                splitting: F.utxo(100_000), into: 5, addresses: Array(addresses.prefix(4)), lockTimeHeight: 1)
        }
        #expect(throws: SplitError.invalidRequest(.duplicateAddress(addresses[0].address.string))) {
            try builder.plan(
                splitting: F.utxo(100_000), into: 2, addresses: [addresses[0], addresses[0]], lockTimeHeight: 1)
        }
        #expect(throws: SplitError.invalidRequest(.lockTimeNotHeight(600_000_000))) {
            try builder.plan(splitting: F.utxo(100_000), into: 2, addresses: addresses, lockTimeHeight: 600_000_000)
        }
    }
}
