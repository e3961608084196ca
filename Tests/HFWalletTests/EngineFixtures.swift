import HFCrypto
import HFPrimitives
import Testing

@testable import HFWallet

/// Keys, addresses, transactions and UTXOs for the wallet-engine tests, all deterministic.
enum EngineFixtures {
    /// The private key number `index` of the test wallet.
    static func key(_ index: Int) -> PrivateKey {
        try! PrivateKey(rawRepresentation: Hash.sha256(Array("engine key \(index)".utf8)))
    }

    /// The wallet address of key `index` (Type42 scheme; `chain` receive by default).
    static func address(
        _ index: Int, chain: KeyChainKind = .receive, scheme: DerivationScheme = .type42, network: Network = .main
    ) -> DerivedAddress {
        DerivedAddress(
            scheme: scheme, chain: chain, index: UInt32(index), publicKey: key(index).publicKey, network: network)
    }

    /// Fresh change addresses 1000, 1001, … (keys no UTXO uses).
    static func changeAddresses(_ count: Int = 2) -> [DerivedAddress] {
        (0..<count).map { address(1000 + $0, chain: .change) }
    }

    /// The wallet's addresses 0..<count on both chains.
    static func owned(_ count: Int = 10) -> OwnedAddresses {
        OwnedAddresses((0..<count).map { address($0) } + (0..<count).map { address(1000 + $0, chain: .change) })
    }

    /// An address the wallet does not own.
    static func foreign(_ index: Int = 0, network: Network = .main) -> Address {
        Address(publicKey: key(50_000 + index).publicKey, network: network)
    }

    /// A txid from a label (not the hash of any transaction).
    static func txid(_ label: String) -> Txid {
        try! Txid(internalBytes: Hash.sha256(Array(label.utf8)))
    }

    /// A P2PKH output of `satoshis` to `address`.
    static func output(_ satoshis: UInt64, to address: Address) -> TransactionOutput {
        try! TransactionOutput(satoshis: satoshis, lockingScript: Script(p2pkhPaying: address))
    }

    /// A transaction spending `spending` and paying `outputs`.
    static func transaction(spending: [OutPoint], outputs: [TransactionOutput]) -> Transaction {
        Transaction(inputs: spending.map { TransactionInput(previousOutput: $0) }, outputs: outputs)
    }

    /// A transaction from outside (spending a foreign outpoint named `label`) paying `outputs`.
    static func funding(_ label: String, outputs: [TransactionOutput]) -> Transaction {
        transaction(spending: [OutPoint(txid: txid(label), vout: 0)], outputs: outputs)
    }

    /// A confirmed UTXO of `satoshis` at wallet address `index`, located by `label`.
    static func utxo(_ satoshis: UInt64, index: Int = 0, label: String? = nil, height: Int = 100) -> UTXO {
        let address = address(index)
        return UTXO(
            outpoint: OutPoint(txid: txid(label ?? "utxo \(satoshis) \(index)"), vout: 0),
            output: output(satoshis, to: address.address), address: address, height: height)
    }

    /// `count` UTXOs of the given values at addresses 0..<10 round-robin, with distinct outpoints.
    static func utxos(_ values: [UInt64]) -> [UTXO] {
        values.enumerated().map { utxo($1, index: $0 % 10, label: "set \($0)") }
    }

    /// The signing key of a wallet address of these fixtures.
    static func keyLookup(_ entry: DerivedAddress) -> PrivateKey? {
        let candidate = key(Int(entry.index))
        return Address(publicKey: candidate.publicKey, network: entry.address.network) == entry.address
            ? candidate : nil
    }
}

/// SplitMix64: a small seeded generator, so property tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
