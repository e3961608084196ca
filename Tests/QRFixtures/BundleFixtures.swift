import HFBundles
import HFCrypto
import HFPrimitives
public import HFQR
import HFQRCommands
import HFTestSupport

/// One bundle of each kind, built with HFBundles, and the validator the `qr` commands would hand to a scan session.
public enum BundleFixtures {
    /// The mainnet genesis block hash (display order).
    public static let genesisHash = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"

    /// Mainnet headers 1…2016 from the chain vectors, or nil when the vector file is absent (and not required).
    public static func mainnetHeaders() throws -> [[UInt8]]? {
        guard let data = try Vectors.data("chain/headers/mainnet-headers-0-32259.bin") else { return nil }
        let bytes = [UInt8](data)
        return (1...2016).map { Array(bytes[80 * $0..<80 * ($0 + 1)]) }
    }

    /// A 2016-header `noPrev48` `.hfheaders` anchored to the genesis block.
    public static func headers() throws -> [UInt8]? {
        guard let headers = try mainnetHeaders() else { return nil }
        let checkpoint = HeaderCheckpoint(height: 0, hash: try BlockHash(displayHex: genesisHash))
        return try HeadersBundle(
            network: .main, checkpoint: checkpoint, startHeight: 1, fullHeaders: headers, encoding: .noPrev48
        ).encoded()
    }

    /// The genesis coinbase transaction.
    public static let rawTx = hex(
        "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468"
            + "652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261"
            + "696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e0"
            + "3909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000")

    /// A `.hfreceipt` for the genesis coinbase in a made-up four-transaction block (proof depth 2).
    public static func receipt() throws -> [UInt8] {
        let leaves = ["l0", "l2", "l3"].map { Hash.sha256(utf8($0)) }
        let ours = Hash.hash256(rawTx)
        let root = Hash.hash256(Hash.hash256(leaves[0] + ours) + Hash.hash256(leaves[1] + leaves[2]))
        let le32 = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let headerBytes = le32(0x2000_0000) + Array(hex(genesisHash).reversed()) + root + le32(1_750_000_500)
            + le32(0x207f_ffff) + le32(7)
        let header = try BlockHeader(bytes: headerBytes)
        let nodes = try [leaves[0], Hash.hash256(leaves[1] + leaves[2])].map {
            TSCProof.Node.hash(try MerkleHash(internalBytes: $0))
        }
        let proof = try TSCProof(index: 1, txOrId: .transaction(rawTx), target: .header(header), nodes: nodes)
        return try ReceiptBundle(network: .main, rawTx: rawTx, blockHeight: 887_001, header: header, merkleProof: proof)
            .encoded()
    }

    /// A signed `.hfaddrpack` of `count` entries, signed by the key whose 32 bytes all equal `identity`.
    public static func addressPack(count: Int = 1000, identity seed: UInt8 = 0x11) throws -> [UInt8] {
        let identity = try PrivateKey(rawRepresentation: [UInt8](repeating: seed, count: 32))
        let entries = try (1...count).map { n in
            var scalar = [UInt8](repeating: 0, count: 32)
            scalar[30] = UInt8(n >> 8)
            scalar[31] = UInt8(n & 0xff)
            let address = Address(publicKey: try PrivateKey(rawRepresentation: scalar).publicKey, network: .main)
            return try AddressPackEntry(address: address, scheme: .type42, reference: "1-wallet-\(n - 1)")
        }
        let unsigned = try UnsignedAddressPack(
            network: .main, packID: Array(0..<16), createdAt: try RFC3339Timestamp("2026-11-30T12:00:00Z"),
            identityKey: identity.publicKey, entries: entries)
        return try unsigned.signed(with: identity).encoded()
    }

    /// A `.hftx` of the genesis coinbase with one previous output.
    public static func transaction() throws -> [UInt8] {
        let input = try PreviousOutput(
            txid: Txid(hashing: [1, 2, 3]), vout: 0, satoshis: Amount(satoshis: 5_000),
            lockingScript: hex("76a914000102030405060708090a0b0c0d0e0f1011121388ac"))
        return try TransactionBundle(
            network: .main, rawTx: rawTx, createdAt: try RFC3339Timestamp("2026-11-30T12:00:00Z"), inputs: [input]
        ).encoded()
    }

    /// A `.bep` of a 3 KiB document (sealed once: 600,000 PBKDF2 iterations take a moment).
    public static func backup() throws -> [UInt8] { try sealedBackup.get() }

    /// The sealed backup, made on first use.
    private static let sealedBackup = Result {
        try EncryptedBackup.seal(
            plaintext: SecureBytes(noise(3000, seed: 42)), password: SecureBytes(utf8("correct horse"))
        ).encoded()
    }

    /// What the `qr` commands check before writing a scanned file (`QRBundle.validate`): it decodes strictly as the
    /// bundle its content names, and the BBQr file type matches.
    public static func validate(_ payload: ScannedPayload) throws { try QRBundle.validate(payload) }
}

/// Decodes test hex (trusted data; traps on malformed input).
private func hex(_ string: String) -> [UInt8] { TestHex.decode(string) }

/// The UTF-8 bytes of a string.
private func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }
