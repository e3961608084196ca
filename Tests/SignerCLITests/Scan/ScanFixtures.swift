import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// A funded regtest wallet and QR images for the `scan` tests.
struct ScanFixtures {
    let f: SignerFixtures
    /// Block 1: pays 60,000 satoshis to receive address 0.
    let block: SignerFixtures.RegtestBlock

    /// The valid login request of the auth tests.
    static let authPayload =
        "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb"

    /// A regtest wallet with the sample phrase; its headers and receipt are built but not imported.
    init() throws {
        f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 0), amounts: [60_000])
        block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
    }

    /// The headers bundle of block 1.
    func headers() throws -> [UInt8] { try SignerFixtures.regtestBundle([block]) }

    /// The receipt of the payment.
    func receipt() throws -> [UInt8] { try block.receipt(index: 0, height: 1).encoded() }

    /// Imports headers and receipt as files (the wallet then holds 60,000 satoshis).
    func fund() throws {
        let result = try f.run(["import", f.write("h", headers()), f.write("r", receipt())], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
    }

    /// Runs `hf-signer --network regtest scan …`.
    func scan(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws
        -> BuiltTool.Result
    {
        try f.signer.run(
            ["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile, "scan"] + arguments,
            stdin: stdin, environment: environment)
    }

    /// A PNG of one plain QR code holding `text`, made by the `qrencode` CLI (libqrencode, not our encoder).
    func plainImage(_ name: String, _ text: String) throws -> String {
        let path = f.dir.path(name)
        let process = try Subprocess(path: "/usr/bin/qrencode", arguments: ["-o", path, "-s", "4"], stdin: Array(text.utf8))
        let finished = process.finish()
        #expect(finished.status == 0, "qrencode: \(finished.stderr)")
        return path
    }

    /// The frames of `bytes` as BBQr PNGs in a new directory, made by `hf-signer qr encode`.
    func animation(_ name: String, _ bytes: [UInt8], extra: [String] = []) throws -> String {
        let file = try f.write(name + ".bundle", bytes)
        let dir = f.dir.path(name)
        let result = try f.signer.run(["qr", "encode", file, "--out-dir", dir] + extra)
        #expect(result.exitCode == 0, "qr encode: \(result.stderr)")
        return dir
    }

    /// The wallet's balance (`balance --json`).
    func confirmed() throws -> UInt64 {
        let result = try f.run(["balance", "--json"], network: "regtest")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["confirmed"] as? NSNumber)?.uint64Value ?? 0
    }

    /// Whether a file exists in the fixture directory.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: f.dir.path(name)) }
}
