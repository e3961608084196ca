import HFCommandLine
import HFSignerCore
import HFWallet

/// `hf-signer import FILE…`: imports bundles, routed by content (never by extension).
struct ImportCommand: Command {
    static let name = "import"
    static let abstract =
        "Import bundles from the watcher: .hfupdate, .hfheaders, .hfreceipt, BEEF, .hfwallet and .hfproberesult files."
    static let discussion: String? = """
        Each FILE is decoded strictly and validated; a rejected file leaves the store exactly as it was and prints \
        one error line naming the failed check and its height. Header bundles are imported first, in height order \
        (by start height, whatever order they are given in, so a catch-up's DIR/*.hfheaders can be given at once), \
        then every other file in the order given (receipts need their headers first); one line is printed per file \
        in that order. The exit status is 65 if any was rejected. A receipt is verified \
        against the local chain, then applied to every wallet of the home it pays, spends from, or is a pending \
        transaction of (all in one transaction; the line names each wallet), or with --wallet to that wallet only; \
        importing it twice changes nothing. A receipt concerning no wallet goes to the default wallet, and one paying \
        none of its known addresses is not refused at once: the addresses it pays are searched for in both schemes and both \
        chains up to index N-1 (--max, default 10000), and the ones found are recorded as used with it; only a \
        receipt paying nothing found within the bound is refused as not ours. With --json each accepted file \
        prints one line: {"accepted":true,"kind":"hfheaders","validatedTipHeight":N} or \
        {"accepted":true,"kind":"hfreceipt","received":SATS,"txid":"...","wallets":[ID...]}. An .hfupdate (`hf-watcher export \
        update`) is applied whole: its headers first (as a header bundle), then its receipts and the addresses it \
        reports used, in one transaction; importing it again, or an older one, skips what the home already holds: \
        {"accepted":true,"balance":SATS,"headersAdded":N,"kind":"hfupdate","receiptsTaken":N,"received":SATS,\
        "validatedTipHeight":N,"wallets":[ID...]} (without --wallet its receipts also reach the home's other wallets \
        they concern). A .hfproberesult (`hf-watcher probe`) is only read: it prints the presets with history and \
        the `wallet import` command of each, and changes nothing. A BEEF (V1, V2 or Atomic; binary or \
        hex text) is accepted only if every BUMP root is the merkle root of the local header at its height; then \
        its subject (Atomic) or every tip (plain BEEF) must be mined and is imported as a receipt, all or none: \
        {"accepted":true,"kind":"beef"|"atomic-beef","received":SATS,"txid":"<last subject>"}.
        """
    static let arguments = [ArgumentHelp("file", help: "Bundle files to import.", repeating: true)]
    static let options = [WalletOption.help, AddressSearchOption.help]

    let files: [String]
    let selection: WalletSelection
    let search: AddressSearch

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        search = try AddressSearchOption.parse(&arguments)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let items = files.map { file in
            ImportBatch.Item(source: file, contents: Result { () throws(SignerError) in try BundleFile.read(file) })
        }
        try ImportBatch.run(items, wallet: selection, search: search, session: session, context: context)
        return .success
    }
}
