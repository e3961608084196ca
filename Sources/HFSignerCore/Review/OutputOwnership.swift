public import HFPrimitives
public import HFWallet

/// Decides whose an address is by deriving it again from the wallet's keys: never from a label, an address index
/// row, or what a plan or a `.hftx` claims.
///
/// The candidates are every address the wallet may have used (`AddressBook.ownedAddresses()`: both schemes, both
/// chains, the discovery range plus a margin, derived from the keys); a candidate counts only after its key is
/// derived once more at its scheme, chain and index and gives the same address.
public struct OutputOwnership: Sendable {
    private let owned: OwnedAddresses
    private let keys: WalletKeys

    /// The ownership test of `book`'s wallet (derives its candidate addresses from its keys).
    public init(book: AddressBook) throws(SignerError) {
        owned = try book.ownedAddresses()
        keys = book.keys
    }

    /// The derivation that gives `address` again from the keys, or nil if the wallet does not derive it.
    public func derivation(of address: Address) -> DerivedAddress? {
        guard let candidate = owned.owner(of: Script(p2pkhPaying: address)), candidate.address == address,
            let again = try? keys.derivedAddress(
                scheme: candidate.scheme, chain: candidate.chain, index: candidate.index),
            again.address == address
        else { return nil }
        return again
    }
}
