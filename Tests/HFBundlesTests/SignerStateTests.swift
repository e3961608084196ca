import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// The signer state every signer bundle carries, `.hfstate` and `.hfupdate` (issue 26): the signed preimage written
/// out by hand, round trips through every carrying bundle, and every refusal.
@Suite struct SignerStateTests {
    static let tipHash = "00000000000000000000000000000000000000000000000000000000000000aa"
    static let lowerHash = "00000000000000000000000000000000000000000000000000000000000000bb"
    static let txid = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"

    static func content(receipts: [SignerState.HeldReceipt]? = nil, gap: UInt32 = 20) throws -> SignerState.Content {
        SignerState.Content(
            network: .regtest, identityKey: Fixtures.identityKey.publicKey, createdAt: Fixtures.createdAt, sequence: 7,
            tip: .init(height: 105, hash: try BlockHash(displayHex: tipHash)),
            locator: [.init(height: 104, hash: try BlockHash(displayHex: lowerHash))],
            receipts: try receipts ?? [.init(txid: Txid(displayHex: txid), height: 101)],
            pending: [], packs: [.init(scheme: .type42, chain: .receive, end: 50)], gapLimit: gap)
    }

    static func state() throws -> SignerState { try content().signed(with: Fixtures.identityKey) }

    @Test func theSignedPreimageIsTheTagAndTheCanonicalContent() throws {
        let key = Fixtures.identityKey.publicKey.compressed
        let walletID = Hash.sha256(utf8("hf-wallet-id/v1") + [0] + utf8("regtest") + [0] + key)
        let json = "{\"createdAt\":\"2026-11-30T12:00:00Z\",\"gapLimit\":20,\"identityKey\":\"\(hex(key))\","
            + "\"locator\":[{\"hash\":\"\(Self.lowerHash)\",\"height\":104}],\"network\":\"regtest\","
            + "\"packs\":[{\"chain\":\"receive\",\"end\":50,\"scheme\":\"type42\"}],\"pending\":[],"
            + "\"receipts\":[{\"height\":101,\"txid\":\"\(Self.txid)\"}],\"sequence\":7,"
            + "\"tip\":{\"hash\":\"\(Self.tipHash)\",\"height\":105},\"walletId\":\"\(hex(walletID))\"}"
        let state = try Self.state()
        #expect(state.digest == Hash.sha256(utf8("HFSTATE") + [1] + utf8(json)))
        #expect(state.walletID == walletID)
        #expect(Fixtures.identityKey.publicKey.isValidSignature(state.signature, forDigest: state.digest))
        try state.verify()
        let file = StateBundle(state: state).encoded()
        #expect(text(file).hasPrefix("{\"format\":\"hfstate\",\"network\":\"regtest\",\"signerState\":{\"createdAt\""))
        #expect(try StateBundle(decoding: file, expectedNetwork: .regtest).encoded() == file)
        #expect(try BundleKind.detect(file) == .state)
    }

    @Test func everySignerBundleCarriesItAndDecodesToTheSameBytes() throws {
        let state = try Self.state()
        var pack = try UnsignedAddressPack(
            network: .regtest, createdAt: Fixtures.createdAt, identityKey: Fixtures.identityKey.publicKey,
            entries: [try AddressPackEntry(address: Fixtures.address(1, network: .regtest), scheme: .type42, reference: "1-wallet-0")]
        ).signed(with: Fixtures.identityKey)
        let bare = pack.encoded()
        pack.signerState = state
        let carried = pack.encoded()
        let decoded = try AddressPackBundle(decoding: carried, expectedNetwork: .regtest)
        #expect(decoded.signerState == state && decoded.encoded() == carried)
        // The pack's own signature is exactly as before: the state is a member of its own.
        let bareSignature = try AddressPackBundle(decoding: bare, expectedNetwork: nil).signature
        #expect(decoded.verifySignature() && decoded.signature == bareSignature)
        #expect(try SignerState.carried(in: carried, network: .regtest) == state)
        #expect(try SignerState.carried(in: bare, network: .regtest) == nil)
        // A state may carry a new pack; it is not part of the state's digest.
        var withPack = state
        withPack.addressPack = try AddressPackBundle(decoding: bare, expectedNetwork: .regtest)
        let file = StateBundle(state: withPack).encoded()
        let read = try StateBundle(decoding: file, expectedNetwork: .regtest).state
        #expect(read.addressPack != nil && read.digest == state.digest)
        try read.verify()
        // Parsed once (the watcher's import): the same pack, state and file as from the bytes.
        let parsed = try ParsedBundle(carried)
        #expect(try AddressPackBundle(parsed: parsed, expectedNetwork: .regtest) == decoded)
        #expect(try SignerState.carried(in: parsed, network: .regtest) == state)
        #expect(try SignerState.carried(in: ParsedBundle(bare), network: .regtest) == nil)
        #expect(try StateBundle(parsed: ParsedBundle(file), expectedNetwork: .regtest).state == read)
        #expect(throws: BundleError.wrongFormat(expected: "hfstate", found: "hfaddrpack")) {
            try StateBundle(parsed: parsed, expectedNetwork: .regtest)
        }
    }

    @Test func everyRefusal() throws {
        let file = StateBundle(state: try Self.state()).encoded()
        func refused(_ bytes: [UInt8], network: Network? = .regtest) -> Bool {
            (try? StateBundle(decoding: bytes, expectedNetwork: network)) == nil
        }
        // A changed byte of the content: decodes, but the signature no longer verifies.
        let changed = editedJSON(file, in: "signerState") { $0["sequence"] = .integer(8) }
        #expect(throws: BundleError.signatureInvalid) { try StateBundle(decoding: changed, expectedNetwork: .regtest).state.verify() }
        #expect(refused(file, network: .main))
        #expect(refused(editedJSON(file, in: "signerState") { $0["network"] = .string("test") }))
        #expect(refused(editedJSON(file, in: "signerState") { $0["walletId"] = .string(String(repeating: "0", count: 64)) }))
        #expect(refused(editedJSON(file, in: "signerState") { $0["gapLimit"] = .integer(0) }))
        #expect(refused(editedJSON(file, in: "signerState") { $0["extra"] = .integer(0) }))
        #expect(refused(editedJSON(file, in: "signerState") { $0.removeValue(forKey: "receipts") }))
        #expect(refused(editedJSON(file) { $0.removeValue(forKey: "signerState") }))
        // The locator must descend below the tip.
        #expect(refused(editedJSON(file, in: "signerState") {
            $0["locator"] = .array([.object(["height": .integer(106), "hash": .string(Self.lowerHash)])])
        }))
        // Receipts in canonical order, no txid twice.
        let receipt = JSONValue.object(["height": .integer(101), "txid": .string(Self.txid)])
        #expect(refused(editedJSON(file, in: "signerState") { $0["receipts"] = .array([receipt, receipt]) }))
        let other = "1" + Self.txid.dropFirst()
        let later = JSONValue.object(["height": .integer(90), "txid": .string(other)])
        #expect(refused(editedJSON(file, in: "signerState") { $0["receipts"] = .array([receipt, later]) }))
        // Another identity cannot sign it.
        let stranger = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
        #expect(throws: BundleError.identityKeyMismatch) { try Self.content().signed(with: stranger) }
    }

    @Test func anUpdateHoldsRunsAndReceiptsWithTheirOwnChecks() throws {
        let first = Fixtures.headerChain(count: 3, previous: hex(Fixtures.checkpointHashDisplay).reversed())
        let second = Fixtures.headerChain(count: 2, previous: Hash.hash256(first[2]))
        let runs = [
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: first),
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_004, fullHeaders: second),
        ]
        let receipt = try ReceiptBundle(decoding: utf8(Fixtures.receiptJSON), expectedNetwork: .main)
        let quote = try FeeQuote(satoshis: 1, bytes: 1000, observedAt: Fixtures.createdAt)
        let update = try UpdateBundle(
            network: .main, walletID: [UInt8](repeating: 7, count: 32), createdAt: Fixtures.createdAt, headers: runs,
            receipts: [receipt], feeQuote: quote, usedIndexes: [.init(scheme: .bip44, chain: .change, index: 3)])
        let bytes = update.encoded()
        #expect(try UpdateBundle(decoding: bytes, expectedNetwork: .main) == update)
        #expect(update.headerRange == 887_001...887_005)
        #expect(try BundleKind.detect(bytes) == .update)
        // A nested receipt is checked as a receipt file is: its path is named.
        let badReceipt = editedJSON(bytes) { top in
            guard case .array(var receipts)? = top["receipts"], case .object(var first) = receipts[0] else { return }
            first["blockHeight"] = .string("887001")
            receipts[0] = .object(first)
            top["receipts"] = .array(receipts)
        }
        #expect(throws: BundleError.wrongType(path: "receipts[0].blockHeight", expected: .integer, found: .string)) {
            try UpdateBundle(decoding: badReceipt, expectedNetwork: .main)
        }
        // Runs must follow each other.
        #expect(throws: BundleError.self) {
            try UpdateBundle(
                network: .main, walletID: [UInt8](repeating: 7, count: 32), createdAt: Fixtures.createdAt,
                headers: [runs[1], runs[0]], receipts: [], feeQuote: nil, usedIndexes: [])
        }
        #expect((try? UpdateBundle(decoding: bytes, expectedNetwork: .regtest)) == nil)
        #expect((try? UpdateBundle(decoding: editedJSON(bytes) { $0["walletId"] = .string("00") }, expectedNetwork: .main)) == nil)
    }
}
