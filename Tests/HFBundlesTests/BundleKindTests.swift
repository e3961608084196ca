import HFBundles
import HFCrypto
import HFPrimitives
import Testing

@Suite struct BundleKindTests {
    @Test func routesByContent() throws {
        let headers = try HeadersBundle(
            network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001,
            fullHeaders: Fixtures.headerChain(count: 1, previous: hex(Fixtures.checkpointHashDisplay).reversed()))
        let pack = try UnsignedAddressPack(
            network: .main, createdAt: Fixtures.createdAt, identityKey: Fixtures.identityKey.publicKey,
            entries: [try AddressPackEntry(address: Fixtures.address(1), scheme: .bip44, reference: "m/44'/236'/0'/0/0")]
        ).signed(with: Fixtures.identityKey)
        let transaction = try TransactionBundle(
            network: .main, rawTx: Fixtures.rawTx, createdAt: Fixtures.createdAt,
            inputs: [try PreviousOutput(txid: Txid(hashing: [1]), vout: 0, satoshis: .zero, lockingScript: [])])
        #expect(try BundleKind.detect(headers.encoded()) == .headers)
        #expect(try BundleKind.detect(utf8(Fixtures.receiptJSON)) == .receipt)
        #expect(try BundleKind.detect(pack.encoded()) == .addressPack)
        #expect(try BundleKind.detect(transaction.encoded()) == .transaction)
        #expect(try BundleKind.detect(BackupKAT.file) == .encryptedBackup)
        #expect(try BundleKind.detect(utf8(BackupKAT.plaintext)) == .backupDocument)
        #expect(try BundleKind.detect(utf8(" \n\t{\"format\":\"hftx\"}\n")) == .transaction)
        #expect(try BundleKind.detect([0x01, 0x00, 0xbe, 0xef, 0x00]) == .beef)
        #expect(try BundleKind.detect([0x02, 0x00, 0xbe, 0xef]) == .beef)
        #expect(try BundleKind.detect([0x01, 0x01, 0x01, 0x01] + [UInt8](repeating: 0, count: 32)) == .beef)
        #expect(try BundleKind.detect(utf8("0100BEEF00")) == .beef, "BEEF as hex text")
        #expect(try BundleKind.detect(utf8("\n 0200beef")) == .beef)
        #expect(try BundleKind.detect(utf8("01010101")) == .beef)
    }

    @Test func rejections() {
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect([]) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect([0x00, 0x01]) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect(utf8("[{\"format\":\"hftx\"}]")) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect(utf8("HFBK")) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect(utf8("0300beef")) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect(utf8("0100bee")) }
        #expect(throws: BundleError.unknownFormat("hfwhatever")) { try BundleKind.detect(utf8("{\"format\":\"hfwhatever\"}")) }
        #expect(throws: BundleError.missingField(path: "format")) { try BundleKind.detect(utf8("{\"version\":1}")) }
        #expect(throws: BundleError.wrongType(path: "format", expected: .string, found: .integer)) {
            try BundleKind.detect(utf8("{\"format\":1}"))
        }
        #expect(throws: BundleError.invalidJSON(.duplicateKey("format", offset: 17))) {
            try BundleKind.detect(utf8("{\"format\":\"hftx\",\"format\":\"hfheaders\"}"))
        }
        #expect(throws: BundleError.invalidJSON(.unexpectedEnd)) { try BundleKind.detect(utf8("{\"format\":\"hftx\"")) }
    }

    @Test func formatNames() {
        #expect(BundleKind(formatName: "hfaddrpack") == .addressPack)
        #expect(BundleKind(formatName: "hf-backup") == .backupDocument)
        #expect(BundleKind(formatName: "bep") == nil)
        #expect(BundleKind.encryptedBackup.formatName == nil)
    }
}
