public import HFPrimitives
public import HFWallet

/// Every address a wallet may have used: both schemes and both chains, up to the discovery range plus a margin,
/// indexed by HASH160 for ownership checks of transaction outputs.
public struct OwnedAddresses: Sendable {
    /// Addresses checked past the discovery range, so a payment to a slightly later address is still recognised.
    public static let margin = 100

    private let byHash160: [[UInt8]: DerivedAddress]

    /// The addresses of `book`'s wallet.
    public init(book: AddressBook) throws(SignerError) {
        var map: [[UInt8]: DerivedAddress] = [:]
        for (scheme, chain, end) in try book.watchRange(extraReceive: 0) {
            let count = max(end, try book.exportedIndex(scheme, chain)) + Self.margin
            let entries: [DerivedAddress]
            do { entries = try book.keys.derive(scheme: scheme, chain: chain, start: 0, count: count) } catch {
                throw .rejected(reason: "\(error)")
            }
            for entry in entries { map[entry.address.hash160] = entry }
        }
        byHash160 = map
    }

    /// The wallet address a locking script pays (P2PKH only), if any.
    public func owner(of script: Script) -> DerivedAddress? {
        script.p2pkhHash160.flatMap { byHash160[$0] }
    }

    /// How many addresses are indexed.
    public var count: Int { byHash160.count }
}
