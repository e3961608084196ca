import HFCrypto
import HFPrimitives
import HFWallet
import Testing

@testable import HFDevnet

/// Every mempool verdict, with real signatures on a funded chain. Each test builds its own chain (101 blocks).
@Suite struct MempoolTests {
    let chain: DevnetChain
    let alice: TestWallet
    let bob: TestWallet
    /// 100 000 sat paying alice, mined at height 101.
    let coin: Coin

    init() throws {
        chain = DevnetChain(key: try TestWallet(seed: 1).key)
        alice = try TestWallet(seed: 2)
        bob = try TestWallet(seed: 3)
        coin = try chain.fundedCoin(alice, 100_000)
    }

    @Test func validSpendIsSeenThenMined() throws {
        let spend = try alice.spend([coin], to: [try bob.output(99_000)])
        let accepted = try chain.verdict(spend).get()
        #expect(accepted.txStatus == .seenOnNetwork && !accepted.alreadyKnown && accepted.confirmation == nil)
        #expect(chain.status(of: spend.txid) == .mempool)
        #expect(chain.tscProof(for: spend.txid) == .unconfirmed)
        #expect(chain.mempool.txids == [spend.txid])
        #expect(chain.mempool.fee(of: spend.txid) == 1_000)
        try chain.mine()
        #expect(chain.mempool.isEmpty)
        #expect(chain.status(of: spend.txid).confirmation?.height == 102)
    }

    @Test func alreadyKnownIsSuccessWithTheCurrentStatus() throws {
        let spend = try alice.spend([coin], to: [try bob.output(99_000)])
        _ = try chain.verdict(spend).get()
        let again = try chain.submit(spend.serialized).get()
        #expect(again.alreadyKnown && again.txStatus == .seenOnNetwork)
        try chain.mine()
        let mined = try chain.submit(hex: spend.hex).get()
        #expect(mined.alreadyKnown && mined.txStatus == .mined && mined.blockHeight == 102)
        #expect(try mined.merklePath?.computeRoot(txid: spend.txid) == chain.header(atHeight: 102)?.merkleRoot)
        // The funding transaction, mined before, is known too.
        #expect(try chain.submit(try #require(chain.rawTransaction(coin.outpoint.txid))).get().alreadyKnown)
    }

    @Test func badSignature() throws {
        // A signature made for another transaction (a different output) grafted onto this one.
        let signedElsewhere = try alice.spend([coin], to: [try bob.output(90_000)])
        var forged = try alice.spend([coin], to: [try bob.output(99_000)])
        forged.inputs[0].unlockingScript = signedElsewhere.inputs[0].unlockingScript
        let rejection = try chain.rejection(of: forged)
        #expect(rejection == .invalidUnlockingScript(input: 0, reason: .invalidSignature))
        #expect(rejection?.arcStatus == 461 && rejection?.arcTitle == "Malformed transaction")
        // Signed by the wrong key: the public key does not match the address.
        let wrongKey = try P2PKHSigner.sign(
            input: 0,
            of: Transaction(
                inputs: [TransactionInput(previousOutput: coin.outpoint)], outputs: [try bob.output(99_000)]),
            sourceOutput: try TransactionOutput(satoshis: coin.satoshis, lockingScript: bob.script), privateKey: bob.key
        )
        #expect(try chain.rejection(of: wrongKey) == .invalidUnlockingScript(input: 0, reason: .publicKeyHashMismatch))
        // Unsigned.
        let unsigned = Transaction(
            inputs: [TransactionInput(previousOutput: coin.outpoint)], outputs: [try bob.output(99_000)])
        #expect(
            try chain.rejection(of: unsigned) == .invalidUnlockingScript(input: 0, reason: .malformedUnlockingScript))
        #expect(chain.mempool.isEmpty)
    }

    @Test func doubleSpendAgainstTheMempool() throws {
        let first = try alice.spend([coin], to: [try bob.output(99_000)])
        let second = try alice.spend([coin], to: [try alice.output(99_000)])
        #expect(try chain.rejection(of: first) == nil)
        let rejection = try chain.rejection(of: second)
        #expect(rejection == .conflictsWithMempool(input: 0, outpoint: coin.outpoint, competingTxid: first.txid))
        #expect(rejection?.arcStatus == 466 && rejection?.competingTxids == [first.txid])
        #expect(rejection?.nodeRejectReason == "258: txn-mempool-conflict")
        #expect(chain.mempool.txids == [first.txid])
    }

    @Test func doubleSpendAgainstTheChain() throws {
        let first = try alice.spend([coin], to: [try bob.output(99_000)])
        #expect(try chain.rejection(of: first) == nil)
        try chain.mine()
        let second = try alice.spend([coin], to: [try alice.output(99_000)])
        let rejection = try chain.rejection(of: second)
        #expect(rejection == .inputSpentInBlock(input: 0, outpoint: coin.outpoint, spentBy: first.txid))
        #expect(rejection?.arcStatus == 462 && rejection?.arcTitle == "Invalid inputs")
    }

    @Test func missingInput() throws {
        let ghost = Coin(
            Transaction(inputs: [TransactionInput(previousOutput: coin.outpoint)], outputs: [try alice.output(5)]), 0)
        let spend = try alice.spend([ghost], to: [try bob.output(4)])
        let rejection = try chain.rejection(of: spend)
        #expect(rejection == .missingInput(input: 0, outpoint: ghost.outpoint))
        #expect(rejection?.nodeRejectReason == "Missing inputs" && rejection?.arcStatus == 462)
        // An output index past the end of a known transaction is missing too.
        let pastEnd = Coin(outpoint: OutPoint(txid: coin.outpoint.txid, vout: 7), output: coin.output)
        #expect(
            try chain.rejection(of: try alice.spend([pastEnd], to: [try bob.output(1)]))
                == .missingInput(input: 0, outpoint: pastEnd.outpoint))
    }

    @Test func feeBelowPolicy() throws {
        let noFee = try alice.spend([coin], to: [try bob.output(100_000)])
        let rejection = try chain.rejection(of: noFee)
        #expect(rejection == .feeTooLow(fee: 0, minimum: 1))
        #expect(rejection?.arcStatus == 465 && rejection?.arcTitle == "Fee too low")
        #expect(
            rejection?.arcExtraInfo
                == "arc error 465: transaction fee of 0 sat is too low - minimum expected fee is 1 sat")
        #expect(try chain.rejection(of: try alice.spend([coin], to: [try bob.output(99_999)])) == nil)
    }

    /// With 50 sat / 1000 bytes a one-input spend of about 191 bytes needs ceil(size × 50 / 1000) = 10 sat: one
    /// satoshi less is refused, exactly the minimum accepted.
    @Test func feeBoundaryUnderAHigherRate() throws {
        let chain = DevnetChain(policy: DevnetPolicy(miningFeeSatoshis: 50, miningFeeBytes: 1000))
        let coin = try chain.fundedCoin(alice, 100_000)
        let probe = try alice.spend([coin], to: [try bob.output(99_991)])
        let minimum = chain.policy.minimumFee(forSize: probe.size)
        #expect(minimum == (UInt64(probe.size) * 50 + 999) / 1000)
        let short = try alice.spend([coin], to: [try bob.output(100_000 - minimum + 1)])
        #expect(try chain.rejection(of: short) == .feeTooLow(fee: minimum - 1, minimum: minimum))
        #expect(try chain.rejection(of: try alice.spend([coin], to: [try bob.output(100_000 - minimum)])) == nil)
    }

    @Test func nonP2PKHInput() throws {
        // Outputs may have any script; spending one that is not P2PKH is refused.
        let anyoneCanSpend = try TransactionOutput(satoshis: 99_000, lockingScript: Script(bytes: [0x51]))
        let parent = try alice.spend([coin], to: [anyoneCanSpend])
        #expect(try chain.rejection(of: parent) == nil)
        let child = Transaction(
            inputs: [TransactionInput(previousOutput: OutPoint(txid: parent.txid, vout: 0))],
            outputs: [try bob.output(98_000)])
        let rejection = try chain.rejection(of: child)
        #expect(rejection == .nonP2PKHInput(input: 0))
        #expect(rejection?.arcStatus == 461)
        try chain.mine()
        #expect(try chain.rejection(of: child) == .nonP2PKHInput(input: 0))
    }

    @Test func outputsExceedingInputs() throws {
        let spend = try alice.spend([coin], to: [try bob.output(100_001)])
        let rejection = try chain.rejection(of: spend)
        #expect(rejection == .outputsExceedInputs(inputSatoshis: 100_000, outputSatoshis: 100_001))
        #expect(rejection?.arcStatus == 465)
    }

    @Test func garbageBytes() throws {
        for bytes: [UInt8] in [[], [0xde, 0xad, 0xbe, 0xef], Array(repeating: 0xff, count: 300)] {
            guard case .failure(let rejection) = try chain.submit(bytes), case .malformed = rejection else {
                Issue.record("garbage was not refused as malformed")
                continue
            }
            #expect(rejection.arcStatus == 463 && rejection.arcTitle == "Malformed transaction")
        }
        guard case .failure(.malformed(.invalidHex)) = try chain.submit(hex: "not hex") else {
            Issue.record("bad hex was not refused")
            return
        }
        // A valid transaction with a byte more is garbage too.
        let spend = try alice.spend([coin], to: [try bob.output(99_000)])
        guard case .failure(.malformed(.trailingBytes(1))) = try chain.submit(spend.serialized + [0]) else {
            Issue.record("trailing bytes were accepted")
            return
        }
    }

    /// A child of an unconfirmed parent, and its child, are accepted and mined in order in one block.
    @Test func spendChainOfUnconfirmedParents() throws {
        let parent = try alice.spend([coin], to: [try bob.output(99_000)])
        let child = try bob.spend([Coin(parent, 0)], to: [try alice.output(50_000), try bob.output(48_000)])
        let grandchild = try alice.spend([Coin(child, 0)], to: [try alice.output(49_000)])
        for transaction in [parent, child, grandchild] { #expect(try chain.rejection(of: transaction) == nil) }
        #expect(chain.mempool.txids == [parent.txid, child.txid, grandchild.txid])
        #expect(chain.mempool.totalFees == 3_000)
        try chain.mine()
        let block = try #require(chain.block(atHeight: 102))
        #expect(block.txids == [block.txids[0], parent.txid, child.txid, grandchild.txid])
        #expect(block.transactions[0].outputs[0].satoshis == 5_000_000_000 + 3_000)
    }

    @Test func immatureCoinbase() throws {
        try chain.mine(1, to: alice.address)
        let block = try #require(chain.block(atHeight: 102))
        let coinbase = Coin(block.transactions[0], 0)
        let spend = try alice.spend([coinbase], to: [try bob.output(1_000)])
        let rejection = try chain.rejection(of: spend)
        #expect(rejection == .immatureCoinbase(input: 0, outpoint: coinbase.outpoint, confirmations: 1, required: 100))
        #expect(rejection?.arcStatus == 462)
        try chain.mine(98)
        #expect(
            try chain.rejection(of: spend)
                == .immatureCoinbase(
                    input: 0, outpoint: coinbase.outpoint, confirmations: 99, required: 100))
        try chain.mine(1)
        #expect(try chain.rejection(of: spend) == nil)
    }

    @Test func duplicateInputsAndCoinbaseInputs() throws {
        let twice = try alice.spend([coin, coin], to: [try bob.output(150_000)])
        #expect(try chain.rejection(of: twice) == .duplicateInput(input: 1, outpoint: coin.outpoint))
        let coinbaseLike = Coinbase.transaction(height: 5, satoshis: 1, lockingScript: alice.script)
        #expect(try chain.rejection(of: coinbaseLike) == .coinbaseInput(input: 0))
    }

    @Test func invalidOutputs() throws {
        let zero = try alice.spend([coin], to: [try bob.output(0), try bob.output(99_000)])
        #expect(try chain.rejection(of: zero) == .invalidOutput(output: 0))
        #expect(try chain.rejection(of: zero)?.arcStatus == 464)
        let paidData = try alice.spend(
            [coin], to: [try TransactionOutput(satoshis: 1, lockingScript: Script(dataOutput: [[1, 2, 3]]))])
        #expect(try chain.rejection(of: paidData) == .invalidOutput(output: 0))
        let data = try alice.spend(
            [coin],
            to: [
                try TransactionOutput(satoshis: 0, lockingScript: Script(dataOutput: [[1, 2, 3]])),
                try bob.output(99_000),
            ])
        #expect(try chain.rejection(of: data) == nil)
    }

    /// The extended format carries the source outputs; they must be the real ones. A devnet that refuses the plain
    /// format answers 460 to it and still takes EF.
    @Test func extendedFormat() throws {
        let spend = try alice.spend([coin], to: [try bob.output(99_000)])
        let lying = try ExtendedTransaction(transaction: spend, sourceOutputs: [try alice.output(200_000)])
        #expect(try chain.submit(lying.serialized) == .failure(.sourceOutputMismatch(input: 0)))
        let strict = DevnetChain(policy: DevnetPolicy(standardFormatSupported: false))
        let strictCoin = try strict.fundedCoin(alice, 100_000)
        let plain = try alice.spend([strictCoin], to: [try bob.output(99_000)])
        let rejection = try strict.rejection(of: plain)
        #expect(rejection == .notExtendedFormat)
        #expect(rejection?.arcStatus == 460 && rejection?.arcTitle == "Not extended format")
        let extended = try ExtendedTransaction(transaction: plain, sourceOutputs: [strictCoin.output])
        #expect(try strict.submit(extended.serialized).get().txStatus == .seenOnNetwork)
        let honest = try ExtendedTransaction(transaction: spend, sourceOutputs: [coin.output])
        #expect(try chain.submit(hex: honest.hex).get().txid == spend.txid)
    }

    @Test func policyForArc() {
        let policy = chain.policy
        #expect(policy.miningFeeSatoshis == 1 && policy.miningFeeBytes == 1000)
        #expect(policy.minimumFee(forSize: 0) == 0)
        #expect(policy.minimumFee(forSize: 1) == 1)
        #expect(policy.minimumFee(forSize: 1000) == 1)
        #expect(policy.minimumFee(forSize: 1001) == 2)
        #expect(DevnetPolicy(miningFeeSatoshis: 0).minimumFee(forSize: 5000) == 0)
        #expect(DevnetPolicy(miningFeeSatoshis: 5, miningFeeBytes: 10_000).minimumFee(forSize: 2001) == 2)
        #expect(DevnetPolicy(miningFeeSatoshis: .max, miningFeeBytes: 1).minimumFee(forSize: 2) == .max)
    }
}

/// A 64-byte transaction is never relayed, so the devnet can never prove one (issue 14: the merkle weakness).
@Suite struct SixtyFourByteMempoolTests {
    @Test func aSixtyFourByteTransactionIsRefusedBeforeAnyOtherCheck() throws {
        let chain = DevnetChain(key: try TestWallet(seed: 1).key)
        let alice = try TestWallet(seed: 2)
        let coin = try chain.fundedCoin(alice, 100_000)
        // One input with a 4-byte unlocking script, one output with an empty locking script: 64 bytes.
        let tiny = Transaction(
            inputs: [TransactionInput(previousOutput: coin.outpoint, unlockingScript: Script(bytes: [0x51, 0x51, 0x51, 0x51]))],
            outputs: [try TransactionOutput(satoshis: 99_000, lockingScript: Script(bytes: []))])
        try #require(tiny.serialized.count == 64)
        let rejection = try chain.rejection(of: tiny)
        #expect(rejection == .sixtyFourByteTransaction)
        #expect(rejection?.arcStatus == 463)
        #expect(rejection?.nodeRejectReason == "64: bad-txns-undersize")
        #expect(rejection?.description.contains("64 bytes") == true)
        #expect(chain.mempool.isEmpty)
        #expect(chain.tscProof(for: tiny.txid) == .unknown)
    }
}

/// The devnet's proof path applies the SPV check too: a 64-byte transaction that reached a block (here appended
/// directly to the index, a stand-in for a forged state directory, since the mempool refuses it) gets no proof.
@Suite struct SixtyFourByteProofPathTests {
    @Test func aMinedSixtyFourByteTransactionIsNotProven() throws {
        var state = DevnetState(storage: nil, policy: DevnetPolicy())
        let script = Script(bytes: [0x51])
        let mined = try state.mine(count: 101, lockingScript: script, now: 1_700_000_000)
        let spent = OutPoint(txid: mined[0].txids[0], vout: 0)
        let tiny = Transaction(
            inputs: [TransactionInput(previousOutput: spent, unlockingScript: Script(bytes: [0x51, 0x51, 0x51, 0x51]))],
            outputs: [try TransactionOutput(satoshis: 1_000, lockingScript: Script(bytes: []))])
        try #require(tiny.serialized.count == 64)
        let height = state.index.tipHeight + 1
        let coinbase = Coinbase.transaction(height: height, satoshis: Coinbase.subsidy(atHeight: height), lockingScript: script)
        let transactions = [coinbase, tiny]
        let header = BlockMiner.mine(
            previous: state.index.tipHeader.hash, merkleRoot: DevnetBlock.merkleRoot(of: transactions),
            time: state.index.tipHeader.time + 1)
        let block = DevnetBlock(header: header, transactions: transactions)
        try #require(state.index.canExtend(with: block))
        state.index.append(block)
        #expect(state.confirmation(of: tiny.txid)?.height == height, "it is in the block")
        #expect(state.proof(of: tiny.txid) == .unknown, "but no proof of it is served")
        guard case .confirmed = state.proof(of: coinbase.txid) else {
            Issue.record("the block's other transaction is still proven")
            return
        }
    }
}
