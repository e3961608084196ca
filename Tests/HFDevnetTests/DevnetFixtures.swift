import HFCrypto
import HFDevnet
import HFPrimitives
import HFWallet
import Testing

/// A P2PKH key pair with a deterministic private key, for signing test spends.
struct TestWallet {
    let key: PrivateKey
    let address: Address

    /// The key whose 32 bytes are 31 zeros and `seed` (seed ≥ 1).
    init(seed: UInt8) throws {
        key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [seed])
        address = Address(publicKey: key.publicKey, network: .regtest)
    }

    /// The P2PKH locking script of `address`.
    var script: Script { Script(p2pkhPaying: address) }

    /// A transaction spending `coins` to `outputs`, every input signed with this key (SIGHASH_ALL|FORKID).
    func spend(_ coins: [Coin], to outputs: [TransactionOutput]) throws -> Transaction {
        let unsigned = Transaction(
            inputs: coins.map { TransactionInput(previousOutput: $0.outpoint) }, outputs: outputs)
        return try TransactionSigner(keys: [key]).sign(unsigned, sourceOutputs: coins.map(\.output))
    }

    /// An output of `satoshis` paying this wallet.
    func output(_ satoshis: UInt64) throws -> TransactionOutput {
        try TransactionOutput(satoshis: satoshis, lockingScript: script)
    }
}

/// An output and where it is.
struct Coin: Hashable {
    let outpoint: OutPoint
    let output: TransactionOutput

    /// The output `output` at `outpoint`.
    init(outpoint: OutPoint, output: TransactionOutput) {
        self.outpoint = outpoint
        self.output = output
    }

    /// Output `vout` of `transaction`.
    init(_ transaction: Transaction, _ vout: Int) {
        outpoint = OutPoint(txid: transaction.txid, vout: UInt32(vout))
        output = transaction.outputs[vout]
    }

    var satoshis: UInt64 { output.satoshis }
}

extension DevnetChain {
    /// Funds `wallet` with `satoshis` and returns the funding transaction and its output paying the wallet.
    func fundedCoin(_ wallet: TestWallet, _ satoshis: UInt64) throws -> Coin {
        let txid = try fund(address: wallet.address, satoshis: satoshis)
        let transaction = try #require(transaction(txid)?.transaction)
        let vout = try #require(transaction.outputs.firstIndex { $0.lockingScript == wallet.script })
        return Coin(transaction, vout)
    }

    /// Submits `transaction` and returns the verdict, failing the test on a storage error.
    func verdict(_ transaction: Transaction) throws -> Result<DevnetSubmission, MempoolRejection> {
        try submit(transaction)
    }

    /// The rejection of `transaction`, or nil when it was accepted.
    func rejection(of transaction: Transaction) throws -> MempoolRejection? {
        if case .failure(let rejection) = try submit(transaction) { return rejection }
        return nil
    }
}
