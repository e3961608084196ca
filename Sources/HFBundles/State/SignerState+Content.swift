public import HFCrypto
public import HFPrimitives

extension SignerState {
    /// The signed content of a state: everything but the signature. Build one, then ``signed(with:)``.
    public struct Content: Hashable, Sendable {
        /// The network.
        public let network: Network
        /// The wallet's identity public key.
        public let identityKey: PublicKey
        /// When the signer wrote it.
        public let createdAt: RFC3339Timestamp
        /// The signer's counter.
        public let sequence: UInt64
        /// The validated tip.
        public let tip: ChainPoint
        /// Earlier blocks, highest first.
        public let locator: [ChainPoint]
        /// The receipts held (sorted here by height, then txid).
        public let receipts: [HeldReceipt]
        /// The pending txids (sorted here).
        public let pending: [Txid]
        /// The pack reach per scheme and chain (sorted here).
        public let packs: [PackReach]
        /// The gap limit.
        public let gapLimit: UInt32

        /// Content from its parts; receipts, pending txids and packs are put in their canonical order.
        public init(
            network: Network, identityKey: PublicKey, createdAt: RFC3339Timestamp, sequence: UInt64, tip: ChainPoint,
            locator: [ChainPoint], receipts: [HeldReceipt], pending: [Txid], packs: [PackReach], gapLimit: UInt32
        ) {
            self.gapLimit = gapLimit
            self.network = network
            self.identityKey = identityKey
            self.createdAt = createdAt
            self.sequence = sequence
            self.tip = tip
            self.locator = locator
            self.receipts = receipts.sorted { ($0.height, $0.txid.displayHex) < ($1.height, $1.txid.displayHex) }
            self.pending = pending.sorted { $0.displayHex < $1.displayHex }
            self.packs = packs.sorted { ($0.scheme.rawValue, $0.chain.rawValue) < ($1.scheme.rawValue, $1.chain.rawValue) }
        }

        /// The heights a locator names below `tip`: tip−1, tip−2, tip−4, … tip−128, none at or below `floor`.
        public static func locatorHeights(tip: Int, floor: Int) -> [Int] {
            var heights: [Int] = []
            var step = 1
            while step <= SignerState.maximumLocatorStep, tip - step > floor {
                heights.append(tip - step)
                step *= 2
            }
            return heights
        }

        /// The digest the identity key signs.
        public var digest: [UInt8] {
            Hash.sha256(Array(SignerState.preimageTag.utf8) + [1] + JSONValue.object(jsonMembers).canonicalBytes)
        }

        /// Signs the content with the wallet's identity private key (ECDSA, RFC 6979, low-S).
        /// - Throws: `BundleError.identityKeyMismatch` unless `privateKey` is the key of `identityKey`, or the
        ///   content's checks.
        public func signed(with privateKey: PrivateKey) throws(BundleError) -> SignerState {
            guard privateKey.publicKey == identityKey else { throw .identityKeyMismatch }
            let signature: ECDSASignature
            do { signature = try privateKey.signature(forDigest: digest) } catch {
                preconditionFailure("signing a 32-byte digest cannot fail: \(error)")
            }
            return try SignerState(content: self, signature: signature)
        }

        /// The checks every state passes.
        func validate() throws(BundleError) {
            guard (1...1000).contains(gapLimit) else {
                throw .outOfRange(path: "signerState.gapLimit", allowed: 1...1000)
            }
            guard SignerState.locatorCount.contains(locator.count) else {
                throw .countOutOfRange(path: "signerState.locator", count: locator.count, allowed: SignerState.locatorCount)
            }
            var previous = tip.height
            for (index, point) in locator.enumerated() {
                guard point.height < previous else { throw .invalidValue(path: "signerState.locator[\(index)].height", allowed: ["a height below the one before it"]) }
                previous = point.height
            }
            guard SignerState.receiptCount.contains(receipts.count) else {
                throw .countOutOfRange(path: "signerState.receipts", count: receipts.count, allowed: SignerState.receiptCount)
            }
            var txids: Set<Txid> = []
            for (index, receipt) in receipts.enumerated() where !txids.insert(receipt.txid).inserted {
                throw .duplicateEntry(path: "signerState.receipts[\(index)]")
            }
            guard SignerState.pendingCount.contains(pending.count) else {
                throw .countOutOfRange(path: "signerState.pending", count: pending.count, allowed: SignerState.pendingCount)
            }
            for index in pending.indices.dropFirst() where pending[index] == pending[index - 1] {
                throw .duplicateEntry(path: "signerState.pending[\(index)]")
            }
            var chains: Set<String> = []
            for (index, pack) in packs.enumerated()
            where !chains.insert(pack.scheme.rawValue + "/" + pack.chain.rawValue).inserted {
                throw .duplicateEntry(path: "signerState.packs[\(index)]")
            }
        }
    }

    /// The allowed number of locator entries.
    public static let locatorCount = 0...8
    /// The deepest locator step (tip−128): a reorganisation deeper than the signer follows (144) is refused anyway.
    public static let maximumLocatorStep = 128
    /// The allowed number of held receipts.
    public static let receiptCount = 0...100_000
    /// The allowed number of pending transactions.
    public static let pendingCount = 0...10_000
}

/// A chain of addresses as bundles name it.
public enum PackChain: String, Hashable, Sendable, CaseIterable {
    /// Addresses handed out to payers.
    case receive
    /// Change addresses.
    case change
}
