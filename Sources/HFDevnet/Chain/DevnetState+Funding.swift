import HFCrypto
import HFPrimitives
import HFWallet

// `fund`: pay an address from the devnet key's mature outputs, mining first when they do not suffice.
extension DevnetState {
    /// The longest P2PKH unlocking script: a 73-byte signature push and a 33-byte key push (108 bytes).
    static let maxUnlockingScriptSize = 1 + 73 + 1 + 33

    /// The most blocks one `fund` call mines to mature enough coinbase outputs.
    static let maxFundingBlocks = DevnetChain.maxBlocksPerCall

    /// Pays `satoshis` to `lockingScript` from the outputs of `key`'s P2PKH script, with change back to it, signs,
    /// submits to the mempool and mines one block (coinbase to `key`).
    ///
    /// Inputs are chosen largest first among the key's mined, mature outputs that no mempool transaction spends. If
    /// they do not cover the amount and the fee (`policy.minimumFee` of the size with every signature at its
    /// longest), the devnet first mines, to its own key, as many blocks as it takes for enough coinbase outputs to
    /// mature (100 on a fresh chain: the coinbase of block 1 can be spent in block 101).
    /// - Returns: the funding transaction, mined at the new tip.
    /// - Throws: `DevnetError.invalidAmount`, `.insufficientFunds`, `.closed`, `.storage`, `.internalInconsistency`.
    mutating func fund(
        lockingScript: Script, satoshis: UInt64, key: PrivateKey, now: UInt32
    ) throws(DevnetError) -> Transaction {
        guard !isClosed else { throw .closed }
        guard satoshis > 0, satoshis <= Amount.maxMoney else { throw .invalidAmount(satoshis) }
        let ownScript = Script(p2pkhPaying: Address(publicKey: key.publicKey, network: .regtest))
        let payment = TransactionOutput(amount: Amount.unchecked(satoshis), lockingScript: lockingScript)
        var minedForFunding = 0
        while true {
            var selected: [DevnetUnspentOutput] = []
            var total: UInt64 = 0
            var fee = fundingFee(inputs: 1, payment: payment, changeScript: ownScript)
            for candidate in spendableOutputs(of: ownScript) where total < satoshis + fee {
                selected.append(candidate)
                total += candidate.satoshis
                fee = fundingFee(inputs: selected.count, payment: payment, changeScript: ownScript)
            }
            if !selected.isEmpty, total >= satoshis + fee {
                return try payAndMine(
                    selected, payment: payment, change: total - satoshis - fee, ownScript: ownScript, key: key,
                    now: now)
            }
            let deficit = satoshis + fee - total
            guard let blocks = blocksToCover(deficit, ownScript: ownScript),
                minedForFunding + blocks <= Self.maxFundingBlocks
            else { throw .insufficientFunds(available: total, needed: satoshis + fee) }
            _ = try mine(count: blocks, lockingScript: ownScript, now: now)
            minedForFunding += blocks
        }
    }

    /// Builds, signs, submits and mines the funding transaction.
    private mutating func payAndMine(
        _ inputs: [DevnetUnspentOutput], payment: TransactionOutput, change: UInt64, ownScript: Script,
        key: PrivateKey, now: UInt32
    ) throws(DevnetError) -> Transaction {
        var outputs = [payment]
        if change > 0 { outputs.append(TransactionOutput(amount: Amount.unchecked(change), lockingScript: ownScript)) }
        let sources = inputs.map { TransactionOutput(amount: Amount.unchecked($0.satoshis), lockingScript: ownScript) }
        let unsigned = Transaction(
            inputs: inputs.map { TransactionInput(previousOutput: $0.outpoint) }, outputs: outputs)
        let signed: Transaction
        do {
            signed = try TransactionSigner(keys: [key]).sign(unsigned, sourceOutputs: sources)
        } catch {
            throw .internalInconsistency("cannot sign the funding transaction: \(error)")
        }
        if case .failure(let rejection) = try submit(signed, declaredSources: sources) {
            throw .internalInconsistency("the devnet refused its own funding transaction: \(rejection)")
        }
        _ = try mine(count: 1, lockingScript: ownScript, now: now)
        return signed
    }

    /// The key's spendable outputs: mined, mature if coinbase, not spent in the mempool; largest first.
    private func spendableOutputs(of script: Script) -> [DevnetUnspentOutput] {
        let nextHeight = index.tipHeight + 1
        return unspentOutputs(of: script)
            .filter { output in
                guard let height = output.height, !output.isSpentInMempool else { return false }
                return !output.isCoinbase || nextHeight - height >= DevnetChain.coinbaseMaturity
            }
            .sorted { left, right in
                left.satoshis != right.satoshis
                    ? left.satoshis > right.satoshis : (left.height ?? 0) < (right.height ?? 0)
            }
    }

    /// The fee of a funding transaction with `inputs` inputs, the payment and a change output, every unlocking script
    /// counted at its longest.
    private func fundingFee(inputs: Int, payment: TransactionOutput, changeScript: Script) -> UInt64 {
        let input = TransactionInput(previousOutput: Coinbase.nullOutPoint)
        let change = TransactionOutput(amount: .zero, lockingScript: changeScript)
        let unsigned = Transaction(inputs: Array(repeating: input, count: inputs), outputs: [payment, change])
        return policy.minimumFee(forSize: unsigned.size + inputs * Self.maxUnlockingScriptSize)
    }

    /// How many blocks, mined to `ownScript`, mature enough of its coinbase outputs to add `deficit` satoshis (plus
    /// the fee of one more input each); nil if no number up to `maxFundingBlocks` does.
    private func blocksToCover(_ deficit: UInt64, ownScript: Script) -> Int? {
        let tip = index.tipHeight
        let perInputFee = policy.minimumFee(forSize: 41 + Self.maxUnlockingScriptSize) + 1
        var remaining = deficit
        for blocks in 1...Self.maxFundingBlocks {
            // After `blocks` more blocks, the coinbase at this height becomes spendable in the next one.
            let maturing = tip + blocks + 1 - DevnetChain.coinbaseMaturity
            guard maturing >= 1 else { continue }
            let value: UInt64
            if maturing <= tip {
                let coinbase = index.blocks[maturing].transactions[0]
                let outpoint = OutPoint(txid: index.blocks[maturing].txids[0], vout: 0)
                let ours = coinbase.outputs[0].lockingScript == ownScript && index.unspent[outpoint] != nil
                value = ours ? coinbase.outputs[0].satoshis : 0
            } else {
                value = Coinbase.subsidy(atHeight: maturing)
                if value == 0 { return nil }
            }
            guard value > perInputFee else { continue }
            if value - perInputFee >= remaining { return blocks }
            remaining -= value - perInputFee
        }
        return nil
    }
}

extension Amount {
    /// An amount known to be at most `Amount.maxMoney`.
    fileprivate static func unchecked(_ satoshis: UInt64) -> Amount {
        do {
            return try Amount(satoshis: satoshis)
        } catch {
            preconditionFailure("funding amounts are checked against maxMoney: \(error)")
        }
    }
}
