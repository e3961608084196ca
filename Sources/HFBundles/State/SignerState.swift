public import HFCrypto
public import HFPrimitives

/// What one wallet of a signer holds, signed by the wallet's identity key: the `signerState` member every bundle the
/// signer writes for the watcher carries (`.hfaddrpack`, `.hftx`, `.hfanswer`, `.hfsweep`, `.hfstate`).
///
/// From it the watcher knows, without a number typed across the air gap, where the signer's chain stands (its
/// validated tip and a locator of earlier hashes, so a reorganisation's fork point is found exactly), which receipts
/// it holds (every txid with its height: the watcher sends exactly the others), its pending transactions, and how
/// far its address packs reach. Decoding checks the structure; `verify()` checks the signature as a separate step.
@dynamicMemberLookup
public struct SignerState: Hashable, Sendable {
    /// The ASCII tag at the start of the signed preimage.
    public static let preimageTag = "HFSTATE"

    /// A block of the signer's validated chain.
    public struct ChainPoint: Hashable, Sendable {
        /// The height.
        public let height: UInt32
        /// The block hash.
        public let hash: BlockHash

        /// A point from its parts.
        public init(height: UInt32, hash: BlockHash) {
            self.height = height
            self.hash = hash
        }
    }

    /// A receipt the signer holds: the transaction and the height of the block its proof names.
    public struct HeldReceipt: Hashable, Sendable {
        /// The transaction.
        public let txid: Txid
        /// The height of the block its proof names.
        public let height: UInt32

        /// A held receipt from its parts.
        public init(txid: Txid, height: UInt32) {
            self.txid = txid
            self.height = height
        }
    }

    /// How far the address packs reach on one chain of one scheme: indexes `0..<end` were exported.
    public struct PackReach: Hashable, Sendable {
        /// The derivation scheme.
        public let scheme: AddressScheme
        /// The chain.
        public let chain: PackChain
        /// One past the last index exported.
        public let end: UInt32

        /// A reach from its parts.
        public init(scheme: AddressScheme, chain: PackChain, end: UInt32) {
            self.scheme = scheme
            self.chain = chain
            self.end = end
        }
    }

    /// The signed content; its members read as the state's own (`state.tip`, `state.receipts`, …).
    public let content: Content
    /// The wallet ID (computed from the identity key and the network).
    public let walletID: [UInt8]
    /// The identity key's signature over ``digest``.
    public let signature: ECDSASignature
    /// A pack reaching further than the last one, when the wallet's activity came within its gap limit of the end
    /// (member `addressPack`, signed on its own; not part of the state's digest). The watcher imports it with the
    /// state, so no separate pack needs to cross.
    public var addressPack: AddressPackBundle? {
        get { packStorage.first }
        set { packStorage = newValue.map { [$0] } ?? [] }
    }
    /// ``addressPack``'s storage (an array, since a pack may itself carry a state).
    private var packStorage: [AddressPackBundle] = []

    /// A state from its parts (the signature is not checked here: see ``verify()``).
    /// - Throws: `BundleError` for a count out of range, a duplicate receipt, pending txid or pack chain, a locator
    ///   not below the tip in descending order, or a high-S signature.
    public init(
        content: Content, signature: ECDSASignature
    ) throws(BundleError) {
        guard signature.isLowS else { throw .highSSignature(path: "signerState.signature") }
        try content.validate()
        self.content = content
        walletID = UnsignedAddressPack.walletID(identityKey: content.identityKey, network: content.network)
        self.signature = signature
    }

    /// A member of the signed content.
    public subscript<Value>(dynamicMember member: KeyPath<Content, Value>) -> Value { content[keyPath: member] }

    /// The digest the identity key signs: `SHA-256("HFSTATE" ‖ 0x01 ‖ canonical JSON of the state without its
    /// signature)`.
    public var digest: [UInt8] { content.digest }

    /// Verifies the signature with ``identityKey``.
    /// - Throws: `BundleError.signatureInvalid`.
    public func verify() throws(BundleError) {
        guard content.identityKey.isValidSignature(signature, forDigest: digest) else { throw .signatureInvalid }
    }

    /// Whether this state is newer than `other` (by the signer's clock, then its counter).
    public func isNewer(than other: SignerState) -> Bool {
        (content.createdAt.secondsSince1970, content.sequence)
            > (other.content.createdAt.secondsSince1970, other.content.sequence)
    }
}
