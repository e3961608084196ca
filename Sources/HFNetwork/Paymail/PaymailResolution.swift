/// Everything `resolve` learnt about a paymail: the capabilities, the public key and the destination.
public struct PaymailResolution: Sendable, Equatable {
    /// The host's capability document.
    public let capabilities: PaymailCapabilities
    /// The receiver's public key.
    public let publicKey: PaymailPublicKey
    /// The outputs and reference.
    public let destination: PaymailDestination
}
