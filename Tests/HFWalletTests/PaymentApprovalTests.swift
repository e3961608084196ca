import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct PaymentApprovalTests {
    typealias Entry = OutputsDigest.Entry

    /// Key of a compressed public key of private key 1 (mainnet), and of the hash 0x11 × 20 (main and test).
    static let address1 = "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH"
    static let address2 = "12ZEw5Hcv1hTb6YUQJ69y1V7uhcoDz92PH"
    static let testAddress = "mh5CE8Nbj38iND267s4XnvhSmhDW7yWc6Q"

    // Vectors computed independently with Python's hashlib and struct ('<I', '<q'), entries sorted by
    // (key.encode(), satoshis).

    @Test func vectorMixedOutputs() throws {
        let main = { (text: String) in try Address(string: text, network: .main) }
        let outputs = [
            try TransactionOutput(satoshis: 5_000, lockingScript: Script(p2pkhPaying: main(Self.address1))),
            TransactionOutput(amount: .zero, lockingScript: Script(dataOutput: [Array("hello".utf8)])),
            try TransactionOutput(satoshis: 1_000, lockingScript: Script(p2pkhPaying: main(Self.address1))),
            try TransactionOutput(satoshis: 546, lockingScript: Script(p2pkhPaying: main(Self.address2))),
        ]
        let expected = "a48415e217d5a6e04760b58a79d8a4ed287fcef79d3b729417d3b56de0a90dbe"
        #expect(OutputsDigest(outputs: outputs, network: .main).hex == expected)
        #expect(OutputsDigest(outputs: outputs.reversed(), network: .main).hex == expected)
        #expect(OutputsDigest.recipientKey(of: outputs[1], network: .main) == "006a0568656c6c6f")
        #expect(OutputsDigest.recipientKey(of: outputs[0], network: .main) == Self.address1)
    }

    @Test func vectorTestNetworkAndNonStandardScript() throws {
        let outputs = [
            try TransactionOutput(
                satoshis: 100_000,
                lockingScript: Script(p2pkhPaying: try Address(string: Self.testAddress, network: .test))),
            try TransactionOutput(satoshis: 7, lockingScript: Script(bytes: [0x51])),
        ]
        #expect(
            OutputsDigest(outputs: outputs, network: .test).hex
                == "6d01ba9a6ccb829eaf7c0088d0c3c5e24d70a66e6c57bd658afdfbe0f4e182e1")
    }

    @Test func vectorEntries() {
        #expect(
            OutputsDigest(entries: [Entry(recipientKey: "b", satoshis: 1), Entry(recipientKey: "a", satoshis: 2)]).hex
                == "f8d10cd7942fb9a5d94eadfa8653e3733c6e481ff1e8c73911bcaf3b084e9b9b")
        #expect(OutputsDigest(entries: []).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func lengthPrefixSeparatesConcatenations() {
        let joined = OutputsDigest(entries: [Entry(recipientKey: "ab", satoshis: 1)])
        let split = OutputsDigest(entries: [
            Entry(recipientKey: "a", satoshis: 1), Entry(recipientKey: "b", satoshis: 1),
        ])
        #expect(joined != split)
        #expect(
            OutputsDigest(entries: [Entry(recipientKey: "a", satoshis: 1)])
                != OutputsDigest(entries: [Entry(recipientKey: "a", satoshis: 2)]))
        #expect(OutputsDigest(bytes: joined.bytes) == joined)
        #expect(OutputsDigest(bytes: [1, 2, 3]) == nil)
    }

    @Test func stampAuthorizesOnlyMatchingRequestsWithinTheWindow() {
        let digest = OutputsDigest(entries: [Entry(recipientKey: Self.address1, satoshis: 5_000)])
        let other = OutputsDigest(entries: [Entry(recipientKey: Self.address2, satoshis: 5_000)])
        let stamp = PaymentApproval(surface: "send", amountSatoshis: 5_000, outputsDigest: digest, timestamp: 1_000)
        let authorizes = { (surface: String, amount: UInt64, outputs: OutputsDigest, now: Double) in
            stamp.authorizes(surface: surface, amountSatoshis: amount, outputsDigest: outputs, at: now)
        }
        #expect(authorizes("send", 5_000, digest, 1_000))
        #expect(authorizes("send", 5_000, digest, 1_119.999))
        #expect(!authorizes("send", 5_000, digest, 1_120))
        #expect(!authorizes("send", 5_000, digest, 999.5))
        #expect(!authorizes("split", 5_000, digest, 1_010))
        #expect(!authorizes("send", 5_001, digest, 1_010))
        #expect(!authorizes("send", 5_000, other, 1_010))
        #expect(PaymentApproval.validity == 120)
        #expect(stamp.isFresh(at: 1_060) && !stamp.isFresh(at: 2_000))
    }
}
