public import HFCrypto

/// The Type42 receive and change chains of docs/design.md §3.
///
/// The root private key is the BIP32 master key `m`. Receive key N is the BRC-42 child of `m` with counterparty self
/// and invoice `1-wallet-N`; change key N uses `0-change-N`. With counterparty self the shared point `m·M` is the
/// same for every invoice, so it is computed once here and kept (secret, in zeroizing storage): each key then costs
/// one HMAC-SHA256 and one tweak.
public struct Type42Chain: Sendable {
    /// The root private key `m`. Secret.
    let rootKey: PrivateKey
    /// The root public key `M`.
    public let rootPublicKey: PublicKey
    /// `compressed(m·M)`, 33 bytes. Secret: with `M` it yields every public key of both chains.
    let sharedPointKey: SecureBytes

    // MARK: - Initializers

    /// Prepares the chains of `rootKey`, computing the shared point once.
    ///
    /// - Throws: `BRC42Error.sharedPointFailed` (practically never).
    public init(rootKey: PrivateKey) throws(BRC42Error) {
        self.rootKey = rootKey
        rootPublicKey = rootKey.publicKey
        var shared = try BRC42.sharedPointKey(rootKey, rootPublicKey)
        sharedPointKey = SecureBytes(consuming: &shared)
    }

    // MARK: - Methods

    /// The invoice number of key `index` of `chain`: `"1-wallet-N"` or `"0-change-N"`.
    public static func invoiceNumber(_ chain: KeyChainKind, index: UInt32) -> String {
        switch chain {
        case .receive: "1-wallet-\(index)"
        case .change: "0-change-\(index)"
        }
    }

    /// The public key of key `index`: `M + h·G`.
    ///
    /// - Throws: `BRC42Error.invalidChildKey` (practically never).
    public func publicKey(_ chain: KeyChainKind, index: UInt32) throws(BRC42Error) -> PublicKey {
        var shared = sharedPointKey.bytes
        defer { Zeroization.zeroize(&shared) }
        return try BRC42.childPublicKey(
            of: rootPublicKey, sharedPointKey: shared, invoiceNumber: Self.invoiceNumber(chain, index: index))
    }

    /// The private key of key `index`: `(m + h) mod n`. Secret.
    ///
    /// - Throws: `BRC42Error.invalidChildKey` (practically never).
    public func privateKey(_ chain: KeyChainKind, index: UInt32) throws(BRC42Error) -> PrivateKey {
        var shared = sharedPointKey.bytes
        defer { Zeroization.zeroize(&shared) }
        return try BRC42.childPrivateKey(
            of: rootKey, sharedPointKey: shared, invoiceNumber: Self.invoiceNumber(chain, index: index))
    }

    /// Public keys of `count` consecutive indices from `start`, copying the shared point out of storage once.
    ///
    /// - Precondition: `start + count` does not overflow `UInt32`.
    /// - Throws: `BRC42Error.invalidChildKey` (practically never).
    public func publicKeys(_ chain: KeyChainKind, start: UInt32, count: Int) throws(BRC42Error) -> [PublicKey] {
        var shared = sharedPointKey.bytes
        defer { Zeroization.zeroize(&shared) }
        var keys: [PublicKey] = []
        keys.reserveCapacity(count)
        for offset in 0..<count {
            let invoice = Self.invoiceNumber(chain, index: start + UInt32(offset))
            keys.append(try BRC42.childPublicKey(of: rootPublicKey, sharedPointKey: shared, invoiceNumber: invoice))
        }
        return keys
    }
}

extension Type42Chain: CustomStringConvertible {
    /// The root public key only.
    public var description: String { "Type42Chain(root \(rootPublicKey))" }
}
