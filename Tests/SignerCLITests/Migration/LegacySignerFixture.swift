import Foundation
import HFTestSupport

/// A signer home (initialized) and a planted legacy keychain, for the migration, removal and wipe commands.
struct LegacySignerFixture {
    let signer: SignerFixtures
    let legacy: LegacyKeychainFixture
    let phrases: [String]

    /// Nil when the BIP39 vectors are skipped.
    init?() throws {
        guard let phrases = try LegacyKeychainFixture.phrases() else { return nil }
        self.phrases = phrases
        signer = try SignerFixtures()
        legacy = try LegacyKeychainFixture()
        let initialized = try signer.run(["init"])
        precondition(initialized.exitCode == 0, initialized.stderr)
    }

    func run(_ arguments: [String], network: String = "main") throws -> BuiltTool.Result {
        try signer.run(arguments, network: network)
    }

    /// Runs with `--json` and parses stdout as an object.
    func json(_ arguments: [String], network: String = "main") throws -> (BuiltTool.Result, [String: Any]) {
        let result = try run(arguments + ["--json"], network: network)
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
        return (result, object)
    }

    /// The wallet IDs of `wallet list` on `network`.
    func walletIDs(_ network: String = "main") throws -> [String] {
        let result = try run(["wallet", "list", "--json"], network: network)
        let array = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]] ?? []
        return array.compactMap { $0["walletId"] as? String }
    }

    /// `migrate dashsync --keychain-dir <legacy root> --json`.
    func migrate() throws -> (BuiltTool.Result, [String: Any]) {
        try json(["migrate", "dashsync", "--keychain-dir", legacy.root])
    }

    /// A 0600 file holding `text`.
    func secretFile(_ name: String, _ text: String) throws -> String { try signer.dir.write(name, text + "\n") }

    /// The signer's log.
    var log: String { (try? String(contentsOfFile: signer.home + "/logs/hf-signer.log", encoding: .utf8)) ?? "" }
}
