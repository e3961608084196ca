public import HFCrypto

/// Where a session's secrets come from: the executable implements it (a terminal prompt without echo, or a 0600
/// file named on the command line), so the core never touches a terminal.
public protocol SignerSecrets {
    /// The store passphrase (it unlocks the encrypted vault). Asked for only when needed.
    func storePassphrase() throws(SignerError) -> SecureBytes
}
