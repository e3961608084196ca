public import HFBundles
import HFCrypto
public import HFPrimitives
import HFSPV

/// A freshly mined regtest chain for tests: blocks of chosen transactions on any parent (regtest's proof of work
/// takes a few tries), receipts of their transactions, and `.hfheaders` bundles of them.
public enum Regtest {
    /// A mined regtest block: its header, its raw transactions and their merkle tree.
    public struct Block: Sendable {
        public let header: BlockHeader
        public let transactions: [[UInt8]]
        public let tree: MerkleTree

        /// A receipt for transaction `index` at `height`.
        public func receipt(index: Int, height: Int) throws -> ReceiptBundle {
            try ReceiptBundle(
                network: .regtest, rawTx: transactions[index], blockHeight: UInt32(height), header: header,
                merkleProof: tree.tscProof(index: index, target: .blockHash(header.hash)))
        }
    }

    /// A regtest block of `count` random 200-byte transactions mined on `parent`.
    public static func mineBlock(on parent: BlockHeader, transactions count: Int = 5) throws -> Block {
        try mineBlock(on: parent, containing: (0..<count).map { _ in SecureRandom.bytes(200) })
    }

    /// A regtest block holding exactly `transactions` (raw), mined on `parent`.
    public static func mineBlock(on parent: BlockHeader, containing transactions: [[UInt8]]) throws -> Block {
        let tree = try MerkleTree(txids: transactions.map(Txid.init(hashing:)))
        var nonce: UInt32 = 0
        while true {
            let header = BlockHeader(
                version: 0x2000_0000, previousBlockHash: parent.hash, merkleRoot: tree.root, time: parent.time + 600,
                bits: 0x207f_ffff, nonce: nonce)
            if header.hasValidProofOfWork { return Block(header: header, transactions: transactions, tree: tree) }
            nonce += 1
        }
    }

    /// A transaction paying `amounts` to `address` (P2PKH) from a made-up outpoint: the funding a watcher would see.
    public static func payment(to address: Address, amounts: [UInt64]) throws -> [UInt8] {
        let input = TransactionInput(
            previousOutput: OutPoint(txid: Txid(hashing: SecureRandom.bytes(32)), vout: 0),
            unlockingScript: Script(bytes: [0x51]))
        let outputs = try amounts.map { try TransactionOutput(satoshis: $0, lockingScript: Script(p2pkhPaying: address)) }
        return Transaction(inputs: [input], outputs: outputs).serialized
    }

    /// A regtest `.hfheaders` bundle of `blocks` starting at height `start`.
    public static func headersBundle(_ blocks: [Block], start: Int = 1) throws -> [UInt8] {
        try HeadersBundle(
            network: .regtest, checkpoint: HeaderCheckpoint(height: 0, hash: Checkpoint.regtest.hash),
            startHeight: UInt32(start), fullHeaders: blocks.map(\.header.serialized)
        ).encoded()
    }
}
