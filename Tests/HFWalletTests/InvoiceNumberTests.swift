import Testing

@testable import HFWallet

@Suite struct InvoiceNumberTests {
    @Test func rendersAndNormalizes() throws {
        let wallet = try InvoiceNumber(securityLevel: .everyCounterparty, protocolName: "wallet", keyID: "0")
        #expect(wallet.string == "1-wallet-0")
        #expect(try InvoiceNumber(securityLevel: .silent, protocolName: "change", keyID: "12").string == "0-change-12")
        let normalized = try InvoiceNumber(
            securityLevel: .perCounterparty, protocolName: "  Hello World\n", keyID: " A ")
        #expect(normalized.string == "2-hello world- A ")
        #expect(normalized.protocolName == "hello world")
        #expect(normalized.keyID == " A ")
        let longest = "specific linkage revelation " + String(repeating: "a", count: 402)
        #expect(try InvoiceNumber(securityLevel: .silent, protocolName: longest, keyID: "1").protocolName.count == 430)
        #expect(try InvoiceNumber(securityLevel: .silent, protocolName: "admin stuff", keyID: "1").isReserved)
        #expect(try !InvoiceNumber(securityLevel: .silent, protocolName: "wallet", keyID: "1").isReserved)
    }

    @Test(arguments: [
        ("wallet", String(repeating: "k", count: 801), InvoiceNumberError.keyIDTooLong(length: 801)),
        ("wallet", "", .keyIDEmpty),
        (String(repeating: "a", count: 401), "1", .protocolNameTooLong(length: 401)),
        ("specific linkage revelation " + String(repeating: "a", count: 403), "1", .protocolNameTooLong(length: 431)),
        ("four", "1", .protocolNameTooShort(length: 4)),
        ("  abc  ", "1", .protocolNameTooShort(length: 3)),
        ("hello  world", "1", .consecutiveSpaces),
        ("hello-world", "1", .invalidProtocolNameCharacter),
        ("hello_world", "1", .invalidProtocolNameCharacter),
        ("caf\u{00E9}s", "1", .invalidProtocolNameCharacter),
        ("payment protocol", "1", .endsWithProtocol),
    ])
    func rejections(name: String, keyID: String, error: InvoiceNumberError) {
        #expect(throws: error) {
            try InvoiceNumber(securityLevel: .everyCounterparty, protocolName: name, keyID: keyID)
        }
    }

    @Test func keyIDLengthCountsUTF16() throws {
        // 400 × "😀" is 800 UTF-16 units (accepted); one more is 802.
        let ok = String(repeating: "\u{1F600}", count: 400)
        #expect(throws: Never.self) { try InvoiceNumber(securityLevel: .silent, protocolName: "wallet", keyID: ok) }
        #expect(throws: InvoiceNumberError.keyIDTooLong(length: 802)) {
            try InvoiceNumber(securityLevel: .silent, protocolName: "wallet", keyID: ok + "\u{1F600}")
        }
    }
}
