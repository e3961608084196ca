import HFCommandLine
import HFCrypto
import HFMigration
import HFPrimitives
import HFSignerCore
import HFSPV
import HFStore
import HFWallet

/// `hf-signer wipe --reason …`: deletes every wallet, under one of seed 000's authorizations.
struct WipeCommand: Command {
    static let name = "wipe"
    static let abstract = "Delete every wallet of the home, with an explicit authorization."
    static let discussion: String? = """
        --reason recovery --phrase-file F: the phrase (a 0600 file) must match every stored wallet, legacy \
        DashSync mnemonics included; any unreadable entry refuses, and a phrase matching only some wallets is \
        refused as such. The legacy accounts of that seed are deleted first. --reason delete-all --confirm: every \
        legacy mnemonic account (orphaned ones too) is deleted first, then everything. --reason zero-balance: only \
        with exactly one stored wallet ID, on --network main, when the active wallet's confirmed balance is zero. \
        --reason debug-reset: keeps legacy data. A legacy cleanup failure aborts the wipe. Success only once the \
        vault holds no wallet mnemonic; preferences, migration flags and active wallets are cleared only then (the \
        recorded legacy keychain directory is kept). The legacy service directory is never deleted. Refusals exit \
        77 and delete nothing. With --json: {"legacyAccountsRemoved":N,"reason":…,"walletsRemoved":N}.
        """
    static let options = [
        OptionHelp("--reason", value: "recovery|delete-all|zero-balance|debug-reset", help: "The authorization.", required: true),
        OptionHelp("--phrase-file", value: "file", help: "With recovery: the recovery phrase (mode 0600)."),
        OptionHelp(flag: "--confirm", help: "With delete-all: confirms deleting every wallet and legacy seed."),
    ]

    let reason: String
    let phraseFile: String?
    let confirm: Bool

    init(parsing arguments: inout Arguments) throws {
        reason = try arguments.requiredOption("--reason")
        phraseFile = try arguments.option("--phrase-file")
        confirm = try arguments.flag("--confirm")
        // The confirmation (the support acknowledgement) belongs to delete-all only, the phrase to recovery only.
        if confirm && reason != "delete-all" { throw UsageError("--confirm is accepted only with --reason delete-all") }
        if phraseFile != nil && reason != "recovery" { throw UsageError("--phrase-file is accepted only with --reason recovery") }
        switch reason {
        case "recovery":
            guard phraseFile != nil else { throw UsageError("--reason recovery needs --phrase-file FILE") }
        case "delete-all":
            guard confirm else { throw UsageError("--reason delete-all needs --confirm") }
        case "zero-balance", "debug-reset": break
        default: throw UsageError("--reason must be recovery, delete-all, zero-balance or debug-reset, not '\(reason)'")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openHome()
        let vault = try context.openVault(home)
        let wipeReason = try makeReason(context, home: home, vault: vault)
        let result = try signerOperation { () throws(SignerError) in
            try SignerRemoval(home: home, vault: vault).wipe(wipeReason)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            Output.result("wiped \(result.walletsRemoved) wallets and \(result.legacyAccountsRemoved) legacy accounts")
        }
        return .success
    }

    private func makeReason(_ context: CommandContext, home: SignerHome, vault: any KeyshareVault) throws(CommandError) -> WipeReason {
        switch reason {
        case "recovery":
            var bytes = try SecretInput.readFile(phraseFile ?? "")
            defer { Zeroization.zeroize(&bytes) }
            guard let text = String(validating: bytes, as: UTF8.self), let mnemonic = try? Mnemonic(phrase: text) else {
                throw .dataError("the file '\(phraseFile ?? "")' does not hold a valid recovery phrase")
            }
            return .recoveryFlow(mnemonic)
        case "delete-all":
            return .confirmedDeleteAll
        case "zero-balance":
            let network = context.globals.network.network
            return .zeroBalance(activeNetwork: network, confirmedBalance: try confirmedBalance(home, vault, network, chain: try context.openChain()))
        default:
            return .debugReset
        }
    }

    /// The active wallet's confirmed balance on `network`, or `UInt64.max` when it cannot be shown (no wallet, or
    /// not mainnet, where the balance never authorizes anyway).
    private func confirmedBalance(
        _ home: SignerHome, _ vault: any KeyshareVault, _ network: Network, chain: HeaderChain
    ) throws(CommandError) -> UInt64 {
        guard network == .main else { return .max }
        return try signerOperation { () throws(SignerError) in
            let wallets = SignerWallets(home: home, network: network)
            guard let record = try? wallets.select(.defaultWallet) else { return .max }
            let keys = try wallets.keys(for: record, vault: vault)
            let ledger = try WalletLedger(home: home, book: AddressBook(home: home, record: record, keys: keys), chain: chain)
            return ledger.balance(walletID: record.walletID).confirmed
        }
    }
}
