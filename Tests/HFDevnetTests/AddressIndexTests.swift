import HFCrypto
import HFPrimitives
import Testing

@testable import HFDevnet

/// Address history and unspent outputs through a payment's life: funded, spent in the mempool, mined.
@Suite struct AddressIndexTests {
    @Test func historyAndUnspentAfterSpends() throws {
        let chain = DevnetChain(key: try TestWallet(seed: 1).key)
        let alice = try TestWallet(seed: 2)
        let bob = try TestWallet(seed: 3)
        let carol = try TestWallet(seed: 4)
        let coin = try chain.fundedCoin(alice, 100_000)
        let fundingTxid = coin.outpoint.txid

        var aliceUnspent = chain.unspentOutputs(of: alice.address)
        #expect(aliceUnspent.map(\.outpoint) == [coin.outpoint])
        #expect(aliceUnspent.first?.height == 101 && aliceUnspent.first?.isSpentInMempool == false)
        #expect(aliceUnspent.first?.isConfirmed == true && aliceUnspent.first?.isCoinbase == false)
        #expect(chain.history(of: alice.address).confirmed.map(\.txid) == [fundingTxid])
        #expect(chain.history(of: alice.address).confirmed.first?.height == 101)
        #expect(chain.history(of: bob.address) == DevnetAddressHistory(confirmed: [], unconfirmed: []))

        // Alice pays Bob, change to herself: in the mempool.
        let payment = try alice.spend([coin], to: [try bob.output(30_000), try alice.output(69_000)])
        #expect(try chain.rejection(of: payment) == nil)
        aliceUnspent = chain.unspentOutputs(of: alice.address)
        #expect(aliceUnspent.map(\.outpoint) == [coin.outpoint, OutPoint(txid: payment.txid, vout: 1)])
        #expect(aliceUnspent.map(\.isSpentInMempool) == [true, false])
        #expect(aliceUnspent.map(\.height) == [101, nil])
        #expect(chain.unspentOutputs(of: bob.address).map(\.satoshis) == [30_000])
        #expect(chain.unspentOutputs(of: bob.address).first?.isConfirmed == false)
        #expect(chain.history(of: alice.address).unconfirmed == [payment.txid])
        #expect(chain.history(of: bob.address).unconfirmed == [payment.txid])
        #expect(chain.spend(of: coin.outpoint) == DevnetSpend(txid: payment.txid, vin: 0, isConfirmed: false))

        // Bob spends his unconfirmed output to Carol: his mempool output disappears from his unspent list.
        let onward = try bob.spend([Coin(payment, 0)], to: [try carol.output(29_000)])
        #expect(try chain.rejection(of: onward) == nil)
        #expect(chain.unspentOutputs(of: bob.address).isEmpty)
        #expect(chain.history(of: bob.address).unconfirmed == [payment.txid, onward.txid])

        try chain.mine()
        aliceUnspent = chain.unspentOutputs(of: alice.address)
        #expect(aliceUnspent.map(\.outpoint) == [OutPoint(txid: payment.txid, vout: 1)])
        #expect(aliceUnspent.map(\.height) == [102])
        #expect(chain.unspentOutputs(of: bob.address).isEmpty)
        #expect(chain.unspentOutputs(of: carol.address).map(\.satoshis) == [29_000])
        let aliceHistory = chain.history(of: alice.address)
        #expect(aliceHistory.confirmed.map(\.txid) == [fundingTxid, payment.txid])
        #expect(aliceHistory.confirmed.map(\.height) == [101, 102])
        #expect(aliceHistory.confirmed.last?.confirmation.index == 1)
        #expect(aliceHistory.unconfirmed.isEmpty)
        #expect(chain.history(of: bob.address).confirmed.map(\.txid) == [payment.txid, onward.txid])
        #expect(chain.spend(of: coin.outpoint) == DevnetSpend(txid: payment.txid, vin: 0, isConfirmed: true))
        #expect(chain.spend(of: OutPoint(txid: onward.txid, vout: 0)) == nil)
    }

    /// The devnet key's coinbases show up as unspent coinbase outputs of its address.
    @Test func coinbaseOutputsOfTheDevnetKey() throws {
        let chain = DevnetChain()
        try chain.mine(3)
        let unspent = chain.unspentOutputs(of: chain.coinbaseAddress)
        #expect(unspent.map(\.height) == [1, 2, 3])
        #expect(unspent.allSatisfy { $0.isCoinbase && $0.satoshis == 5_000_000_000 })
        #expect(chain.history(of: chain.coinbaseAddress).confirmed.count == 3)
    }
}
