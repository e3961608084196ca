import Foundation
import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore

/// `hf-signer sweep add --wif-file F --out F.hfsweep`: imports a private key to sweep.
struct SweepAddCommand: Command {
    static let name = "add"
    static let abstract = "Import a WIF private key to sweep and write the .hfsweep for the watcher."
    static let discussion: String? = """
        The WIF (Base58Check, 0x80 main, 0xef test and regtest; compressed or not) comes from --wif-file, a file of \
        mode 0600, never from an argument; `scan` of a WIF QR code does the same. A key of another network is \
        refused. The 32 key bytes go to the active vault as sweep-<first 16 hex digits of the address's HASH160>, \
        the address to the wallet's sweep list, and --out (which must not exist) gets a .hfsweep listing every \
        sweep address of the wallet, signed by its identity key. Adding a key twice changes nothing but writes \
        the .hfsweep again. With --json: {"address","added","file","walletId"}.
        """
    static let options = [
        WalletOption.help,
        Option.wifFile,
        Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let wifFile = OptionHelp(
            "--wif-file", value: "file", help: "File (mode 0600) holding the WIF private key.", required: true)
        static let out = OptionHelp("--out", value: "file", help: "The new .hfsweep file.", required: true)
    }

    let selection: WalletSelection
    let wifFile: String
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        wifFile = try arguments.requiredOption(Option.wifFile)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var bytes = try SecretInput.readFile(wifFile)
        defer { SecretInput.zeroize(&bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandError(.dataError, "'\(wifFile)' does not hold WIF text")
        }
        return try Self.add(wif: text, selection: selection, out: out, context: context)
    }

    /// Stores `wif` for the selected wallet and writes the `.hfsweep` (shared with `scan`).
    static func add(wif: String, selection: WalletSelection, out: String, context: CommandContext) throws -> ExitCode {
        guard !FileManager.default.fileExists(atPath: out) else {
            throw CommandError(.cannotCreate, "'\(out)' already exists; choose another path")
        }
        let wallet = try context.openWallet(selection)
        let added = try signerOperation { () throws(SignerError) in
            try wallet.addSweepKey(wif: wif, out: out)
        }
        if context.globals.json {
            try Output.json(Summary(
                address: added.address.string, added: added.isNew, file: out, walletId: wallet.info.walletID))
        } else {
            Output.result((added.isNew ? "added" : "already had") + " sweep address \(added.address.string); wrote "
                + "\(out) (\(added.bundle.addresses.count) sweep address\(added.bundle.addresses.count == 1 ? "" : "es")); "
                + "give it to `hf-watcher import`")
        }
        return .success
    }

    struct Summary: Encodable {
        let address: String
        let added: Bool
        let file: String
        let walletId: String
    }
}
