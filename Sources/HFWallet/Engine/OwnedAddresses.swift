public import HFPrimitives

/// The set of addresses a wallet owns, answering "does this locking script pay us, and to which address?".
///
/// Built once from the wallet's derived addresses (both schemes, both chains: seed 004's canonical address set) and
/// queried for every output during reconstruction, without allocating. A script pays an owned address when it is
/// exactly P2PKH to it, or when it holds a 1Sat Ordinals inscription envelope and starts or ends with a P2PKH
/// script to it (the two shapes ordinals use); such outputs are owned but protected (`UTXO.isProtected`).
public struct OwnedAddresses: Sendable {
    /// The addresses by public-key hash.
    private let byHash: [Hash160Key: DerivedAddress]

    // MARK: - Initializers

    /// The set of `addresses` (duplicates are harmless; the last of equal hashes wins).
    public init(_ addresses: some Sequence<DerivedAddress>) {
        var index: [Hash160Key: DerivedAddress] = [:]
        for entry in addresses { index[Hash160Key(entry.address.hash160)] = entry }
        byHash = index
    }

    // MARK: - Properties

    /// The number of distinct addresses.
    public var count: Int { byHash.count }

    // MARK: - Methods

    /// The owned address `lockingScript` pays, or nil.
    public func owner(of lockingScript: Script) -> DerivedAddress? {
        let bytes = lockingScript.bytes
        if bytes.count == 25 {
            guard let key = Hash160Key.p2pkh(in: bytes, at: 0) else { return nil }
            return byHash[key]
        }
        guard bytes.count > 25, lockingScript.containsInscriptionEnvelope else { return nil }
        if let key = Hash160Key.p2pkh(in: bytes, at: 0), let owner = byHash[key] { return owner }
        if let key = Hash160Key.p2pkh(in: bytes, at: bytes.count - 25), let owner = byHash[key] { return owner }
        return nil
    }

    /// Whether `address` (its hash and its network) is in the set.
    public func contains(_ address: Address) -> Bool {
        byHash[Hash160Key(address.hash160)]?.address == address
    }
}
