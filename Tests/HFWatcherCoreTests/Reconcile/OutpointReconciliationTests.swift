import Foundation
import HFWatcherCore
import Testing

/// The pure partition of the reconciliation of docs/requirements/wallet.md (`OutpointReconciliation`): corroborated, provisional,
/// wallet-unknown, and the cases that land in no list.
@Suite struct OutpointReconciliationTests {
    typealias Outpoint = OutpointReconciliation.Outpoint

    static let a = String(repeating: "a", count: 64)
    static let b = String(repeating: "b", count: 64)
    static let c = String(repeating: "c", count: 64)
    static let d = String(repeating: "d", count: 64)

    static func point(_ txid: String, _ vout: UInt32, _ satoshis: UInt64 = 1_000, spent: Bool = false) -> Outpoint {
        Outpoint(txid: txid, vout: vout, satoshis: satoshis, address: "addr-\(txid.prefix(1))", isSpentInMempool: spent)
    }

    @Test func agreementIsCorroboratedAndAbsenceIsProvisional() {
        let result = OutpointReconciliation(
            history: [Self.point(Self.a, 1), Self.point(Self.a, 0), Self.point(Self.b, 0)],
            knownTxids: [Self.a, Self.b], listed: [Self.point(Self.a, 0), Self.point(Self.a, 1)])
        #expect(result.corroborated.map(\.outpoint.key) == ["\(Self.a):0", "\(Self.a):1"], "sorted by txid, vout")
        #expect(result.corroborated.allSatisfy { $0.reason == nil })
        #expect(result.provisional == [.init(Self.point(Self.b, 0), reason: "the service does not list it unspent")])
        #expect(result.walletUnknown.isEmpty)
        #expect(result.counts == .init(corroborated: 2, provisional: 1, walletUnknown: 0))
    }

    @Test func anotherValueOrAMempoolSpendIsProvisional() {
        let result = OutpointReconciliation(
            history: [Self.point(Self.a, 0, 5_000), Self.point(Self.b, 0)], knownTxids: [Self.a, Self.b],
            listed: [Self.point(Self.a, 0, 4_999), Self.point(Self.b, 0, spent: true)])
        #expect(result.corroborated.isEmpty)
        #expect(
            result.provisional.map(\.reason) == [
                "the service lists it with 4999 satoshis, the history with 5000",
                "the service reports a mempool transaction spending it",
            ])
        #expect(result.provisional.map(\.outpoint.satoshis) == [5_000, 1_000], "the history's view is kept")
    }

    @Test func aListedOutpointOfAnUnknownTransactionIsWalletUnknown() {
        let result = OutpointReconciliation(
            history: [Self.point(Self.a, 0)], knownTxids: [Self.a],
            listed: [Self.point(Self.a, 0), Self.point(Self.c, 2, 777), Self.point(Self.c, 2, 777)])
        #expect(result.walletUnknown == [.init(Self.point(Self.c, 2, 777), reason: OutpointReconciliation.notInHistory)])
        #expect(result.counts == .init(corroborated: 1, provisional: 0, walletUnknown: 1), "a repeated listing counts once")
    }

    @Test func aListedOutpointTheHistoryCountsSpentIsInNoList() {
        // d is held (spent by the wallet, or its output pays no watched address): positive evidence wins.
        let result = OutpointReconciliation(history: [], knownTxids: [Self.d], listed: [Self.point(Self.d, 0)])
        #expect(result.counts == .init(corroborated: 0, provisional: 0, walletUnknown: 0))
    }

    @Test func nothingOnEitherSideIsEmpty() {
        let result = OutpointReconciliation(history: [], knownTxids: [], listed: [])
        #expect(result.counts == .init(corroborated: 0, provisional: 0, walletUnknown: 0))
    }

    @Test func jsonHasNumbersAsNumbersAndReasonsOnlyWhereTheyApply() throws {
        let result = OutpointReconciliation(
            history: [Self.point(Self.a, 0), Self.point(Self.b, 1, 2)], knownTxids: [Self.a, Self.b],
            listed: [Self.point(Self.a, 0), Self.point(Self.c, 3, 9)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(result), as: UTF8.self)
        #expect(
            json == """
                {"corroborated":[{"address":"addr-a","satoshis":1000,"txid":"\(Self.a)","vout":0}],\
                "provisional":[{"address":"addr-b","reason":"the service does not list it unspent","satoshis":2,\
                "txid":"\(Self.b)","vout":1}],\
                "walletUnknown":[{"address":"addr-c","reason":"\(OutpointReconciliation.notInHistory)","satoshis":9,\
                "txid":"\(Self.c)","vout":3}]}
                """)
        let counts = String(decoding: try encoder.encode(result.counts), as: UTF8.self)
        #expect(counts == #"{"corroborated":1,"provisional":1,"walletUnknown":1}"#)
    }
}
