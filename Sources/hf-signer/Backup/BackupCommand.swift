import HFBundles
import HFCommandLine
import HFCrypto
import HFSignerCore

/// `hf-signer backup`: password-encrypted `.bep` backups.
struct BackupCommand: CommandGroup {
    static let name = "backup"
    static let abstract = "Create, verify and restore encrypted .bep backups."
    static let discussion: String? = """
        A backup holds every wallet of the home (all networks): title, phrase, BIP39 passphrase, network, \
        derivation, default flag, address indexes, the receipts that prove its coins, its sweep keys, its \
        wallet-file key, its labels, its gap limit, its pending transactions (signed, not yet confirmed: the .hftx \
        of each) and the BRC-100 calls it paid, and the home's spending policy when it has one (leaving it out \
        needs the policy passphrase). It is encrypted with \
        AES-256-GCM under PBKDF2-HMAC-SHA256 (600,000 iterations) of the backup password, read from \
        --password-file (mode 0600). The store passphrase is never in a backup.
        """
    static let subcommands: [any Command.Type] = [BackupCreateCommand.self, BackupVerifyCommand.self, BackupRestoreCommand.self]
}

/// `--password-file P`: the backup password.
enum BackupPassword {
    static let help = OptionHelp(
        "--password-file", value: "file", help: "File (mode 0600) with the backup password.", required: true)

    static func read(_ path: String) throws(CommandError) -> SecureBytes {
        var bytes = try SecretInput.readFile(path)
        guard !bytes.isEmpty else { throw CommandError(.dataError, "the backup password in '\(path)' is empty") }
        return SecureBytes(consuming: &bytes)
    }
}

/// `F.bep --password-file P`: the backup `verify` and `restore` open.
struct BackupFileOptions {
    static let arguments = [ArgumentHelp("file", help: "The .bep file.")]
    static let options = [BackupPassword.help]

    let file: String
    let passwordFile: String

    init(parsing arguments: inout Arguments) throws {
        passwordFile = try arguments.requiredOption(BackupPassword.help)
        file = try arguments.positional("file")
    }

    /// The opened and validated backup (see `BackupService.open`).
    func open() throws(CommandError) -> BackupDocument {
        let password = try BackupPassword.read(passwordFile)
        return try signerOperation { () throws(SignerError) in
            try BackupService.open(try BundleFile.read(file), password: password)
        }
    }
}

/// `hf-signer backup create --out F.bep --password-file P`.
struct BackupCreateCommand: Command {
    static let name = "create"
    static let abstract = "Write every wallet of the home to a new encrypted .bep file."
    static let discussion: String? = """
        The document is the lowest version that holds what is present: 4 when a wallet has pending transactions \
        or answered calls, else 3 when a wallet has labels or a stored gap limit, else 2 when a wallet has sweep keys or a wallet-file key or the policy is included, else 1 \
        (see hf-bundles(5)). A home with a spending policy puts it in every backup, with its passphrase verifier \
        (a restore installs it only into a home without a policy); --exclude-policy leaves it out and needs the \
        policy passphrase (--policy-passphrase-file or the terminal; a wrong one exits 77 and writes nothing). \
        --include-policy is accepted and is the default.
        """
    static let options = [
        Option.out, BackupPassword.help, Option.includePolicy, Option.excludePolicy, PolicyPassphraseInput.option,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .bep file (created 0600).", required: true)
        static let includePolicy = OptionHelp(
            flag: "--include-policy", help: "Back up the spending policy (the default when the home has one).")
        static let excludePolicy = OptionHelp(
            flag: "--exclude-policy", help: "Leave the spending policy out (needs the policy passphrase).")
    }

    let out: String
    let passwordFile: String
    let excludePolicy: Bool
    let policyPassphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.requiredOption(Option.out)
        passwordFile = try arguments.requiredOption(BackupPassword.help)
        let include = try arguments.flag(Option.includePolicy)
        excludePolicy = try arguments.flag(Option.excludePolicy)
        guard !(include && excludePolicy) else { throw UsageError("give at most one of --include-policy and --exclude-policy") }
        policyPassphrase = try PolicyPassphraseInput(parsing: &arguments)
        guard excludePolicy || policyPassphrase.file == nil else {
            throw UsageError("--policy-passphrase-file is only for --exclude-policy")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let password = try BackupPassword.read(passwordFile)
        let session = try context.openSession()
        let (bytes, count, pending) = try signerOperation { () throws(SignerError) in
            try session.sealBackup(
                password: password, secrets: context.secrets, excludingPolicyWith: excludePolicy ? policyPassphrase : nil)
        }
        try OutputFile.createNew(out, contents: bytes)
        if context.globals.json {
            try Output.json(Summary(file: out, pending: pending, wallets: count))
        } else {
            Output.result("wrote \(count) wallet\(count == 1 ? "" : "s") and \(pending) pending transaction"
                + "\(pending == 1 ? "" : "s") to \(out); check it with `hf-signer backup verify`")
        }
        return .success
    }

    struct Summary: Encodable {
        let file: String
        let pending: Int
        let wallets: Int
    }
}

/// `hf-signer backup verify F.bep --password-file P`.
struct BackupVerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Open a .bep and check every wallet in it, without a home and without writing anything."
    static let discussion: String? = """
        Lists each wallet with its receipts and the txids of the pending transactions it carries. With --json: \
        {"createdAt","wallets":[{"answeredCalls","network","pending":[txid],"receipts","title","walletId"}]}. A wrong password or a \
        damaged file exits 65 with "wrong password or damaged file".
        """
    static let arguments = BackupFileOptions.arguments
    static let options = BackupFileOptions.options

    let backup: BackupFileOptions

    init(parsing arguments: inout Arguments) throws { backup = try BackupFileOptions(parsing: &arguments) }

    func run(_ context: CommandContext) throws -> ExitCode {
        let summary = BackupSummary(try backup.open())
        if context.globals.json {
            try Output.json(summary)
        } else {
            Output.result("backup of \(summary.createdAt): \(summary.wallets.count) wallet(s)")
            for wallet in summary.wallets {
                Output.result("  \(wallet.walletId.prefix(16))  \(wallet.network)  \(wallet.receipts) receipts  "
                    + "\(wallet.pending.count) pending  \(wallet.title)")
                for txid in wallet.pending { Output.result("    pending \(txid)") }
            }
            if summary.wallets.allSatisfy(\.pending.isEmpty) {
                Output.message(BackupRestoreCommand.noPendingNote)
            }
        }
        return .success
    }
}

/// `hf-signer backup restore F.bep --password-file P`.
struct BackupRestoreCommand: Command {
    static let name = "restore"
    static let abstract = "Restore a .bep into this home (created if missing), never duplicating a wallet."
    static let discussion: String? = """
        Needs the store passphrase (--passphrase-file or the terminal); a new home gets its vault under it. \
        Sweep keys and wallet-file keys come back with their wallets; a backup's spending policy is installed only \
        when the home has none (a message on stderr says which). Receipts whose headers are not imported yet are kept and verified when the headers arrive. \
        Pending transactions come back as pending (their inputs spent, their .hftx the same bytes) and answered \
        calls as "pays once" records, also into a wallet the home already has. Afterwards stderr says what the home \
        needs next: headers from its chain's end when receipts wait for them, and the pending transactions it holds. \
        With --json: an array of {"answeredCalls","network","pending":[txid],"receipts","result","title",\
        "unverifiedReceipts","walletId"} (result: restored or alreadyPresent).
        """
    static let arguments = BackupFileOptions.arguments
    static let options = BackupFileOptions.options

    let backup: BackupFileOptions

    init(parsing arguments: inout Arguments) throws { backup = try BackupFileOptions(parsing: &arguments) }

    func run(_ context: CommandContext) throws -> ExitCode {
        let document = try backup.open()
        // Restoring creates the home when missing and holds its lock like every mutating command.
        let (session, outcomes) = try signerOperation { () throws(SignerError) in
            try SignerSession.restoreBackup(
                document, explicit: context.globals.home, network: context.globals.network.network,
                secrets: context.secrets)
        }
        OpenSession.current = session
        switch session.restoredPolicy {
        case .restored?: Output.message("restored the backup's spending policy (same policy passphrase)")
        case .keptExisting?:
            Output.message("note: the backup's spending policy was not applied: this home already has one, which is kept")
        case nil: break
        }
        if context.globals.json {
            try Output.json(outcomes)
        } else {
            for outcome in outcomes {
                Output.result("\(outcome.result == "restored" ? "restored" : "already present")  \(outcome.walletId.prefix(16))  "
                    + "\(outcome.network)  \(outcome.receipts) receipts  \(outcome.pending.count) pending  \(outcome.title)")
            }
        }
        Self.nextSteps(outcomes, headers: session.headersNeeded, document: document)
        return .success
    }

    /// On stderr: which restored receipts wait for headers, the pending transactions the home now holds, or that
    /// the backup holds none.
    static func nextSteps(_ outcomes: [BackupRestore.Outcome], headers: [BackupRestore.HeadersNeeded], document: BackupDocument) {
        for needed in headers {
            Output.message("next: \(needed.receipts) receipt\(needed.receipts == 1 ? "" : "s") of \(needed.network) wait for "
                + "headers; this home's chain ends at height \(needed.validatedTipHeight) (checkpoint "
                + "\(needed.checkpointHeight)), so the balance counts them only after the watcher's next update: "
                + "`hf-signer export state --out F.hfstate`, `hf-watcher import F.hfstate`, `hf-watcher export update "
                + "--out U.hfupdate`, then `hf-signer import U.hfupdate`")
        }
        let pending = outcomes.flatMap(\.pending)
        if !pending.isEmpty {
            Output.message("\(pending.count) pending transaction\(pending.count == 1 ? "" : "s") restored (their inputs count "
                + "as spent; if one was never broadcast, write its .hftx with `hf-signer pending export TXID --out F.hftx`):")
            for txid in pending { Output.message("  pending \(txid)") }
        }
        if document.wallets.allSatisfy(\.pending.isEmpty) { Output.message(noPendingNote) }
    }

    /// Said when a backup carries no pending transaction.
    static let noPendingNote = "note: this backup holds no pending transactions (a backup before version 4 cannot "
        + "hold them): a payment signed before it and not yet confirmed is not in it, and its inputs count as "
        + "unspent here until its receipt is imported"
}
