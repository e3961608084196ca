public import HFCrypto

/// A BIP32 extended key: a private or public key with its chain code and position in the tree.
///
/// A private node holds its `PrivateKey` and its chain code in zeroizing storage; the public key is computed once at
/// creation. `neutered()` drops the private key. `description` never shows key material.
public struct ExtendedKey: Sendable {
    /// The number of derivation steps from the master key (0 for the master).
    public let depth: UInt8
    /// The first 4 bytes (big-endian) of the parent's HASH160 identifier; 0 for the master.
    public let parentFingerprint: UInt32
    /// The index of this key under its parent (≥ 2³¹ when hardened); 0 for the master.
    public let childIndex: UInt32
    /// The private key, or nil for a public (neutered) node. Secret.
    public let privateKey: PrivateKey?
    /// The public key.
    public let publicKey: PublicKey
    /// The 32-byte chain code. Secret for private nodes (with the xpub it yields every non-hardened private child).
    let chainCode: SecureBytes

    /// The HMAC key of the master key function.
    static let masterHMACKey = Array("Bitcoin seed".utf8)

    // MARK: - Initializers

    /// Assembles a node from parts already validated.
    init(
        depth: UInt8, parentFingerprint: UInt32, childIndex: UInt32, chainCode: SecureBytes,
        privateKey: PrivateKey?, publicKey: PublicKey
    ) {
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childIndex = childIndex
        self.chainCode = chainCode
        self.privateKey = privateKey
        self.publicKey = publicKey
    }

    /// The master key `m` of a seed: `I = HMAC-SHA512("Bitcoin seed", seed)`, key `IL`, chain code `IR`.
    ///
    /// - Parameter seed: 16 to 64 bytes (a BIP39 seed is 64). Secret.
    /// - Throws: `ExtendedKeyError.invalidSeedLength`, or `.invalidMasterKey` if `IL` is 0 or ≥ n.
    public init(seed: SecureBytes) throws(ExtendedKeyError) {
        var bytes = seed.bytes
        defer { Zeroization.zeroize(&bytes) }
        try self.init(seed: bytes)
    }

    /// The master key of a seed given as bytes; see `init(seed:)` taking `SecureBytes`.
    ///
    /// - Parameter seed: 16 to 64 bytes. Secret: the caller zeroizes its copy.
    /// - Throws: `ExtendedKeyError.invalidSeedLength` or `.invalidMasterKey`.
    public init(seed: [UInt8]) throws(ExtendedKeyError) {
        guard (16...64).contains(seed.count) else { throw .invalidSeedLength(seed.count) }
        var i = HMAC.sha512(key: Self.masterHMACKey, message: seed)
        var il = Array(i[0..<32])
        defer {
            Zeroization.zeroize(&i)
            Zeroization.zeroize(&il)
        }
        guard let key = try? PrivateKey(rawRepresentation: il) else { throw .invalidMasterKey }
        self.init(
            depth: 0, parentFingerprint: 0, childIndex: 0, chainCode: SecureBytes(copying: i[32..<64]),
            privateKey: key, publicKey: key.publicKey)
    }

    // MARK: - Properties

    /// Whether this node holds its private key.
    public var isPrivate: Bool { privateKey != nil }

    /// The key identifier: HASH160 of the compressed public key.
    public var identifier: [UInt8] { Hash.hash160(publicKey.compressed) }

    /// The first 4 bytes of `identifier`, big-endian: the children's `parentFingerprint`.
    public var fingerprint: UInt32 { Self.fingerprint(of: publicKey) }

    // MARK: - Derivation

    /// The child at `index` (CKDpriv for a private node, CKDpub for a public one).
    ///
    /// - Parameter index: ≥ 2³¹ for a hardened child, which needs a private node.
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey`, `.invalidChild` (skip to the next index), or
    ///   `.depthOverflow`.
    public func derivedChild(at index: UInt32) throws(ExtendedKeyError) -> ExtendedKey {
        guard depth < UInt8.max else { throw .depthOverflow }
        var i = try childHMAC(at: index)
        var tweak = Array(i[0..<32])
        defer {
            Zeroization.zeroize(&i)
            Zeroization.zeroize(&tweak)
        }
        let childPrivate: PrivateKey?
        let childPublic: PublicKey
        if let privateKey {
            guard let key = try? privateKey.adding(tweak: tweak) else { throw .invalidChild(index: index) }
            childPrivate = key
            childPublic = key.publicKey
        } else {
            guard let key = try? publicKey.adding(tweakTimesGenerator: tweak) else { throw .invalidChild(index: index) }
            childPrivate = nil
            childPublic = key
        }
        return ExtendedKey(
            depth: depth + 1, parentFingerprint: fingerprint, childIndex: index,
            chainCode: SecureBytes(copying: i[32..<64]), privateKey: childPrivate, publicKey: childPublic)
    }

    /// The descendant reached by applying every index of `path` below this key (from a master key, the absolute path).
    ///
    /// - Throws: as `derivedChild(at:)`.
    public func derived(_ path: DerivationPath) throws(ExtendedKeyError) -> ExtendedKey {
        var node = self
        for index in path.indices { node = try node.derivedChild(at: index) }
        return node
    }

    /// Only the public key of the non-hardened child at `index`: one HMAC and one point tweak, no child node.
    ///
    /// The fast path for deriving many addresses from one chain-level key.
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey` for a hardened index, or `.invalidChild`.
    public func childPublicKey(at index: UInt32) throws(ExtendedKeyError) -> PublicKey {
        guard index < DerivationPath.hardenedOffset else { throw .hardenedDerivationFromPublicKey(index: index) }
        var i = try childHMAC(at: index)
        var tweak = Array(i[0..<32])
        defer {
            Zeroization.zeroize(&i)
            Zeroization.zeroize(&tweak)
        }
        guard let key = try? publicKey.adding(tweakTimesGenerator: tweak) else { throw .invalidChild(index: index) }
        return key
    }

    /// Only the private key of the child at `index` (hardened or not): one HMAC and one scalar addition.
    ///
    /// - Returns: nil for a public node.
    /// - Throws: `ExtendedKeyError.invalidChild`.
    public func childPrivateKey(at index: UInt32) throws(ExtendedKeyError) -> PrivateKey? {
        guard let privateKey else { return nil }
        var i = try childHMAC(at: index)
        var tweak = Array(i[0..<32])
        defer {
            Zeroization.zeroize(&i)
            Zeroization.zeroize(&tweak)
        }
        guard let key = try? privateKey.adding(tweak: tweak) else { throw .invalidChild(index: index) }
        return key
    }

    /// This node without its private key: what an xpub carries.
    public func neutered() -> ExtendedKey {
        ExtendedKey(
            depth: depth, parentFingerprint: parentFingerprint, childIndex: childIndex, chainCode: chainCode,
            privateKey: nil, publicKey: publicKey)
    }

    /// `I = HMAC-SHA512(chainCode, data)` with data `0x00 ‖ k ‖ ser32(i)` (hardened) or `serP(K) ‖ ser32(i)`.
    /// Checks `IL < n`; the caller zeroizes the result.
    private func childHMAC(at index: UInt32) throws(ExtendedKeyError) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(37)
        if index >= DerivationPath.hardenedOffset {
            guard let privateKey else { throw .hardenedDerivationFromPublicKey(index: index) }
            var raw = privateKey.rawRepresentation
            data.append(0x00)
            data.append(contentsOf: raw)
            Zeroization.zeroize(&raw)
        } else {
            data.append(contentsOf: publicKey.compressed)
        }
        withUnsafeBytes(of: index.bigEndian) { data.append(contentsOf: $0) }
        var key = chainCode.bytes
        defer {
            Zeroization.zeroize(&data)
            Zeroization.zeroize(&key)
        }
        var i = HMAC.sha512(key: key, message: data)
        var il = Array(i[0..<32])
        defer { Zeroization.zeroize(&il) }
        guard Scalar.isBelowOrder(il) else {
            Zeroization.zeroize(&i)
            throw .invalidChild(index: index)
        }
        return i
    }

    /// The first 4 bytes of HASH160(compressed key), big-endian.
    static func fingerprint(of key: PublicKey) -> UInt32 {
        Hash.hash160(key.compressed).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

extension ExtendedKey: CustomStringConvertible {
    /// Depth, index and whether private; never key material.
    public var description: String {
        "ExtendedKey(\(isPrivate ? "private" : "public"), depth \(depth), index \(DerivationPath.render(childIndex)))"
    }
}
