@_spi(Fuzzing) import HFNetwork
import Testing

@Suite("ResponseDecoding")
struct ResponseDecodingTests {
    private let hash = String(repeating: "0", count: 63) + "1"

    @Test func decodesWhatTheClientsDecode() throws {
        let info = try ResponseDecoding.wocChainInfo.decode(
            Array("{\"chain\":\"main\",\"blocks\":7,\"bestblockhash\":\"\(hash)\"}".utf8))
        #expect(info.contains("height: 7"))
        let receipt = try ResponseDecoding.paymailReceipt.decode(Array("{\"txid\":\"\(hash)\"}".utf8))
        #expect(receipt.contains(hash))
        #expect(try ResponseDecoding.wocTSCProof.decode(Array("null".utf8), contentType: nil) == "none")
        #expect(try ResponseDecoding.retryAfter.decode(Array(" 120 ".utf8), contentType: "text/plain") != "nil")
    }

    @Test func refusesAsTheClientsRefuse() {
        #expect(throws: NetworkError.self) { try ResponseDecoding.arcPolicy.decode(Array("{}".utf8)) }
        #expect(throws: NetworkError.self) { try ResponseDecoding.wocHeaders.decode(Array("[".utf8)) }
        #expect(throws: NetworkError.self) {
            try ResponseDecoding.paymailReceipt.decode(Array("{\"txid\":\"\(hash)\"}".utf8), contentType: "text/html")
        }
    }
}
