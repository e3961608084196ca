import HFCrypto
import HFPrimitives
import HFWallet

/// `send.10kutxos` (issue #4): a whole payment from a large wallet against the signatures it cannot avoid.
extension EngineBenchmarks {
    /// The payment: 2 BSV to a foreign address.
    static let payment: UInt64 = 2 * Amount.satoshisPerBSV

    /// A wallet of `walletUTXOCount` confirmed UTXOs spread over the receive addresses, values
    /// from 5,000 to about 1,000,000 satoshis in a fixed scrambled order.
    static func wallet(_ receive: [DerivedAddress]) throws -> [UTXO] {
        try (0..<walletUTXOCount).map { index in
            let entry = receive[index % receive.count]
            let txid = try Txid(internalBytes: Hash.sha256(Array("hf-bench utxo \(index)".utf8)))
            let satoshis = 5_000 + UInt64((index * 7_919) % 995_000)
            return UTXO(
                outpoint: OutPoint(txid: txid, vout: UInt32(index % 4)),
                output: try TransactionOutput(satoshis: satoshis, lockingScript: Script(p2pkhPaying: entry.address)),
                address: entry, height: 880_000 + index / 100)
        }
    }

    /// `send.10kutxos`: choose the policy, select, build and sign a 2 BSV payment from 10,000 UTXOs (signing keys
    /// derived beforehand, as a session would hold them). Limit: raw `PrivateKey.signature(forDigest:)` calls on the
    /// digests of the chosen inputs. n = inputs signed.
    static let send = BenchmarkCase(
        name: "send.10k",
        summary: "select + build + sign a payment from 10,000 UTXOs; limit: raw signatures of the chosen inputs"
    ) {
        let keys = try KeyBenchmarks.sampleKeys()
        let (receive, change) = try addresses(keys)
        let utxos = try wallet(receive)
        var privateKeys: [Address: PrivateKey] = [:]
        for entry in receive { privateKeys[entry.address] = try keys.privateKey(for: entry) }
        let recipient = Address(publicKey: PrivateKey.generate().publicKey, network: .main)
        let builder = PaymentBuilder(network: .main)
        func send() throws -> (PaymentPlan, ExtendedTransaction) {
            let plan = try builder.plan(
                paying: [PaymentRecipient(address: recipient, satoshis: payment)], from: utxos,
                changeAddresses: Array(change.prefix(2)), lockTimeHeight: 887_000)
            return (plan, try plan.signed { privateKeys[$0.address] })
        }
        let (plan, signed) = try send()
        let check = SighashCache(transaction: signed.transaction)
        for index in signed.sourceOutputs.indices {
            try P2PKHVerifier.verify(input: index, of: check, sourceOutput: signed.sourceOutputs[index])
        }
        let seconds = try measure(repeats: 5) { blackHole(try send().1) }

        let cache = SighashCache(transaction: plan.transaction)
        let signing = try plan.inputs.enumerated().map { index, utxo in
            (
                try cache.forkIDDigest(
                    inputIndex: index, scriptCode: utxo.lockingScript, satoshis: utxo.satoshis, type: .allForkID),
                privateKeys[utxo.address.address]!
            )
        }
        let limit = try measure(repeats: 5) {
            for (digest, key) in signing { blackHole(try key.signature(forDigest: digest)) }
        }
        var report = BenchmarkReport(name: "send.10k", n: plan.inputs.count, seconds: seconds, limitSeconds: limit)
        report.extra = [
            ("utxos", Double(utxos.count)), ("inputs", Double(plan.inputs.count)), ("fee", Double(plan.fee)),
            ("bytes", Double(signed.transaction.size)),
            ("fragmentationAware", plan.policy == .fragmentationAware ? 1 : 0),
        ]
        return report
    }
}
