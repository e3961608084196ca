import HFCommandLine

/// `hf-signer message`: Bitcoin Signed Message signatures and BIE1 / BRC-2 encryption with the wallet's keys.
struct MessageCommand: CommandGroup {
    static let name = "message"
    static let abstract = "Sign, verify, encrypt and decrypt messages (BSM, BIE1, BRC-2)."
    static let discussion: String? = """
        Messages are read from FILE, or from stdin when FILE is '-' or absent. Signing and decrypting use the \
        wallet's identity key (m/13'/0') unless an option says otherwise; verifying and BIE1 encryption to a \
        public key need no wallet.
        """
    static let subcommands: [any Command.Type] = [
        MessageSignCommand.self, MessageVerifyCommand.self, MessageEncryptCommand.self, MessageDecryptCommand.self,
    ]
}
