import HFCommandLine
import HFCrypto
import HFPrimitives
import HFWallet

/// The `--mnemonic-file` and `--bip39-passphrase-file` options shared by the `keys` commands.
///
/// Both files must be regular files of mode 0600 (or stricter). The phrase file holds the words separated by
/// whitespace; the passphrase file holds the passphrase exactly, less one trailing newline.
struct MnemonicSource: Sendable {
    static let options = [
        Option.mnemonicFile,
        Option.bip39PassphraseFile,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let mnemonicFile = OptionHelp(
            "--mnemonic-file", value: "file", help: "File (mode 0600) holding the recovery phrase.", required: true)
        static let bip39PassphraseFile = OptionHelp(
            "--bip39-passphrase-file", value: "file", help: "File (mode 0600) holding the BIP39 passphrase.")
    }

    let mnemonicFile: String
    let passphraseFile: String?

    /// The two files, as another command parsed them.
    init(mnemonicFile: String, passphraseFile: String?) {
        self.mnemonicFile = mnemonicFile
        self.passphraseFile = passphraseFile
    }

    init(parsing arguments: inout Arguments) throws(UsageError) {
        mnemonicFile = try arguments.requiredOption(Option.mnemonicFile)
        passphraseFile = try arguments.option(Option.bip39PassphraseFile)
    }

    /// Reads both files and builds the wallet's keys on `network`.
    ///
    /// - Throws: `CommandError`: 66 for a missing file, 77 for one readable by others, 65 for an invalid phrase or
    ///   a file that is not UTF-8.
    func walletKeys(network: Network, chains: BIP32Chains = .standard) throws(CommandError) -> WalletKeys {
        let (mnemonic, passphrase) = try mnemonicAndPassphrase()
        do { return try WalletKeys(mnemonic: mnemonic, passphrase: passphrase, network: network, chains: chains) } catch {
            throw .dataError("cannot derive keys: \(error)")
        }
    }

    /// The parsed phrase and the passphrase (empty without `--bip39-passphrase-file`).
    ///
    /// - Throws: as `walletKeys(network:)`.
    func mnemonicAndPassphrase() throws(CommandError) -> (Mnemonic, String) {
        let phrase = try Self.readText(mnemonicFile, what: "recovery phrase")
        let mnemonic: Mnemonic
        do { mnemonic = try Mnemonic(phrase: phrase) } catch {
            throw .dataError("invalid recovery phrase in '\(mnemonicFile)': \(error)")
        }
        return (mnemonic, try Self.passphrase(file: passphraseFile))
    }

    /// The BIP39 passphrase of `--bip39-passphrase-file`, or empty without one.
    /// - Throws: as `walletKeys(network:)`.
    static func passphrase(file: String?) throws(CommandError) -> String {
        try file.map { path throws(CommandError) in try readText(path, what: "BIP39 passphrase") } ?? ""
    }

    private static func readText(_ path: String, what: String) throws(CommandError) -> String {
        var bytes = try SecretInput.readFile(path)
        defer { Zeroization.zeroize(&bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .dataError("the \(what) in '\(path)' is not UTF-8 text")
        }
        return text
    }
}

extension NetworkName {
    /// The `HFPrimitives` network of this command-line value.
    var network: Network {
        switch self {
        case .main: .main
        case .test: .test
        case .regtest: .regtest
        }
    }
}
