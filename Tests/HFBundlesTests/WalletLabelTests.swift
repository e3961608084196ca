import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// The BIP39 phrase of all-zero entropy.
private let abandon = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"
/// The mainnet and testnet P2PKH addresses of the all-zero hash160 (well known).
private let zeroMain = "1111111111111111111114oLvT2"
private let zeroTest = "mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8"
private let txid = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"

/// Labels in backups (version 3) and wallet files (version 2): the exact bytes, the lowest-version rule, round
/// trips, and every refusal of a label, its reference or the gap limit.
@Suite struct WalletLabelTests {
    static func labels() throws -> [WalletLabel] {
        [
            try WalletLabel(kind: .addr, ref: zeroMain, label: "Rent", network: .main),
            try WalletLabel(kind: .tx, ref: txid.uppercased(), label: "Genesis \"coinbase\"", network: .main),
            try WalletLabel(kind: .output, ref: txid + ":0", label: "Spärgeld", network: .main),
        ]
    }

    static func wallet(labels: [WalletLabel] = [], gapLimit: Int? = nil) throws -> BackupWallet {
        try BackupWallet(
            title: "Sample", mnemonic: SecureBytes(utf8(abandon)), passphrase: SecureBytes([]), network: .main,
            derivationType: .type42, isDefault: true,
            addressIndexes: WalletAddressIndexes(type42: try AddressIndexes(receive: 3, change: 1)), receipts: [],
            labels: labels, gapLimit: gapLimit)
    }

    static let knownV3 =
        #"{"createdAt":"2026-11-30T12:00:00Z","format":"hf-backup","version":3,"wallets":[{"addressIndexes":"#
        + #"{"bip44":{"change":0,"receive":0},"type42":{"change":1,"receive":3}},"derivationType":"type42","#
        + #""gapLimit":300,"isDefault":true,"labels":[{"label":"Rent","ref":"1111111111111111111114oLvT2","#
        + #""type":"addr"},{"label":"Genesis \"coinbase\"","#
        + #""ref":"4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b","type":"tx"},"#
        + #"{"label":"Spärgeld","ref":"4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b:0","#
        + #""type":"output"}],"mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon "#
        + #"abandon abandon about","network":"main","passphrase":"","receipts":[],"title":"Sample"}]}"#

    private func decode(_ text: String) throws(BundleError) -> BackupDocument {
        try BackupDocument(decoding: SecureBytes(utf8(text)))
    }

    /// The known document with its wallet object edited (and its version set).
    private func edited(version: Int = 3, _ edit: (inout [String: JSONValue]) -> Void) -> String {
        text(editedJSON(utf8(Self.knownV3)) { members in
            members["version"] = .integer(version)
            guard case .array(var wallets)? = members["wallets"], case .object(var first) = wallets[0] else { return }
            edit(&first)
            wallets[0] = .object(first)
            members["wallets"] = .array(wallets)
        })
    }

    /// The known document with its first label's members edited.
    private func editedLabel(_ edit: (inout [String: JSONValue]) -> Void) -> String {
        edited { wallet in
            guard case .array(var labels)? = wallet["labels"], case .object(var first) = labels[0] else { return }
            edit(&first)
            labels[0] = .object(first)
            wallet["labels"] = .array(labels)
        }
    }

    @Test func backupVersion3KnownAnswer() throws {
        let document = try BackupDocument(
            createdAt: Fixtures.createdAt, wallets: [try Self.wallet(labels: Self.labels(), gapLimit: 300)])
        #expect(document.version == 3)
        #expect(text(document.encoded().bytes) == Self.knownV3)
        let decoded = try decode(Self.knownV3)
        #expect(decoded == document)
        #expect(decoded.wallets[0].labels[1].ref == txid, "a txid is kept in lower case")
        #expect(decoded.wallets[0].gapLimit == 300)
    }

    @Test func writersEmitTheLowestVersionThatHoldsWhatIsPresent() throws {
        let plain = try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet()])
        #expect(plain.version == 1)
        #expect(text(plain.encoded().bytes) == BackupKAT.plaintext)
        let gapOnly = try BackupDocument(createdAt: Fixtures.createdAt, wallets: [try Self.wallet(gapLimit: 20)])
        #expect(gapOnly.version == 3)
        #expect(text(gapOnly.encoded().bytes).contains(#""gapLimit":20,"isDefault":true,"mnemonic""#))
        #expect(try decode(text(gapOnly.encoded().bytes)) == gapOnly)
        let labelsOnly = try BackupDocument(
            createdAt: Fixtures.createdAt, wallets: [try Self.wallet(labels: [Self.labels()[0]])])
        #expect(labelsOnly.version == 3)
        #expect(!text(labelsOnly.encoded().bytes).contains("gapLimit"))
        #expect(try decode(text(labelsOnly.encoded().bytes)) == labelsOnly)
        // A version-3 document without version-3 members reads too.
        #expect(throws: Never.self) { try decode(edited { $0["labels"] = nil; $0["gapLimit"] = nil }) }
    }

    @Test func earlierVersionsRefuseVersion3Members() throws {
        for version in [1, 2] {
            #expect(throws: BundleError.unknownField(path: "wallets[0].gapLimit")) {
                try decode(edited(version: version) { $0["labels"] = nil })
            }
            #expect(throws: BundleError.unknownField(path: "wallets[0].labels")) {
                try decode(edited(version: version) { $0["gapLimit"] = nil })
            }
        }
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(6))) { try decode(edited(version: 6) { _ in }) }
    }

    @Test func labelsAreAtMost255BytesOfTextWithoutControlCharacters() throws {
        let longest = String(repeating: "é", count: 127) + "a"
        #expect(longest.utf8.count == 255)
        #expect(try WalletLabel(kind: .tx, ref: txid, label: longest, network: .main).label == longest)
        #expect(throws: Never.self) { try decode(editedLabel { $0["label"] = .string(longest) }) }
        let tooLong = String(repeating: "é", count: 128)
        #expect(throws: BundleError.overLimit(path: "label", limit: 255)) {
            try WalletLabel(kind: .tx, ref: txid, label: tooLong, network: .main)
        }
        #expect(throws: BundleError.overLimit(path: "wallets[0].labels[0].label", limit: 255)) {
            try decode(editedLabel { $0["label"] = .string(tooLong) })
        }
        #expect(throws: BundleError.invalidText(path: "wallets[0].labels[0].label")) {
            try decode(editedLabel { $0["label"] = .string("two\nlines") })
        }
        #expect(throws: BundleError.emptyValue(path: "wallets[0].labels[0].label")) {
            try decode(editedLabel { $0["label"] = .string("") })
        }
    }

    @Test func referencesAreCheckedAndKeptCanonical() throws {
        #expect(try WalletLabel(kind: .output, ref: txid.uppercased() + ":4294967295", label: "x", network: .main).ref
            == txid + ":4294967295")
        #expect(try WalletLabel(kind: .output, ref: txid + ":7", label: "x", network: .main).outpoint?.vout == 7)
        for bad in [txid, txid + ":", txid + ":01", txid + ":-1", txid + ":4294967296", txid + ":1:2", "zz:0", ":0"] {
            #expect(throws: BundleError.invalidOutputReference(path: "ref"), "\(bad)") {
                try WalletLabel(kind: .output, ref: bad, label: "x", network: .main)
            }
        }
        #expect(throws: BundleError.wrongLength(path: "ref", expected: 32, actual: 31)) {
            try WalletLabel(kind: .tx, ref: String(txid.dropLast(2)), label: "x", network: .main)
        }
        #expect(throws: BundleError.invalidAddress(path: "wallets[0].labels[0].ref", .wrongNetwork(expected: .main, versionByte: 0x6f))) {
            try decode(editedLabel { $0["ref"] = .string(zeroTest) })
        }
        #expect(throws: BundleError.invalidValue(path: "wallets[0].labels[0].type", allowed: ["addr", "tx", "output"])) {
            try decode(editedLabel { $0["type"] = .string("xpub") })
        }
        #expect(throws: BundleError.unknownField(path: "wallets[0].labels[0].origin")) {
            try decode(editedLabel { $0["origin"] = .string("wpkh([d34db33f/84'/0'/0'])") })
        }
        #expect(throws: BundleError.missingField(path: "wallets[0].labels[0].ref")) {
            try decode(editedLabel { $0["ref"] = nil })
        }
        // The same transaction twice (in two spellings) is refused.
        #expect(throws: BundleError.duplicateEntry(path: "wallets[0].labels[1]")) {
            try decode(edited { wallet in
                wallet["labels"] = .array([
                    .object(["type": .string("tx"), "ref": .string(txid), "label": .string("a")]),
                    .object(["type": .string("tx"), "ref": .string(txid.uppercased()), "label": .string("b")]),
                ])
            })
        }
        #expect(throws: BundleError.duplicateEntry(path: "labels[1]")) {
            try Self.wallet(labels: [Self.labels()[1], Self.labels()[1]])
        }
        #expect(throws: BundleError.invalidAddress(path: "labels[0].ref", .wrongNetwork(expected: .test, versionByte: 0x00))) {
            try BackupWallet(
                title: "", mnemonic: SecureBytes(utf8(abandon)), passphrase: SecureBytes([]), network: .test,
                derivationType: .type42, isDefault: false, addressIndexes: WalletAddressIndexes(), receipts: [],
                labels: [Self.labels()[0]])
        }
    }

    @Test func gapLimitsAreOneToAThousand() throws {
        for bad in [0, 1001, -1] {
            #expect(throws: BundleError.outOfRange(path: "wallets[0].gapLimit", allowed: 1...1000)) {
                try decode(edited { $0["gapLimit"] = .integer(bad) })
            }
            #expect(throws: BundleError.outOfRange(path: "gapLimit", allowed: 1...1000)) { try Self.wallet(gapLimit: bad) }
        }
        #expect(throws: BundleError.wrongType(path: "wallets[0].gapLimit", expected: .integer, found: .string)) {
            try decode(edited { $0["gapLimit"] = .string("300") })
        }
        #expect(try decode(edited { $0["gapLimit"] = .integer(1000) }).wallets[0].gapLimit == 1000)
    }

    @Test func walletFileVersion2CarriesLabelsAndTheGapLimit() throws {
        let walletID = [UInt8](repeating: 0x5a, count: 32)
        func document(labels: [WalletLabel], gapLimit: Int?) throws -> WalletFileDocument {
            try WalletFileDocument(
                network: .main, walletID: walletID, title: "Savings", derivationType: .type42,
                createdAt: Fixtures.createdAt, addressIndexes: WalletAddressIndexes(), receipts: [], labels: labels,
                gapLimit: gapLimit)
        }
        let plain = try document(labels: [], gapLimit: nil)
        #expect(plain.version == 1)
        #expect(!text(plain.encoded()).contains("labels"))
        let full = try document(labels: [Self.labels()[0]], gapLimit: 300)
        #expect(full.version == 2)
        #expect(text(full.encoded()) ==
            #"{"addressIndexes":{"bip44":{"change":0,"receive":0},"type42":{"change":0,"receive":0}},"#
            + #""createdAt":"2026-11-30T12:00:00Z","derivationType":"type42","format":"hf-walletfile","#
            + #""gapLimit":300,"labels":[{"label":"Rent","ref":"1111111111111111111114oLvT2","type":"addr"}],"#
            + #""network":"main","receipts":[],"title":"Savings","version":2,"walletId":""#
            + String(repeating: "5a", count: 32) + #""}"#)
        #expect(try WalletFileDocument(decoding: full.encoded(), expectedNetwork: .main) == full)
        #expect(try WalletFileDocument(decoding: plain.encoded(), expectedNetwork: .main) == plain)
        #expect(throws: BundleError.unknownField(path: "gapLimit")) {
            try WalletFileDocument(
                decoding: editedJSON(full.encoded()) { $0["version"] = .integer(1); $0["labels"] = nil },
                expectedNetwork: .main)
        }
        #expect(throws: BundleError.unknownField(path: "labels")) {
            try WalletFileDocument(
                decoding: editedJSON(full.encoded()) { $0["version"] = .integer(1); $0["gapLimit"] = nil },
                expectedNetwork: .main)
        }
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(4))) {
            try WalletFileDocument(decoding: editedJSON(full.encoded()) { $0["version"] = .integer(4) }, expectedNetwork: .main)
        }
        #expect(throws: BundleError.invalidAddress(path: "labels[0].ref", .wrongNetwork(expected: .test, versionByte: 0x00))) {
            try WalletFileDocument(decoding: editedJSON(full.encoded()) { $0["network"] = .string("test") }, expectedNetwork: nil)
        }
        #expect(throws: BundleError.outOfRange(path: "gapLimit", allowed: 1...1000)) {
            try WalletFileDocument(decoding: editedJSON(full.encoded()) { $0["gapLimit"] = .integer(0) }, expectedNetwork: .main)
        }
    }
}
