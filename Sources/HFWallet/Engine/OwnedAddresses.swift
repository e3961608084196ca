public import HFPrimitives

/// The set of addresses a wallet owns, answering "does this locking script pay us, and to which address?".
///
/// Built once from the wallet's derived addresses (both schemes, both chains: the canonical address set of docs/requirements/wallet.md) and
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
        Self.firstPayee(of: lockingScript) { byHash[$0] }
    }

    /// The first non-nil answer of `lookup` for the public-key hashes `lockingScript` may pay, in the order they are
    /// tried: the hash of an exact P2PKH script; for a script holding an inscription envelope, the hash of a P2PKH
    /// script at its start, then at its end. `AddressSearch` collects the same hashes (one reading of the shapes).
    static func firstPayee<T>(of lockingScript: Script, _ lookup: (Hash160Key) -> T?) -> T? {
        let bytes = lockingScript.bytes
        if bytes.count == 25 { return Hash160Key.p2pkh(in: bytes, at: 0).flatMap(lookup) }
        guard bytes.count > 25, lockingScript.containsInscriptionEnvelope else { return nil }
        if let key = Hash160Key.p2pkh(in: bytes, at: 0), let found = lookup(key) { return found }
        if let key = Hash160Key.p2pkh(in: bytes, at: bytes.count - 25), let found = lookup(key) { return found }
        return nil
    }

    /// Whether `address` (its hash and its network) is in the set.
    public func contains(_ address: Address) -> Bool {
        byHash[Hash160Key(address.hash160)]?.address == address
    }
}
