import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// The BIP39 phrase of all-zero entropy.
private let abandon = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"

/// A wallet entry with defaults for the test at hand.
private func wallet(
    title: String = "Sample", mnemonic: String = abandon, passphrase: String = "", network: Network = .main,
    isDefault: Bool = true, type42: AddressIndexes? = nil, receipts: [ReceiptBundle] = []
) throws -> BackupWallet {
    try BackupWallet(
        title: title, mnemonic: SecureBytes(utf8(mnemonic)), passphrase: SecureBytes(utf8(passphrase)),
        network: network, derivationType: .type42, isDefault: isDefault,
        addressIndexes: WalletAddressIndexes(type42: try type42 ?? AddressIndexes(receive: 3, change: 1)),
        receipts: receipts)
}

/// Decodes a document from text.
private func decode(_ bytes: [UInt8]) throws(BundleError) -> BackupDocument {
    try BackupDocument(decoding: SecureBytes(bytes))
}

/// The KAT document with its single wallet object edited.
private func editedWallet(_ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
    editedJSON(utf8(BackupKAT.plaintext)) { members in
        guard case .array(var wallets)? = members["wallets"], case .object(var first) = wallets[0] else { return }
        edit(&first)
        wallets[0] = .object(first)
        members["wallets"] = .array(wallets)
    }
}

@Suite struct BackupDocumentTests {
    @Test func encodesTheKnownAnswerPlaintext() throws {
        let document = try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try wallet()])
        #expect(document.encoded().bytes == utf8(BackupKAT.plaintext))
        #expect(try decode(utf8(BackupKAT.plaintext)) == document)
    }

    @Test func roundTripWithReceiptsAndSecretsThatNeedEscapes() throws {
        let receipt = try ReceiptBundle(decoding: utf8(Fixtures.receiptJSON), expectedNetwork: .main)
        let document = try BackupDocument(
            createdAt: Fixtures.createdAt,
            wallets: [
                try wallet(title: "Spärkonto \"A\"", passphrase: "tab\there \"quoted\" \\ back\u{1}", receipts: [receipt]),
                try wallet(title: "", network: .test, isDefault: true),
                try wallet(title: "Old", isDefault: false, type42: AddressIndexes(receive: 1 << 31, change: 0)),
            ])
        let bytes = document.encoded().bytes
        #expect(text(bytes).contains(#""passphrase":"tab\there \"quoted\" \\ back\u0001""#))
        #expect(text(bytes).contains("\"receipts\":[" + Fixtures.receiptJSON + "]"))
        let decoded = try decode(bytes)
        #expect(decoded == document)
        #expect(decoded.encoded().bytes == bytes)
        #expect(decoded.wallets[0].receipts == [receipt])
        #expect(decoded.wallets[2].addressIndexes[.type42].receive == 1 << 31)
    }

    @Test func acceptsReorderedWhitespacedInput() throws {
        let input = """
            { "wallets": [ { "title": "Sample", "receipts": [], "passphrase": "", "network": "main",
                             "mnemonic": "\(abandon)", "isDefault": true, "derivationType": "type42",
                             "addressIndexes": { "type42": { "receive": 3, "change": 1 },
                                                 "bip44": { "receive": 0, "change": 0 } } } ],
              "version": 1, "format": "hf-backup", "createdAt": "2026-11-30T12:00:00Z" }
            """
        #expect(try decode(utf8(input)).encoded().bytes == utf8(BackupKAT.plaintext))
    }

    @Test(arguments: [
        abandon + " ", " " + abandon, abandon.replacingOccurrences(of: "about", with: " about"),
        abandon.uppercased(), Array(repeating: "abandon", count: 11).joined(separator: " "),
        abandon.replacingOccurrences(of: " ", with: "\u{3000}"), abandon.replacingOccurrences(of: "about", with: "ab0ut"),
        "",
    ])
    func rejectsIllFormedMnemonics(phrase: String) {
        #expect(throws: BundleError.invalidMnemonicFormat(path: "wallets[0].mnemonic")) {
            try decode(editedWallet { $0["mnemonic"] = .string(phrase) })
        }
        #expect(throws: BundleError.invalidMnemonicFormat(path: "mnemonic")) { try wallet(mnemonic: phrase) }
    }

    @Test func acceptsEveryBIP39Length() throws {
        for count in [12, 15, 18, 21, 24] {
            let phrase = Array(repeating: "zoo", count: count).joined(separator: " ")
            #expect(throws: Never.self) { try decode(editedWallet { $0["mnemonic"] = .string(phrase) }) }
        }
    }

    @Test func rejections() throws {
        #expect(throws: BundleError.multipleDefaultWallets(network: .main)) {
            try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try wallet(), try wallet(title: "Two")])
        }
        #expect(throws: BundleError.countOutOfRange(path: "wallets", count: 0, allowed: 1...1000)) {
            try BackupDocument(createdAt: Fixtures.createdAt, wallets: [])
        }
        let receipt = try ReceiptBundle(decoding: utf8(Fixtures.receiptJSON), expectedNetwork: .main)
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) {
            try wallet(network: .test, receipts: [receipt])
        }
        let receiptValue = try JSONParser.parse(utf8(Fixtures.receiptJSON))
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) {
            try decode(editedWallet {
                $0["network"] = .string("test")
                $0["receipts"] = .array([receiptValue])
            })
        }
        guard case .object(var badReceipt) = receiptValue else { return }
        badReceipt["txid"] = .string("zz")
        #expect(throws: BundleError.malformedHex(path: "wallets[0].receipts[0].txid", .invalidCharacter(offset: 0))) {
            try decode(editedWallet { $0["receipts"] = .array([.object(badReceipt)]) })
        }
        #expect(throws: BundleError.unknownField(path: "wallets[0].seed")) {
            try decode(editedWallet { $0["seed"] = .string("00") })
        }
        #expect(throws: BundleError.missingField(path: "wallets[0].addressIndexes.bip44")) {
            try decode(editedWallet { $0["addressIndexes"] = .object(["type42": .object(["receive": .integer(0), "change": .integer(0)])]) })
        }
        #expect(throws: BundleError.outOfRange(path: "wallets[0].addressIndexes.type42.receive", allowed: 0...2_147_483_648)) {
            try decode(editedWallet {
                $0["addressIndexes"] = .object([
                    "type42": .object(["receive": .integer(2_147_483_649), "change": .integer(0)]),
                    "bip44": .object(["receive": .integer(0), "change": .integer(0)]),
                ])
            })
        }
        #expect(throws: BundleError.invalidValue(path: "wallets[0].derivationType", allowed: ["type42", "bip44"])) {
            try decode(editedWallet { $0["derivationType"] = .string("legacy") })
        }
        #expect(throws: BundleError.wrongType(path: "wallets[0].isDefault", expected: .boolean, found: .integer)) {
            try decode(editedWallet { $0["isDefault"] = .integer(1) })
        }
        #expect(throws: BundleError.overLimit(path: "wallets[0].passphrase", limit: 1024)) {
            try decode(editedWallet { $0["passphrase"] = .string(String(repeating: "p", count: 1025)) })
        }
        #expect(throws: BundleError.invalidText(path: "wallets[0].title")) {
            try decode(editedWallet { $0["title"] = .string("a\u{7f}") })
        }
        #expect(throws: BundleError.unknownNetwork("testnet")) { try decode(editedWallet { $0["network"] = .string("testnet") }) }
        let kat = utf8(BackupKAT.plaintext)
        #expect(throws: BundleError.unknownFormat("hfbackup")) { try decode(editedJSON(kat) { $0["format"] = .string("hfbackup") }) }
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(0))) { try decode(editedJSON(kat) { $0["version"] = .integer(0) }) }
        #expect(throws: BundleError.unknownField(path: "network")) { try decode(editedJSON(kat) { $0["network"] = .string("main") }) }
        #expect(throws: BundleError.invalidJSON(.trailingBytes(offset: kat.count))) { try decode(kat + utf8("}")) }
        #expect(throws: BundleError.overLimit(path: "passphrase", limit: 1024)) {
            try wallet(passphrase: String(repeating: "p", count: 1025))
        }
        #expect(throws: BundleError.invalidText(path: "passphrase")) {
            try BackupWallet(
                title: "", mnemonic: SecureBytes(utf8(abandon)), passphrase: SecureBytes([0xff]), network: .main,
                derivationType: .bip44, isDefault: false, addressIndexes: WalletAddressIndexes(), receipts: [])
        }
        #expect(throws: BundleError.outOfRange(path: "change", allowed: 0...2_147_483_648)) {
            try AddressIndexes(receive: 0, change: UInt32.max)
        }
    }
}
