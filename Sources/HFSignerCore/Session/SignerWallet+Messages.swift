public import HFCrypto
public import HFPrimitives
public import HFWallet
import HFSystem

/// The use cases that need the wallet's identity key or one of its address keys for a message (`message
/// sign|encrypt|decrypt`, `cert verify`): the key stays inside the core; the executable receives only the result.
extension SignerWallet {
    /// What a message was signed with.
    public struct MessageSignature: Sendable {
        /// The Bitcoin Signed Message signature.
        public let signature: BSMSignature
        /// The public key that verifies it.
        public let publicKey: PublicKey
    }

    /// Signs `message` as a Bitcoin Signed Message with the key of `address`, one of this wallet's addresses (searched
    /// within the standard bound), or with the identity key when `address` is nil.
    /// - Throws: `SignerError.input` (65) when `address` is not the wallet's; `.input` (1) when signing fails.
    public func signMessage(_ message: [UInt8], address: Address?) throws(SignerError) -> MessageSignature {
        let key: PrivateKey
        if let address {
            guard let entry = try book.find(address) else {
                throw .input(
                    reason: "\(address) is not an address of wallet \(info.walletID.prefix(16))", code: "dataError",
                    status: .dataError)
            }
            do { key = try keys.privateKey(for: entry) } catch {
                throw .input(reason: "cannot derive the key of \(address): \(error)", code: "failure", status: .failure)
            }
        } else {
            key = keys.identityPrivateKey
        }
        do { return MessageSignature(signature: try BitcoinSignedMessage.sign(message, with: key), publicKey: key.publicKey) } catch {
            throw .input(reason: "\(error)", code: "failure", status: .failure)
        }
    }

    /// Encrypts `message` with BRC-2 from the identity key to `counterparty` under `invoice`.
    /// - Throws: `SignerError.input` (1) when encryption fails.
    public func encryptBRC2(_ message: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty) throws(SignerError) -> [UInt8] {
        do { return try identityDeriver.encrypt(message, invoice: invoice, counterparty: counterparty) } catch {
            throw .input(reason: "\(error)", code: "failure", status: .failure)
        }
    }

    /// Decrypts a BRC-2 `ciphertext` to the identity key from `counterparty` under `invoice`.
    /// - Returns: the plaintext and the sender's public key.
    /// - Throws: `SignerError.input` (65) when it does not decrypt.
    public func decryptBRC2(
        _ ciphertext: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty
    ) throws(SignerError) -> (plaintext: [UInt8], sender: PublicKey) {
        let deriver = identityDeriver
        do {
            let plaintext = try deriver.decrypt(ciphertext, invoice: invoice, counterparty: counterparty)
            return (plaintext, counterparty.publicKey(root: deriver.rootPublicKey))
        } catch { throw .input(reason: "\(error)", code: "dataError", status: .dataError) }
    }

    /// Encrypts `message` with BIE1 (Electrum ECIES) to `recipient` from the identity key.
    /// - Throws: `SignerError.input` (1) when encryption fails.
    public func encryptBIE1(_ message: [UInt8], to recipient: PublicKey, includeSenderKey: Bool) throws(SignerError) -> [UInt8] {
        do {
            return try ElectrumECIES.encrypt(message, to: recipient, from: keys.identityPrivateKey, includeSenderKey: includeSenderKey)
        } catch { throw .input(reason: "\(error)", code: "failure", status: .failure) }
    }

    /// Decrypts a BIE1 `message` sent to the identity key (`sender` when the message does not embed its key).
    /// - Throws: `SignerError.input` (65) when it does not decrypt.
    public func decryptBIE1(_ message: [UInt8], sender: PublicKey?) throws(SignerError) -> [UInt8] {
        do { return try ElectrumECIES.decrypt(message, with: keys.identityPrivateKey, sender: sender) } catch {
            throw .input(reason: "\(error)", code: "dataError", status: .dataError)
        }
    }

    /// The fields of `certificate` that `keyring` opens to the identity key. Check the certificate's signature first.
    /// - Throws: `SignerError.input` (65) when the keyring does not open them.
    public func decryptFields(of certificate: Certificate, with keyring: CertificateKeyring) throws(SignerError) -> [String: String] {
        do { return try certificate.decryptFields(with: keyring, reader: identityDeriver) } catch {
            throw .input(reason: "\(error)", code: "dataError", status: .dataError)
        }
    }

    /// BRC-42 derivations from the identity key.
    private var identityDeriver: KeyDeriver { KeyDeriver(rootKey: keys.identityPrivateKey) }
}
