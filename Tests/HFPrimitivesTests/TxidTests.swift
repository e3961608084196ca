import Foundation
import HFPrimitives
import Testing

/// The genesis block's coinbase transaction (block 0), serialized.
private let genesisCoinbaseHex =
    "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054"
    + "696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f7574"
    + "20666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea"
    + "1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000"
private let genesisTxidDisplay = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"
private let genesisTxidInternal = "3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a"

/// The genesis block header (80 bytes) and its hash.
private let genesisHeaderHex =
    "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81b"
    + "c3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"
private let genesisBlockHashDisplay = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"

@Suite struct TxidTests {
    @Test func genesisCoinbaseDisplayOrder() throws {
        let txid = try Txid(displayHex: genesisTxidDisplay)
        #expect(txid.internalBytes.hex == genesisTxidInternal)
        #expect(txid.displayHex == genesisTxidDisplay)
        #expect(txid.description == genesisTxidDisplay)
        #expect(try Txid(internalBytes: [UInt8](hex: genesisTxidInternal)) == txid)
        #expect(try Txid(displayHex: genesisTxidDisplay.uppercased()) == txid)
    }

    @Test func hashesRawTransaction() throws {
        let txid = Txid(hashing: try [UInt8](hex: genesisCoinbaseHex))
        #expect(txid.displayHex == genesisTxidDisplay)
    }

    @Test func rejections() {
        #expect(throws: Hash32Error.wrongLength(31)) { try Txid(internalBytes: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: Hash32Error.wrongLength(33)) { try Txid(internalBytes: [UInt8](repeating: 0, count: 33)) }
        #expect(throws: Hash32Error.wrongLength(0)) { try Txid(internalBytes: []) }
        #expect(throws: Hash32Error.wrongHexLength(63)) { try Txid(displayHex: String(genesisTxidDisplay.dropLast())) }
        #expect(throws: Hash32Error.wrongHexLength(66)) { try Txid(displayHex: "0x" + genesisTxidDisplay) }
        #expect(throws: Hash32Error.wrongHexLength(0)) { try Txid(displayHex: "") }
        let bad = "g" + genesisTxidDisplay.dropFirst()
        #expect(throws: Hash32Error.invalidHex(.invalidCharacter(offset: 0))) { try Txid(displayHex: bad) }
    }

    @Test func codableAsDisplayHex() throws {
        let txid = try Txid(displayHex: genesisTxidDisplay)
        let data = try JSONEncoder().encode([txid])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(genesisTxidDisplay)\"]")
        #expect(try JSONDecoder().decode([Txid].self, from: data) == [txid])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Txid].self, from: Data("[\"00\"]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Txid].self, from: Data("[1]".utf8)) }
    }
}

@Suite struct BlockHashTests {
    @Test func genesisBlock() throws {
        let hash = BlockHash(hashing: try [UInt8](hex: genesisHeaderHex))
        #expect(hash.displayHex == genesisBlockHashDisplay)
        #expect(hash.internalBytes == Array(try [UInt8](hex: genesisBlockHashDisplay).reversed()))
        #expect(hash.internalBytes.suffix(4) == [0, 0, 0, 0])
        #expect(try BlockHash(displayHex: genesisBlockHashDisplay) == hash)
        #expect(try BlockHash(internalBytes: hash.internalBytes) == hash)
        #expect(hash.description == genesisBlockHashDisplay)
    }

    @Test func rejectionsAndCodable() throws {
        #expect(throws: Hash32Error.wrongLength(20)) { try BlockHash(internalBytes: [UInt8](repeating: 1, count: 20)) }
        #expect(throws: Hash32Error.wrongHexLength(2)) { try BlockHash(displayHex: "00") }
        let hash = try BlockHash(displayHex: genesisBlockHashDisplay)
        let data = try JSONEncoder().encode(hash)
        #expect(try JSONDecoder().decode(BlockHash.self, from: data) == hash)
    }
}
