import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct UTXOSetTests {
    typealias F = EngineFixtures

    let owned = F.owned()
    let me = F.address(0)
    let change = F.address(1000, chain: .change)

    /// A confirmed receive of 10,000 and 20,000 sat (plus a foreign output).
    var receive: Transaction {
        F.funding(
            "receive",
            outputs: [
                F.output(10_000, to: me.address), F.output(7, to: F.foreign()),
                F.output(20_000, to: F.address(1).address),
            ])
    }

    @Test func receiveMakesConfirmedUTXOs() {
        let set = UTXOSet(
            transactions: [WalletTransaction(transaction: receive, state: .confirmed(height: 5))], addresses: owned)
        #expect(
            set.utxos.map(\.outpoint) == [OutPoint(txid: receive.txid, vout: 0), OutPoint(txid: receive.txid, vout: 2)])
        #expect(set.utxos.map(\.satoshis) == [10_000, 20_000])
        #expect(set.utxos.allSatisfy { $0.height == 5 && !$0.isProtected })
        #expect(set.utxos[0].address == me)
        #expect(set.utxos[1].address == F.address(1))
        #expect(set.utxos[0].lockingScript == Script(p2pkhPaying: me.address))
        #expect(set.confirmedSatoshis == 30_000)
        #expect(set.spendableSatoshis == 30_000)
        #expect(set.pendingChange.isEmpty && set.pendingOutSatoshis == 0 && set.unconfirmedSatoshis == 0)
    }

    @Test func confirmedSpendWithChangeRemovesTheInputAndAddsChange() {
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)],
            outputs: [F.output(6_000, to: F.foreign()), F.output(3_999, to: change.address)])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: spend, state: .confirmed(height: 6)),
            ], addresses: owned)
        #expect(
            set.utxos.map(\.outpoint) == [OutPoint(txid: receive.txid, vout: 2), OutPoint(txid: spend.txid, vout: 1)])
        #expect(set.confirmedSatoshis == 23_999)
        #expect(set.utxos[1].height == 6 && set.utxos[1].address == change)
        #expect(set.isConsumed(OutPoint(txid: receive.txid, vout: 0)))
        #expect(!set.isConsumed(OutPoint(txid: receive.txid, vout: 2)))
    }

    @Test func orderOfTheHistoryDoesNotMatter() {
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)], outputs: [F.output(9_000, to: change.address)])
        let history = [
            WalletTransaction(transaction: spend, state: .confirmed(height: 6)),
            WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
        ]
        let set = UTXOSet(transactions: history, addresses: owned)
        #expect(
            Set(set.utxos.map(\.outpoint)) == [
                OutPoint(txid: spend.txid, vout: 0), OutPoint(txid: receive.txid, vout: 2),
            ])
        #expect(set.confirmedSatoshis == 29_000)
    }

    @Test func foreignConfirmedSpendOfOurOutpointRemovesIt() {
        // A transaction paying nothing to the wallet, e.g. a sweep with a leaked key, spends our output 2.
        let sweep = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 2)], outputs: [F.output(19_000, to: F.foreign(1))])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: sweep, state: .confirmed(height: 9)),
            ], addresses: owned)
        #expect(set.utxos.map(\.satoshis) == [10_000])
        #expect(set.confirmedSatoshis == 10_000)
    }

    @Test func pendingSpendRemovesInputsAndFlagsItsChange() {
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0), OutPoint(txid: receive.txid, vout: 2)],
            outputs: [F.output(25_000, to: F.foreign()), F.output(4_990, to: change.address)])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: spend, state: .pending),
            ], addresses: owned)
        #expect(set.utxos.isEmpty)
        #expect(set.confirmedSatoshis == 0)
        #expect(set.pendingChange.map(\.outpoint) == [OutPoint(txid: spend.txid, vout: 1)])
        #expect(set.pendingChange[0].height == nil)
        #expect(set.pendingChangeSatoshis == 4_990)
        // 30,000 of ours spent, 4,990 back: 25,000 paid plus a fee of 10.
        #expect(set.pendingOutSatoshis == 25_010)
    }

    @Test func chainedPendingTransactionsAddUpToTheNetOutflow() {
        let first = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)],
            outputs: [F.output(1_000, to: F.foreign()), F.output(8_999, to: change.address)])
        let second = F.transaction(
            spending: [OutPoint(txid: first.txid, vout: 1)],
            outputs: [F.output(2_000, to: F.foreign()), F.output(6_998, to: F.address(1001, chain: .change).address)])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: first, state: .pending),
                WalletTransaction(transaction: second, state: .pending),
            ], addresses: owned)
        #expect(set.pendingChange.map(\.satoshis) == [6_998])
        #expect(set.pendingOutSatoshis == 10_000 - 6_998)
        #expect(set.utxos.map(\.satoshis) == [20_000])
    }

    @Test func cancelledPendingSpendFreesItsInputs() {
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)],
            outputs: [F.output(5_000, to: F.foreign()), F.output(4_999, to: change.address)])
        let history = [
            WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
            WalletTransaction(transaction: spend, state: .cancelled),
        ]
        let set = UTXOSet(transactions: history, addresses: owned)
        #expect(set.utxos.map(\.satoshis) == [10_000, 20_000])
        #expect(set.pendingChange.isEmpty && set.pendingOutSatoshis == 0)
        #expect(!set.isConsumed(OutPoint(txid: receive.txid, vout: 0)))
    }

    /// A transaction whose block left the best chain (or whose proof is not verified yet) consumes nothing: an
    /// orphaned block's foreign spend must not hide the wallet's coin. Its outputs are known, never spendable.
    @Test func unconfirmedTransactionsNeitherConsumeNorPay() {
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)], outputs: [F.output(9_000, to: change.address)])
        let incoming = F.funding("unproven", outputs: [F.output(777, to: me.address)])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: spend, state: .unconfirmed),
                WalletTransaction(transaction: incoming, state: .unconfirmed),
            ], addresses: owned)
        #expect(set.utxos.map(\.satoshis) == [10_000, 20_000])
        #expect(!set.isConsumed(OutPoint(txid: receive.txid, vout: 0)))
        #expect(set.unconfirmedSatoshis == 9_777)
        #expect(set.pendingChange.isEmpty)
    }

    @Test func aUTXONeverDisappearsWithoutASpend() {
        // Whatever unrelated transactions (foreign, pending, cancelled, unconfirmed) join the history, an output
        // that no input spends stays.
        var history = [WalletTransaction(transaction: receive, state: .confirmed(height: 5))]
        let states: [WalletTransactionState] = [.confirmed(height: 7), .pending, .unconfirmed, .cancelled]
        for index in 0..<40 {
            let unrelated = F.transaction(
                spending: [OutPoint(txid: F.txid("other \(index)"), vout: UInt32(index))],
                outputs: [F.output(UInt64(1_000 + index), to: index.isMultiple(of: 2) ? F.foreign() : me.address)])
            history.append(WalletTransaction(transaction: unrelated, state: states[index % states.count]))
            let set = UTXOSet(transactions: history, addresses: owned)
            #expect(
                set.utxos.prefix(2).map(\.outpoint) == [
                    OutPoint(txid: receive.txid, vout: 0), OutPoint(txid: receive.txid, vout: 2),
                ])
        }
    }

    @Test func duplicateTxidCountsOnceInItsStrongestState() {
        let history = [
            WalletTransaction(transaction: receive, state: .unconfirmed),
            WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
            WalletTransaction(transaction: receive, state: .cancelled),
        ]
        let set = UTXOSet(transactions: history, addresses: owned)
        #expect(set.utxos.map(\.satoshis) == [10_000, 20_000])
        #expect(set.unconfirmedSatoshis == 0 && set.pendingChange.isEmpty)
        // Pending and confirmed copies: confirmed wins, nothing is pending.
        let spend = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)], outputs: [F.output(9_000, to: change.address)])
        let mined = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: spend, state: .pending),
                WalletTransaction(transaction: spend, state: .confirmed(height: 6)),
                WalletTransaction(transaction: receive, state: .cancelled),
            ], addresses: owned)
        #expect(mined.utxos.map(\.satoshis) == [20_000, 9_000])
        #expect(mined.pendingChange.isEmpty && mined.pendingOutSatoshis == 0)
    }

    @Test func conflictingSpendsBothConsume() {
        // A pending spend of ours lost the race to a confirmed foreign spend of the same outpoint.
        let ours = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)], outputs: [F.output(9_000, to: change.address)])
        let theirs = F.transaction(
            spending: [OutPoint(txid: receive.txid, vout: 0)], outputs: [F.output(9_999, to: F.foreign())])
        let set = UTXOSet(
            transactions: [
                WalletTransaction(transaction: receive, state: .confirmed(height: 5)),
                WalletTransaction(transaction: ours, state: .pending),
                WalletTransaction(transaction: theirs, state: .confirmed(height: 6)),
            ], addresses: owned)
        #expect(set.utxos.map(\.satoshis) == [20_000])
        #expect(set.pendingChange.map(\.satoshis) == [9_000])
        #expect(set.pendingOutSatoshis == 1_000)
    }

    @Test func protectedOutputsAreKeptButFlagged() {
        let inscription = Script(
            bytes: Script(p2pkhPaying: me.address).bytes + [0x00, 0x63, 0x03] + Array("ord".utf8) + [0x68])
        let tx = F.funding(
            "ordinals",
            outputs: [
                F.output(1, to: me.address), try! TransactionOutput(satoshis: 5_000, lockingScript: inscription),
                F.output(2_000, to: me.address),
            ])
        let set = UTXOSet(
            transactions: [WalletTransaction(transaction: tx, state: .confirmed(height: 3))], addresses: owned)
        #expect(set.utxos.map(\.isProtected) == [true, true, false])
        #expect(set.utxos.map(\.isSelectable) == [false, false, true])
        #expect(set.confirmedSatoshis == 7_001)
        #expect(set.protectedSatoshis == 5_001 && set.protectedCount == 2)
        #expect(set.spendable.map(\.satoshis) == [2_000])
    }

    @Test func inscriptionBeforeP2PKHIsOwnedToo() {
        let envelope: [UInt8] = [0x00, 0x63, 0x03] + Array("ord".utf8) + [0x51, 0x68]
        let script = Script(bytes: envelope + Script(p2pkhPaying: me.address).bytes)
        #expect(owned.owner(of: script) == me)
        #expect(owned.owner(of: Script(bytes: envelope + Script(p2pkhPaying: F.foreign()).bytes)) == nil)
        // P2PKH followed by junk that is no envelope is not ours (not a shape the wallet can spend or protect).
        #expect(owned.owner(of: Script(bytes: Script(p2pkhPaying: me.address).bytes + [0x75])) == nil)
        #expect(owned.contains(me.address))
        #expect(!owned.contains(F.address(0, network: .test).address))
    }
}
