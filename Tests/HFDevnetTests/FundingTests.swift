import Foundation
import HFCrypto
import HFPrimitives
import HFSPV
import HFWallet
import Testing

@testable import HFDevnet

@Suite struct FundingTests {
    /// `fund` on a fresh chain mines 100 blocks to mature a coinbase, pays from it in block 101 with change to the
    /// devnet key, and the TSC proof verifies against a header validated by an independent `HeaderChain`.
    @Test func fundMinesMaturityThenProvesThePayment() throws {
        let chain = DevnetChain(key: try TestWallet(seed: 1).key)
        let alice = try TestWallet(seed: 2)
        let txid = try chain.fund(address: alice.address, satoshis: 123_456)
        #expect(chain.height == 101)
        let record = try #require(chain.transaction(txid))
        let confirmation = try #require(record.status.confirmation)
        #expect(confirmation.height == 101 && confirmation.index == 1 && confirmation.confirmations == 1)
        let funding = record.transaction
        #expect(funding.inputs.count == 1)
        #expect(
            funding.inputs[0].previousOutput == OutPoint(txid: try #require(chain.block(atHeight: 1)).txids[0], vout: 0)
        )
        #expect(funding.outputs[0] == (try alice.output(123_456)))
        #expect(funding.outputs[1].lockingScript == Script(p2pkhPaying: chain.coinbaseAddress))
        let fee = 5_000_000_000 - funding.totalOutputSatoshis
        #expect(fee == DevnetPolicy().minimumFee(forSize: funding.size))
        #expect(chain.rawTransaction(txid) == funding.serialized)

        let headerChain = try HeaderChain(checkpoint: .regtest)
        try headerChain.commitValidatedRun(startHeight: 1, headers: chain.headers(from: 1, count: 101).map(\.header))
        guard case .confirmed(let proof, let where_) = chain.tscProof(for: txid) else {
            Issue.record("the funding transaction has no proof")
            return
        }
        #expect(where_ == confirmation)
        #expect(proof.index == 1 && proof.txOrId == .txid(txid))
        #expect(proof.target == .blockHash(confirmation.blockHash))
        let header = try #require(headerChain.header(at: confirmation.height))
        try proof.verify(txid: txid, header: header)
        // The fees went to block 101's coinbase.
        let coinbase = try #require(chain.block(atHeight: 101)).transactions[0]
        #expect(coinbase.outputs[0].satoshis == 5_000_000_000 + fee)

        let arc = try #require(chain.arcStatus(of: txid))
        #expect(arc.txStatus == .mined && arc.blockHeight == 101 && arc.blockHash == confirmation.blockHash)
        #expect(try arc.merklePath?.computeRoot(txid: txid) == header.merkleRoot)
        #expect(chain.unspentOutputs(of: alice.address).map(\.outpoint) == [OutPoint(txid: txid, vout: 0)])
    }

    /// A second funding spends the change of the first (or another mature coinbase) without mining a maturity run.
    @Test func secondFundingMinesOneBlock() throws {
        let chain = DevnetChain()
        let alice = try TestWallet(seed: 2)
        _ = try chain.fund(address: alice.address, satoshis: 1_000)
        let second = try chain.fund(address: alice.address, satoshis: 2_000)
        #expect(chain.height == 102)
        #expect(chain.status(of: second).confirmation?.height == 102)
        #expect(chain.unspentOutputs(of: alice.address).map(\.satoshis) == [1_000, 2_000])
    }

    /// An amount above one coinbase matures as many as needed; one above the whole supply is refused up front.
    @Test func largeAmounts() throws {
        let chain = DevnetChain()
        let alice = try TestWallet(seed: 2)
        let txid = try chain.fund(address: alice.address, satoshis: 120 * 100_000_000)
        let funding = try #require(chain.transaction(txid)?.transaction)
        #expect(funding.inputs.count == 3)
        #expect(chain.height == 103)
        #expect(throws: DevnetError.self) { try chain.fund(address: alice.address, satoshis: 20_000 * 100_000_000) }
        #expect(chain.height == 103)
        #expect(throws: DevnetError.invalidAmount(0)) { try chain.fund(address: alice.address, satoshis: 0) }
    }

    /// A block of three transactions: the third's proof has a `"*"` node and still verifies; the BUMP agrees.
    @Test func proofWithDuplicateNode() throws {
        let chain = DevnetChain()
        let alice = try TestWallet(seed: 2)
        let coin = try chain.fundedCoin(alice, 100_000)
        let first = try alice.spend([coin], to: [try alice.output(60_000), try alice.output(39_000)])
        let second = try alice.spend([Coin(first, 1)], to: [try alice.output(38_000)])
        #expect(try chain.rejection(of: first) == nil)
        #expect(try chain.rejection(of: second) == nil)
        try chain.mine()
        guard case .confirmed(let proof, let confirmation) = chain.tscProof(for: second.txid) else {
            Issue.record("no proof")
            return
        }
        #expect(proof.index == 2)
        #expect(proof.nodes.first == .duplicate)
        let header = try #require(chain.header(atHeight: confirmation.height)).header
        try proof.verify(txid: second.txid, header: header)
        let json = String(decoding: try JSONEncoder().encode(proof), as: UTF8.self)
        #expect(json.contains("\"*\""))
        #expect(try chain.merklePath(for: second.txid)?.computeRoot(txid: second.txid) == header.merkleRoot)
        #expect(chain.tscProof(for: Txid(hashing: [1])) == .unknown)
    }
}
