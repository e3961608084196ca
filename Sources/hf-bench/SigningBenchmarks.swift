import HFCrypto
import HFPrimitives
import HFWallet

/// Transaction-signing cases (issue #4): P2PKH signing of a whole transaction against raw ECDSA on the same digests.
enum SigningBenchmarks {
    /// Inputs of the main run.
    static let inputCount = 1_000

    /// Inputs of the smaller run that shows whether the cost per input stays flat.
    static let smallInputCount = 100

    /// Distinct keys the inputs spend from (round-robin), as when a wallet consolidates coins of several addresses.
    static let keyCount = 10

    /// `keyCount` fixed keys.
    static func benchmarkKeys() throws -> [PrivateKey] {
        try (0..<keyCount).map { try PrivateKey(rawRepresentation: Hash.sha256(Array("hf-bench key \($0)".utf8))) }
    }

    /// An unsigned transaction of `count` inputs spending P2PKH outputs of `keys` round-robin, with two outputs,
    /// and the outputs its inputs spend.
    static func unsigned(inputs count: Int, keys: [PrivateKey]) throws -> (Transaction, [TransactionOutput]) {
        let scripts = keys.map { Script(p2pkhPaying: Address(publicKey: $0.publicKey, network: .main)) }
        var inputs: [TransactionInput] = []
        var sources: [TransactionOutput] = []
        for index in 0..<count {
            let txid = try Txid(internalBytes: Hash.sha256(Array("hf-bench source \(index)".utf8)))
            inputs.append(TransactionInput(previousOutput: OutPoint(txid: txid, vout: UInt32(index % 3))))
            sources.append(
                try TransactionOutput(satoshis: UInt64(10_000 + index), lockingScript: scripts[index % keys.count]))
        }
        let outputs = [
            try TransactionOutput(satoshis: 1_000_000, lockingScript: scripts[0]),
            try TransactionOutput(satoshis: 4_000_000, lockingScript: scripts[1]),
        ]
        return (Transaction(inputs: inputs, outputs: outputs, lockTime: 887_000), sources)
    }

    /// Seconds to sign every input of `transaction` with a fresh `TransactionSigner` (best of `repeats`).
    static func signingTime(
        _ transaction: Transaction, _ sources: [TransactionOutput], keys: [PrivateKey], repeats: Int
    ) throws -> Double {
        try measure(repeats: repeats) {
            blackHole(try TransactionSigner(keys: keys).sign(transaction, sourceOutputs: sources))
        }
    }

    /// `sign.1000inputs`: sign all inputs of a 1,000-input P2PKH transaction (key lookup, one set of midstates,
    /// per input preimage + hash256 + RFC 6979 signature + DER + unlocking script); limit: 1,000 raw
    /// `PrivateKey.signature(forDigest:)` calls on the same digests. `perInputMicros100` is the same signing on a
    /// 100-input transaction, so that `linearity` (per-input time at 1,000 over per-input time at 100) shows the
    /// cost stays linear.
    static let sign1000 = BenchmarkCase(
        name: "sign.p2pkh1000",
        summary: "sign a 1,000-input P2PKH transaction (0x41); limit: 1,000 raw ECDSA signatures on the same digests"
    ) {
        let keys = try benchmarkKeys()
        let (transaction, sources) = try unsigned(inputs: inputCount, keys: keys)
        let signed = try TransactionSigner(keys: keys).sign(transaction, sourceOutputs: sources)
        let check = SighashCache(transaction: signed)
        for index in sources.indices {
            try P2PKHVerifier.verify(input: index, of: check, sourceOutput: sources[index])
        }
        let seconds = try signingTime(transaction, sources, keys: keys, repeats: 5)

        let cache = SighashCache(transaction: transaction)
        let digests = try sources.indices.map { index in
            try cache.forkIDDigest(
                inputIndex: index, scriptCode: sources[index].lockingScript, satoshis: sources[index].satoshis,
                type: .allForkID)
        }
        let limit = try measure(repeats: 5) {
            for (index, digest) in digests.enumerated() {
                blackHole(try keys[index % keys.count].signature(forDigest: digest))
            }
        }

        let (small, smallSources) = try unsigned(inputs: smallInputCount, keys: keys)
        let smallSeconds = try signingTime(small, smallSources, keys: keys, repeats: 20)
        var report = BenchmarkReport(name: "sign.p2pkh1000", n: inputCount, seconds: seconds, limitSeconds: limit)
        let perInput = seconds / Double(inputCount)
        let perInputSmall = smallSeconds / Double(smallInputCount)
        report.extra = [
            ("perInputMicros", perInput * 1e6), ("perInputMicros100", perInputSmall * 1e6),
            ("linearity", perInput / perInputSmall), ("keys", Double(keyCount)),
        ]
        return report
    }
}
