import HFCommandLine

/// `hf-signer label`: BIP-329 labels of the wallet's addresses, transactions and outputs.
struct LabelCommand: CommandGroup {
    static let name = "label"
    static let abstract = "Label the wallet's addresses, transactions and outputs; export and import BIP-329 files."
    static let discussion: String? = """
        A label is a private note of 1 to 255 bytes of UTF-8 (no control characters) on an address the wallet has \
        derived, a transaction it holds (a receipt, a pending or cancelled spend) or an output TXID:VOUT of one, \
        kept per wallet. Labels travel in .bep backups (version 3) and .hfwallet files (version 2), and as BIP-329 \
        JSON Lines with `label export` and `label import`.
        """
    static let subcommands: [any Command.Type] = [
        LabelSetCommand.self, LabelListCommand.self, LabelExportCommand.self, LabelImportCommand.self,
    ]
}
