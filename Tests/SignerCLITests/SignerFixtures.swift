import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Homes and bundle files for running the built `hf-signer` on real chain data and on a freshly mined regtest chain.
struct SignerFixtures {
    let dir: TemporaryDirectory
    let signer = BuiltTool("hf-signer")
    var home: String { dir.path("home") }

    /// The store passphrase file (mode 0600) every run passes with `--passphrase-file`.
    let passphraseFile: String

    init() throws {
        dir = try TemporaryDirectory()
        passphraseFile = try dir.write("store-passphrase", "test store passphrase\n")
    }

    /// Runs the signer with `--home` and `--passphrase-file` set.
    func run(_ arguments: [String], network: String = "main") throws -> BuiltTool.Result {
        try signer.run(["--home", home, "--network", network, "--passphrase-file", passphraseFile] + arguments)
    }

    /// SHA-256 of every file in the home, by path: "nothing changed" means this is equal before and after.
    func homeDigest() throws -> [String: String] {
        var digests: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: home)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = home + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            digests[name] = Hex.encode(HFCrypto.Hash.sha256([UInt8](data)))
        }
        return digests
    }

    /// Writes `bytes` to `name` in the temporary directory and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The real BSV mainnet headers 886001…888000 from the vectors, or nil when vectors are skipped.
    static func mainnetHeaders() throws -> [BlockHeader]? {
        guard let data = try Vectors.data("chain/headers/bsv-mainnet-headers-886001-888000.bin") else { return nil }
        let bytes = [UInt8](data)
        return try stride(from: 0, to: bytes.count, by: 80).map { try BlockHeader(bytes: Array(bytes[$0..<$0 + 80])) }
    }

    /// An `.hfheaders` bundle of mainnet headers `start…end` (heights), anchored to the compiled-in checkpoint.
    static func mainnetBundle(
        _ headers: [BlockHeader], from start: Int, to end: Int, encoding: HeaderEncoding
    ) throws -> [UInt8] {
        let run = headers[(start - 886_001)...(end - 886_001)].map(\.serialized)
        return try HeadersBundle(
            network: .main, checkpoint: HeaderCheckpoint(height: 887_000, hash: Checkpoint.main.hash),
            startHeight: UInt32(start), fullHeaders: Array(run), encoding: encoding
        ).encoded()
    }

    /// A regtest sample wallet with `amounts` paid to receive address 0 and confirmed in block 1.
    static func funded(_ amounts: [UInt64]) throws -> (SignerFixtures, RegtestBlock) {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f), amounts: amounts)
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        #expect(try f.run(["import", f.write("h", SignerFixtures.regtestBundle([block])),
                           f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest").exitCode == 0)
        return (f, block)
    }

    /// A mined regtest block (see `Regtest` in the RegtestFixtures target).
    typealias RegtestBlock = Regtest.Block

    static func mineBlock(on parent: BlockHeader, transactions count: Int = 5) throws -> RegtestBlock {
        try Regtest.mineBlock(on: parent, transactions: count)
    }

    static func mineBlock(on parent: BlockHeader, containing transactions: [[UInt8]]) throws -> RegtestBlock {
        try Regtest.mineBlock(on: parent, containing: transactions)
    }

    static func payment(to address: Address, amounts: [UInt64]) throws -> [UInt8] {
        try Regtest.payment(to: address, amounts: amounts)
    }

    static func regtestBundle(_ blocks: [RegtestBlock], start: Int = 1) throws -> [UInt8] {
        try Regtest.headersBundle(blocks, start: start)
    }
}

extension SignerFixtures {
    /// Checks that the `.hftx` at `again` (a `pending export`) holds the same transaction as the one at `first`, with a
    /// newer signer state naming `txid` as pending (issue 26: every file carries the state as it is when written).
    static func expectSameTransactionNewerState(
        _ first: String, _ again: String, txid: String, sameHome: Bool = true
    ) throws {
        var a = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: first))), expectedNetwork: .regtest)
        var b = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: again))), expectedNetwork: .regtest)
        let (stateA, stateB) = (try #require(a.signerState), try #require(b.signerState))
        // Another home (a restore) counts its states from 1 again and may write within the same second.
        #expect(!sameHome || stateB.isNewer(than: stateA))
        #expect(stateB.pending.map(\.displayHex) == [txid] && stateB.walletID == stateA.walletID)
        a.signerState = nil
        b.signerState = nil
        #expect(a == b)
    }
}
