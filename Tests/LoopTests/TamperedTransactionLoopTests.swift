import Foundation
import HFBundles
import HFCrypto
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 27, "both programs verify a transaction before they trust it": a `.hftx` tampered in every way that
/// matters — an output changed, an input's previous output changed (its amount; its script to an unlocked one), a
/// signature flipped — is refused by `hf-signer bundle inspect` (65 when a signature fails) and by `hf-watcher
/// broadcast` and `--dry-run` (65, nothing sent); a valid transaction of another wallet verifies but is not one of
/// the home's pending transactions. No store changes, and the devnet's mempool stays empty.
@Suite struct TamperedTransactionLoopTests {
    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
    static let thief = try! Address(hash160: [UInt8](repeating: 0x66, count: 20), network: .regtest)

    /// SHA-256 of every file under `path`, by name.
    static func digest(_ path: String) -> [String: [UInt8]] {
        var digests: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: path + "/" + name) else { continue }
            digests[name] = Hash.sha256([UInt8](data))
        }
        return digests
    }

    /// Writes `bytes` to `name` in `loop`'s directory.
    static func write(_ loop: PaymailLoopTests, _ name: String, _ bytes: [UInt8]) throws -> String {
        let path = loop.dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `bundle` with its transaction edited by `edit` and its inputs by `inputs` (the txid follows the bytes), still
    /// carrying the signer's genuine state.
    static func tampered(
        _ bundle: TransactionBundle, transaction edit: (inout Transaction) throws -> Void = { _ in },
        inputs: ([PreviousOutput]) throws -> [PreviousOutput] = { $0 }
    ) throws -> [UInt8] {
        var transaction = try Transaction(bytes: bundle.rawTx)
        try edit(&transaction)
        var tampered = try TransactionBundle(
            network: bundle.network, rawTx: transaction.serialized, createdAt: bundle.createdAt,
            inputs: inputs(bundle.inputs)
        )
        // The signer's state stays: it is genuine, but a refused transaction must not leave it with the watcher.
        tampered.signerState = bundle.signerState
        return tampered.encoded()
    }

    @Test func tamperedTransactionsAreRefusedByBothPrograms() throws {
        let loop = try PaymailLoopTests()
        try loop.fundedWallet(100_000)
        let out = loop.dir.path("pay.hftx")
        #expect(try loop.sign(["send", "--yes", "--to", Self.stranger.string, "--amount", "30000", "--out", out]).exitCode == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let bundle = try TransactionBundle(decoding: bytes, expectedNetwork: .regtest)

        // The original: every signature verifies, and it is byte for byte the signer's pending transaction.
        let original = try loop.sign(["bundle", "inspect", out])
        #expect(original.exitCode == 0, "\(original.stderr)")
        #expect(original.stdout.contains("signatures: 1 of 1 verified"), "\(original.stdout)")
        #expect(original.stdout.contains("pending: exactly one of this home's pending transactions (its signer state aside)"))
        let dry = try loop.watch(["broadcast", "--dry-run", out])
        #expect(dry.exitCode == 0 && dry.stdout.contains("signatures: 1 of 1 verified"), "\(dry.stdout) \(dry.stderr)")

        let cases: [(String, [UInt8])] = [
            ("an output changed", try Self.tampered(bundle, transaction: {
                $0.outputs[0] = try TransactionOutput(satoshis: $0.outputs[0].satoshis, lockingScript: Script(p2pkhPaying: Self.thief))
            })),
            ("the change output changed", try Self.tampered(bundle, transaction: {
                $0.outputs[1] = try TransactionOutput(satoshis: $0.outputs[1].satoshis, lockingScript: Script(p2pkhPaying: Self.thief))
            })),
            ("an input's previous output's amount changed", try Self.tampered(bundle, inputs: { inputs in
                try inputs.map { try PreviousOutput(txid: $0.txid, vout: $0.vout, satoshis: Amount(satoshis: $0.satoshis.satoshis + 1), lockingScript: $0.lockingScript) }
            })),
            ("a signature flipped", try Self.tampered(bundle, transaction: {
                var script = $0.inputs[0].unlockingScript.bytes
                script[12] ^= 0x01
                $0.inputs[0].unlockingScript = Script(bytes: script)
            })),
        ]
        let signerHome = Self.digest(loop.homes + "/signer")
        let watcherHome = Self.digest(loop.homes + "/watcher")
        for (name, tampered) in cases {
            let file = try Self.write(loop, "tampered.hftx", tampered)
            let inspected = try loop.sign(["bundle", "inspect", file])
            #expect(inspected.exitCode == 65, "\(name): \(inspected.stdout) \(inspected.stderr)")
            #expect(inspected.stdout.contains("FAILED") && inspected.stderr.contains("do not broadcast"), "\(name): \(inspected.stdout)")
            for arguments in [["broadcast", "--dry-run", file], ["broadcast", file]] {
                let refused = try loop.watch(arguments)
                #expect(refused.exitCode == 65, "\(name) \(arguments): \(refused.stderr)")
                #expect(refused.stderr.contains("nothing was sent"), "\(name): \(refused.stderr)")
            }
            try FileManager.default.removeItem(atPath: file)
        }

        // The previous output's script replaced by an unlocked one (OP_1): not a signature failure (an input of
        // another script kind is not verified), but the signer says the file is not the one it signed, and the
        // watcher knows the real output: refused, nothing sent.
        let unlocked = try Self.write(loop, "unlocked.hftx", try Self.tampered(bundle, inputs: { inputs in
            try inputs.map { try PreviousOutput(txid: $0.txid, vout: $0.vout, satoshis: $0.satoshis, lockingScript: [0x51]) }
        }))
        let shown = try loop.sign(["bundle", "inspect", unlocked])
        #expect(shown.stdout.contains("signatures: 0 of 1 verified, 1 not verified"), "\(shown.stdout) \(shown.stderr)")
        #expect(shown.stdout.contains("pending: NOT the file this home signed"), "\(shown.stdout)")
        for arguments in [["broadcast", "--dry-run", unlocked], ["broadcast", unlocked]] {
            let refused = try loop.watch(arguments)
            #expect(refused.exitCode == 65 && refused.stderr.contains("another script than the watcher knows"),
                    "\(arguments): \(refused.stderr)")
        }
        #expect(loop.chain.mempool.count == 0, "a tampered transaction was sent")
        #expect(Self.digest(loop.homes + "/signer") == signerHome)
        #expect(Self.digest(loop.homes + "/watcher") == watcherHome)

        // A valid transaction of another wallet: its signatures verify, but it is not this home's.
        let other = try PaymailLoopTests()
        try other.fundedWallet(50_000)
        let theirs = other.dir.path("theirs.hftx")
        #expect(try other.sign(["send", "--yes", "--to", Self.stranger.string, "--amount", "1000", "--out", theirs]).exitCode == 0)
        let foreign = try loop.sign(["bundle", "inspect", theirs])
        #expect(foreign.exitCode == 0, "\(foreign.stderr)")
        #expect(foreign.stdout.contains("signatures: 1 of 1 verified"))
        #expect(foreign.stdout.contains("pending: not one of this home's pending transactions"), "\(foreign.stdout)")
        #expect(try loop.watch(["broadcast", "--dry-run", theirs]).exitCode == 0)
        #expect(Self.digest(loop.homes + "/signer") == signerHome)
        #expect(loop.chain.mempool.count == 0)
    }
}
