import HFPrimitives
import Testing

@testable import HFWallet

/// `TransactionFlow`: what a transaction means for a wallet (issue 28's history columns), on hand-built transactions
/// whose answers are known.
@Suite struct TransactionFlowTests {
    typealias F = EngineFixtures
    let owned = F.owned()

    /// The outputs of `transactions` by outpoint.
    func previous(_ transactions: [Transaction]) -> (OutPoint) -> TransactionOutput? {
        var outputs: [OutPoint: TransactionOutput] = [:]
        for transaction in transactions {
            for (vout, output) in transaction.outputs.enumerated() {
                outputs[OutPoint(txid: transaction.txid, vout: UInt32(vout))] = output
            }
        }
        return { outputs[$0] }
    }

    func flowOf(_ transaction: Transaction, known: [Transaction]) -> TransactionFlow {
        TransactionFlow(transaction, network: .main, previous: previous(known), owns: { owned.owner(of: $0) != nil })
    }

    @Test func aPaymentFromOutsideIsReceivedWithNoFee() {
        let funding = F.funding("outside", outputs: [F.output(150_000, to: F.address(0).address), F.output(9, to: F.foreign())])
        let flow = flowOf(funding, known: [])
        #expect(flow.direction == .received && flow.net == 150_000 && flow.fee == nil && flow.sent == 0)
        #expect(flow.toWallet == 150_000 && flow.fromWallet == 0)
    }

    @Test func aSpendWithChangeIsSentWithItsFeeAndRecipient() {
        let funding = F.funding("outside", outputs: [F.output(150_000, to: F.address(0).address)])
        let spend = F.transaction(
            spending: [OutPoint(txid: funding.txid, vout: 0)],
            outputs: [F.output(60_000, to: F.foreign(1)), F.output(89_999, to: F.address(1000, chain: .change).address)])
        let flow = flowOf(spend, known: [funding, spend])
        #expect(flow.direction == .sent)
        #expect(flow.net == -60_001 && flow.fee == 1 && flow.sent == 60_000)
        #expect(flow.toOthers == [.init(address: F.foreign(1), satoshis: 60_000)])
    }

    @Test func aSplitIsSelfAndADataOutputIsNoRecipientOfMoney() {
        let funding = F.funding("outside", outputs: [F.output(100_000, to: F.address(0).address)])
        let split = F.transaction(
            spending: [OutPoint(txid: funding.txid, vout: 0)],
            outputs: [
                F.output(49_000, to: F.address(1).address), F.output(50_000, to: F.address(2).address),
                try! TransactionOutput(satoshis: 0, lockingScript: Script(bytes: [0x00, 0x6a, 0x01, 0x42])),
            ])
        let flow = flowOf(split, known: [funding])
        #expect(flow.direction == .self && flow.net == -1_000 && flow.fee == 1_000 && flow.sent == 0)
        #expect(flow.toOthers == [.init(address: nil, satoshis: 0)])
    }

    @Test func anInputOfUnknownAmountLeavesTheFeeUnknown() {
        let funding = F.funding("outside", outputs: [F.output(10_000, to: F.address(0).address)])
        let mixed = F.transaction(
            spending: [OutPoint(txid: funding.txid, vout: 0), OutPoint(txid: F.txid("someone else"), vout: 3)],
            outputs: [F.output(30_000, to: F.foreign(2))])
        let flow = flowOf(mixed, known: [funding])
        #expect(flow.direction == .sent && flow.fee == nil && flow.net == -10_000 && flow.fromWallet == 10_000)
    }
}
