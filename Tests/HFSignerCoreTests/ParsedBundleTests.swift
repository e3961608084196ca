import HFBundles
import HFPrimitives
import HFSPV
import RegtestFixtures
import Testing

/// A file parsed once (`ParsedBundle`) decodes exactly as its bytes do, and a parse of another kind is refused the
/// same way (issue 31: each bundle decoded once per import).
@Suite struct ParsedBundleTests {
    @Test func aParsedFileDecodesAsItsBytesDo() throws {
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, transactions: 2)
        let headers = try Regtest.headersBundle([block], start: 1)
        let receipt = try block.receipt(index: 1, height: 1).encoded()
        let parsedHeaders = try ParsedBundle(headers)
        #expect(parsedHeaders.kind == .headers && parsedHeaders.bytes == headers)
        #expect(
            try HeadersBundle(parsed: parsedHeaders, expectedNetwork: .regtest)
                == HeadersBundle(decoding: headers, expectedNetwork: .regtest))
        let parsedReceipt = try ParsedBundle(receipt)
        #expect(parsedReceipt.kind == .receipt)
        #expect(
            try ReceiptBundle(parsed: parsedReceipt, expectedNetwork: .regtest)
                == ReceiptBundle(decoding: receipt, expectedNetwork: .regtest))
        #expect(throws: BundleError.wrongFormat(expected: "hfreceipt", found: "hfheaders")) {
            try ReceiptBundle(parsed: parsedHeaders, expectedNetwork: .regtest)
        }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) {
            try HeadersBundle(parsed: parsedHeaders, expectedNetwork: .main)
        }
        let beef = try ParsedBundle([0x01, 0x00, 0xbe, 0xef, 0x00])
        #expect(beef.kind == .beef)
        #expect(throws: BundleError.unrecognizedContent) { try UpdateBundle(parsed: beef, expectedNetwork: nil) }
        #expect(throws: BundleError.unrecognizedContent) { try ParsedBundle(Array("hello".utf8)) }
    }
}
