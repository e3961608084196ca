import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// The bytes 0x00, 0x01, …, 0x1f: every byte position distinct, so an order mistake shows.
private let counting = (0..<32).map(UInt8.init)
/// `counting` in display order: the bytes reversed, as hex.
private let countingDisplay = "1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100"

/// The genesis block hash: display hex and internal bytes.
private let genesisDisplay = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"
private let genesisInternal = "6fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000"

/// Known answers for the one inline 32-byte storage behind `Txid`, `BlockHash` and `MerkleHash`.
@Suite struct Hash32Tests {
    @Test func storageIsInline() {
        #expect(MemoryLayout<Hash32>.size == 32)
        #expect(MemoryLayout<Txid>.size == 32)
        #expect(MemoryLayout<BlockHash>.size == 32)
        #expect(MemoryLayout<MerkleHash>.size == 32)
        // Two hashes and four 32-bit fields, no padding.
        #expect(MemoryLayout<BlockHeader>.size == 80)
        #expect(MemoryLayout<BlockHeader>.stride == 80)
    }

    @Test func bytesRoundTrip() throws {
        let hash = try Hash32(bytes: counting)
        #expect(hash.bytes == counting)
        #expect(hash.withUnsafeBytes { Array($0) } == counting)
        #expect(counting.withUnsafeBytes { Hash32(unsafeBytes: $0) } == hash)
        let written = counting.withUnsafeBytes { source in Hash32 { $0.copyMemory(from: source) } }
        #expect(written == hash)
        #expect(Hash32.zero.bytes == [UInt8](repeating: 0, count: 32))
        var buffer = [UInt8](repeating: 0xee, count: 40)
        buffer.withUnsafeMutableBytes { hash.copyBytes(into: $0, atByteOffset: 3) }
        #expect(buffer == [0xee, 0xee, 0xee] + counting + [UInt8](repeating: 0xee, count: 5))
    }

    @Test func unalignedSource() {
        let padded = [0xff] + counting
        let hash = padded.withUnsafeBytes { Hash32(unsafeBytes: UnsafeRawBufferPointer(rebasing: $0[1...])) }
        #expect(hash.bytes == counting)
    }

    @Test func displayHexIsReversedBytes() throws {
        let hash = try Hash32(bytes: counting)
        #expect(hash.displayHex == countingDisplay)
        #expect(hash.description == countingDisplay)
        #expect(try Hash32(displayHex: countingDisplay) == hash)
        #expect(try Hash32(displayHex: countingDisplay.uppercased()) == hash)
        let genesis = try Hash32(displayHex: genesisDisplay)
        #expect(genesis.bytes.hex == genesisInternal)
        #expect(Hash32.zero.displayHex == String(repeating: "0", count: 64))
        let ones = try Hash32(bytes: [UInt8](repeating: 0xff, count: 32))
        #expect(ones.displayHex == String(repeating: "f", count: 64))
    }

    @Test func rejections() {
        #expect(throws: Hash32Error.wrongLength(31)) { try Hash32(bytes: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: Hash32Error.wrongLength(33)) { try Hash32(bytes: [UInt8](repeating: 0, count: 33)) }
        #expect(throws: Hash32Error.wrongHexLength(62)) { try Hash32(displayHex: String(countingDisplay.dropLast(2))) }
        let bad = String(countingDisplay.dropLast()) + "z"
        #expect(throws: Hash32Error.invalidHex(.invalidCharacter(offset: 63))) { try Hash32(displayHex: bad) }
    }

    /// Equality and hashing see every byte: changing any one gives a different value.
    @Test func equalityAndHashingCoverEveryByte() throws {
        let hash = try Hash32(bytes: counting)
        #expect(hash == (try Hash32(bytes: counting)))
        #expect(hash.hashValue == (try Hash32(bytes: counting)).hashValue)
        var seen: Set<Hash32> = [hash]
        for index in 0..<32 {
            var bytes = counting
            bytes[index] ^= 0x80
            let other = try Hash32(bytes: bytes)
            #expect(other != hash, "byte \(index)")
            seen.insert(other)
        }
        #expect(seen.count == 33)
    }

    @Test func littleEndianLimbs() throws {
        let limbs = try Hash32(bytes: counting).littleEndianLimbs
        #expect(limbs.0 == 0x0706_0504_0302_0100)
        #expect(limbs.1 == 0x0f0e_0d0c_0b0a_0908)
        #expect(limbs.2 == 0x1716_1514_1312_1110)
        #expect(limbs.3 == 0x1f1e_1d1c_1b1a_1918)
        let genesis = try BlockHash(displayHex: genesisDisplay)
        #expect(UInt256(blockHash: genesis) == (try UInt256(hex: genesisDisplay)))
    }

    @Test func hashing() throws {
        let message = Array("hf-airgap".utf8)
        #expect(Hash32(hash256Of: message).bytes == Hash.hash256(message))
        #expect(message.withUnsafeBytes { Hash32(hash256Of: $0) }.bytes == Hash.hash256(message))
        let left = try Hash32(bytes: counting)
        let right = Hash32(hash256Of: message)
        #expect(Hash32(hash256OfConcatenating: left, right).bytes == Hash.hash256(counting + Hash.hash256(message)))
    }

    /// The three types share the storage and stay apart: the same bytes, one `hash32`, three types.
    @Test func distinctTypesOverOneStorage() throws {
        let storage = try Hash32(displayHex: genesisDisplay)
        let txid = Txid(hash32: storage)
        let block = BlockHash(hash32: storage)
        let node = MerkleHash(txid)
        #expect(txid.hash32 == storage && block.hash32 == storage && node.hash32 == storage)
        #expect(node.txid == txid)
        #expect(txid.internalBytes == storage.bytes && block.internalBytes == storage.bytes)
        #expect(txid.displayHex == genesisDisplay && block.description == genesisDisplay)
        #expect(try MerkleHash(internalBytes: storage.bytes) == node)
        #expect(
            MerkleHash(left: node, right: node).internalBytes == Hash.hash256(storage.bytes + storage.bytes))
    }

    /// `Codable` is unchanged: a bare display-hex string, alone and inside other values.
    @Test func codableShapeUnchanged() throws {
        struct Row: Codable, Equatable {
            let txid: Txid
            let block: BlockHash
            let root: MerkleHash
        }
        let storage = try Hash32(displayHex: genesisDisplay)
        let row = Row(
            txid: Txid(hash32: storage), block: BlockHash(hash32: storage), root: MerkleHash(hash32: storage))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(row), as: UTF8.self)
        let field = "\"\(genesisDisplay)\""
        #expect(text == "{\"block\":\(field),\"root\":\(field),\"txid\":\(field)}")
        #expect(try JSONDecoder().decode(Row.self, from: Data(text.utf8)) == row)
        #expect(String(decoding: try encoder.encode(row.root), as: UTF8.self) == "\"\(genesisDisplay)\"")
        let short = Data("\"\(genesisDisplay.dropLast(2))\"".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MerkleHash.self, from: short) }
    }
}

/// The allocation-free header paths agree with the array ones on real headers.
@Suite struct BlockHeaderInlineTests {
    @Test func stackPathsMatchArrayPaths() throws {
        let path = "chain/headers/bsv-mainnet-headers-886001-888000.bin"
        guard let headers = try ChainVectors.headers(path) else { return }
        for header in headers {
            let bytes = header.serialized
            #expect(header.withSerializedBytes { Array($0) } == bytes)
            #expect(bytes.withUnsafeBytes { BlockHeader(unsafeBytes: $0) } == header)
            #expect(header.hash == BlockHash(hashing: bytes))
            #expect(header.hash.internalBytes == Hash.hash256(bytes))
        }
    }

    @Test func genesisFields() throws {
        let genesis = try BlockHeader(
            bytes: [UInt8](
                hex: "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e"
                    + "67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"))
        #expect(genesis.version == 1)
        #expect(genesis.previousBlockHash.hash32 == .zero)
        #expect(genesis.merkleRoot.displayHex == "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b")
        #expect(genesis.time == 1_231_006_505 && genesis.bits == 0x1d00_ffff && genesis.nonce == 2_083_236_893)
        #expect(genesis.hash.displayHex == genesisDisplay)
        let rebuilt = try BlockHeader(noPrev48: genesis.noPrev48Bytes, previousBlockHash: genesis.previousBlockHash)
        #expect(rebuilt == genesis)
    }
}
