import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport

/// Homes and bundle files for running the built `hf-signer` on real chain data and on a freshly mined regtest chain.
struct SignerFixtures {
    let dir: TemporaryDirectory
    let signer = BuiltTool("hf-signer")
    var home: String { dir.path("home") }

    /// The store passphrase file (mode 0600) every run passes with `--passphrase-file`.
    let passphraseFile: String

    init() throws {
        dir = try TemporaryDirectory()
        passphraseFile = try dir.write("store-passphrase", "test store passphrase\n")
    }

    /// Runs the signer with `--home` and `--passphrase-file` set.
    func run(_ arguments: [String], network: String = "main") throws -> BuiltTool.Result {
        try signer.run(["--home", home, "--network", network, "--passphrase-file", passphraseFile] + arguments)
    }

    /// SHA-256 of every file in the home, by path: "nothing changed" means this is equal before and after.
    func homeDigest() throws -> [String: String] {
        var digests: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: home)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = home + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            digests[name] = Hex.encode(HFCrypto.Hash.sha256([UInt8](data)))
        }
        return digests
    }

    /// Writes `bytes` to `name` in the temporary directory and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The real BSV mainnet headers 886001…888000 from the vectors, or nil when vectors are skipped.
    static func mainnetHeaders() throws -> [BlockHeader]? {
        guard let data = try Vectors.data("chain/headers/bsv-mainnet-headers-886001-888000.bin") else { return nil }
        let bytes = [UInt8](data)
        return try stride(from: 0, to: bytes.count, by: 80).map { try BlockHeader(bytes: Array(bytes[$0..<$0 + 80])) }
    }

    /// An `.hfheaders` bundle of mainnet headers `start…end` (heights), anchored to the compiled-in checkpoint.
    static func mainnetBundle(
        _ headers: [BlockHeader], from start: Int, to end: Int, encoding: HeaderEncoding
    ) throws -> [UInt8] {
        let run = headers[(start - 886_001)...(end - 886_001)].map(\.serialized)
        return try HeadersBundle(
            network: .main, checkpoint: HeaderCheckpoint(height: 887_000, hash: Checkpoint.main.hash),
            startHeight: UInt32(start), fullHeaders: Array(run), encoding: encoding
        ).encoded()
    }

    /// A regtest block of `transactions` random 200-byte transactions mined on `parent`.
    struct RegtestBlock {
        let header: BlockHeader
        let transactions: [[UInt8]]
        let tree: MerkleTree

        /// A receipt for transaction `index` at `height`.
        func receipt(index: Int, height: Int) throws -> ReceiptBundle {
            try ReceiptBundle(
                network: .regtest, rawTx: transactions[index], blockHeight: UInt32(height), header: header,
                merkleProof: tree.tscProof(index: index, target: .blockHash(header.hash)))
        }
    }

    static func mineBlock(on parent: BlockHeader, transactions count: Int = 5) throws -> RegtestBlock {
        try mineBlock(on: parent, containing: (0..<count).map { _ in SecureRandom.bytes(200) })
    }

    /// A regtest block holding exactly `transactions` (raw), mined on `parent`.
    static func mineBlock(on parent: BlockHeader, containing transactions: [[UInt8]]) throws -> RegtestBlock {
        let tree = try MerkleTree(txids: transactions.map(Txid.init(hashing:)))
        var nonce: UInt32 = 0
        while true {
            let header = BlockHeader(
                version: 0x2000_0000, previousBlockHash: parent.hash, merkleRoot: tree.root, time: parent.time + 600,
                bits: 0x207f_ffff, nonce: nonce)
            if header.hasValidProofOfWork { return RegtestBlock(header: header, transactions: transactions, tree: tree) }
            nonce += 1
        }
    }

    /// A transaction paying `amounts` to `address` (P2PKH) from a made-up outpoint: the funding a watcher would see.
    static func payment(to address: Address, amounts: [UInt64]) throws -> [UInt8] {
        let input = TransactionInput(
            previousOutput: OutPoint(txid: Txid(hashing: SecureRandom.bytes(32)), vout: 0),
            unlockingScript: Script(bytes: [0x51]))
        let outputs = try amounts.map { try TransactionOutput(satoshis: $0, lockingScript: Script(p2pkhPaying: address)) }
        return Transaction(inputs: [input], outputs: outputs).serialized
    }

    /// A regtest `.hfheaders` bundle of `blocks` starting at height 1.
    static func regtestBundle(_ blocks: [RegtestBlock], start: Int = 1) throws -> [UInt8] {
        try HeadersBundle(
            network: .regtest, checkpoint: HeaderCheckpoint(height: 0, hash: Checkpoint.regtest.hash),
            startHeight: UInt32(start), fullHeaders: blocks.map(\.header.serialized)
        ).encoded()
    }
}
