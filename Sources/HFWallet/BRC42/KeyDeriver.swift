public import HFCrypto

/// BRC-42 derivation addressed by BRC-43 invoice numbers and counterparties, as the reference `KeyDeriver` does it.
///
/// Holds the root private key (secret). Each call performs one ECDH; for many keys with one counterparty use a
/// cached shared point as `Type42Chain` does.
public struct KeyDeriver: Sendable {
    /// The root private key. Secret.
    let rootKey: PrivateKey
    /// The root public key (the BRC-43 "self" counterparty and usual identity key).
    public let rootPublicKey: PublicKey

    /// A deriver for `rootKey`.
    public init(rootKey: PrivateKey) {
        self.rootKey = rootKey
        self.rootPublicKey = rootKey.publicKey
    }

    /// My child private key: `rootKey.deriveChild(counterparty, invoice)` in the reference.
    ///
    /// - Throws: `BRC42Error` (practically never).
    public func privateKey(for invoice: InvoiceNumber, counterparty: Counterparty) throws(BRC42Error) -> PrivateKey {
        try BRC42.childPrivateKey(
            of: rootKey, counterparty: counterparty.publicKey(root: rootPublicKey), invoiceNumber: invoice.string)
    }

    /// A child public key, as the reference `getPublicKey` computes it.
    ///
    /// - Parameters:
    ///   - invoice: the invoice number.
    ///   - counterparty: the other party.
    ///   - forSelf: true for the public key of my own child (`privateKey(for:counterparty:)`'s public key); false
    ///     for the counterparty's child, the key I would pay them at (`counterpartyKey.deriveChild(root, invoice)`).
    /// - Throws: `BRC42Error` (practically never).
    public func publicKey(
        for invoice: InvoiceNumber, counterparty: Counterparty, forSelf: Bool = false
    ) throws(BRC42Error) -> PublicKey {
        let other = counterparty.publicKey(root: rootPublicKey)
        if forSelf {
            return try privateKey(for: invoice, counterparty: counterparty).publicKey
        }
        return try BRC42.childPublicKey(of: other, senderPrivateKey: rootKey, invoiceNumber: invoice.string)
    }
}

extension KeyDeriver: CustomStringConvertible {
    /// The root public key only.
    public var description: String { "KeyDeriver(root \(rootPublicKey))" }
}
