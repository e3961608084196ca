internal import HFCrypto
public import HFPrimitives

/// BIP32 serialization: 78 bytes
/// `version(4) ‖ depth(1) ‖ parentFingerprint(4) ‖ childIndex(4) ‖ chainCode(32) ‖ keyData(33)`,
/// integers big-endian, in Base58Check. Private key data is `0x00 ‖ k`, public key data the compressed point.
extension ExtendedKey {
    /// The length of the serialized payload, before Base58Check.
    public static let serializedLength = 78

    /// The version bytes: xprv `0x0488ADE4` / xpub `0x0488B21E` on main; tprv `0x04358394` / tpub `0x043587CF` on
    /// test and regtest (which share them).
    public static func version(network: Network, isPrivate: Bool) -> UInt32 {
        switch (network, isPrivate) {
        case (.main, true): 0x0488_ADE4
        case (.main, false): 0x0488_B21E
        case (.test, true), (.regtest, true): 0x0435_8394
        case (.test, false), (.regtest, false): 0x0435_87CF
        }
    }

    // MARK: - Parsing

    /// Parses and fully validates an xprv, xpub, tprv or tpub string.
    ///
    /// Every rule of BIP32 test vector 5 is enforced: length, known version, key data prefix matching the version,
    /// depth-0 keys with zero parent fingerprint and index, private key in [1, n−1], public key on the curve, and the
    /// checksum.
    /// - Parameters:
    ///   - text: the Base58Check text. Secret if it is an xprv/tprv.
    ///   - network: when given, the version must belong to it (regtest uses the test versions); when nil any of the
    ///     four versions is accepted.
    /// - Throws: `ExtendedKeyError` naming the first rule broken.
    public init(string text: String, network: Network? = nil) throws(ExtendedKeyError) {
        var payload: [UInt8]
        do throws(Base58Error) {
            payload = try Base58.decodeCheck(text)
        } catch {
            if error == .badChecksum { throw .badChecksum }
            throw .invalidBase58
        }
        defer { Zeroization.zeroize(&payload) }
        guard payload.count == Self.serializedLength else { throw .invalidLength(payload.count) }
        let version = Self.readUInt32(payload, at: 0)
        let isPrivateVersion: Bool
        switch version {
        case 0x0488_ADE4, 0x0435_8394: isPrivateVersion = true
        case 0x0488_B21E, 0x0435_87CF: isPrivateVersion = false
        default: throw .unknownVersion(version)
        }
        if let network, version != Self.version(network: network, isPrivate: isPrivateVersion) {
            throw .wrongNetwork
        }
        let prefix = payload[45]
        if isPrivateVersion {
            switch prefix {
            case 0x00: break
            case 0x02, 0x03: throw .privateVersionWithPublicKeyData
            default: throw .invalidPrivateKeyPrefix
            }
        } else {
            switch prefix {
            case 0x02, 0x03: break
            case 0x00: throw .publicVersionWithPrivateKeyData
            default: throw .invalidPublicKeyPrefix(prefix)
            }
        }
        let depth = payload[4]
        let parentFingerprint = Self.readUInt32(payload, at: 5)
        let childIndex = Self.readUInt32(payload, at: 9)
        if depth == 0 {
            guard parentFingerprint == 0 else { throw .zeroDepthWithParentFingerprint }
            guard childIndex == 0 else { throw .zeroDepthWithChildIndex }
        }
        let privateKey: PrivateKey?
        let publicKey: PublicKey
        if isPrivateVersion {
            var raw = Array(payload[46..<78])
            defer { Zeroization.zeroize(&raw) }
            guard let key = try? PrivateKey(rawRepresentation: raw) else { throw .invalidPrivateKey }
            privateKey = key
            publicKey = key.publicKey
        } else {
            guard let key = try? PublicKey(serialized: Array(payload[45..<78])) else { throw .invalidPublicKey }
            privateKey = nil
            publicKey = key
        }
        var chainCode = Array(payload[13..<45])
        self.init(
            depth: depth, parentFingerprint: parentFingerprint, childIndex: childIndex,
            chainCode: SecureBytes(consuming: &chainCode), privateKey: privateKey, publicKey: publicKey)
    }

    // MARK: - Rendering

    /// The Base58Check form for `network`: an xprv/tprv for a private node (**secret**), else an xpub/tpub.
    public func string(network: Network) -> String {
        var payload: [UInt8] = []
        payload.reserveCapacity(Self.serializedLength)
        Self.appendUInt32(Self.version(network: network, isPrivate: isPrivate), to: &payload)
        payload.append(depth)
        Self.appendUInt32(parentFingerprint, to: &payload)
        Self.appendUInt32(childIndex, to: &payload)
        chainCode.withUnsafeBytes { payload.append(contentsOf: $0) }
        if let privateKey {
            var raw = privateKey.rawRepresentation
            payload.append(0x00)
            payload.append(contentsOf: raw)
            Zeroization.zeroize(&raw)
        } else {
            payload.append(contentsOf: publicKey.compressed)
        }
        defer { Zeroization.zeroize(&payload) }
        return Base58.encodeCheck(payload)
    }

    /// The xpub/tpub form for `network`, whether or not this node is private. Not secret, but it links every
    /// non-hardened descendant address.
    public func publicString(network: Network) -> String {
        neutered().string(network: network)
    }

    // MARK: - Helpers

    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
