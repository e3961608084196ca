/// How far a wallet has handed out addresses on the two chains of one scheme.
///
/// Each number is the count of indexes in use from 0, which is also the next fresh index: `receive: 5` means
/// receive indexes 0…4 are in use and 5 is next; 0 means none is used. Counts are at most 2³¹ (BIP32 non-hardened
/// indexes end at 2³¹ − 1).
public struct AddressIndexes: Hashable, Sendable {
    /// The largest count: 2³¹.
    public static let maxCount: UInt32 = 1 << 31

    /// Receive indexes in use (chain 0 in BIP44, invoices `1-wallet-N` in Type42).
    public let receive: UInt32
    /// Change indexes in use (chain 1 in BIP44, invoices `0-change-N` in Type42).
    public let change: UInt32

    /// Indexes in use on both chains.
    /// - Throws: `BundleError.outOfRange` (paths `receive`, `change`) above 2³¹.
    public init(receive: UInt32, change: UInt32) throws(BundleError) {
        guard receive <= Self.maxCount else { throw .outOfRange(path: "receive", allowed: 0...Int64(Self.maxCount)) }
        guard change <= Self.maxCount else { throw .outOfRange(path: "change", allowed: 0...Int64(Self.maxCount)) }
        self.receive = receive
        self.change = change
    }

    /// None in use.
    public static let none = AddressIndexes(checkedReceive: 0, change: 0)

    /// Wraps values known to be in range.
    private init(checkedReceive receive: UInt32, change: UInt32) {
        self.receive = receive
        self.change = change
    }
}

/// A wallet's address indexes in use for both schemes, as a backup records them.
///
/// JSON: `"addressIndexes":{"bip44":{"change":0,"receive":0},"type42":{"change":2,"receive":5}}`; both schemes
/// are always present, so a restore knows how far to look in each whatever the wallet's derivation type.
public struct WalletAddressIndexes: Hashable, Sendable {
    /// Type42 indexes.
    public let type42: AddressIndexes
    /// BIP44 indexes.
    public let bip44: AddressIndexes

    /// Indexes for both schemes (none in use by default).
    public init(type42: AddressIndexes = .none, bip44: AddressIndexes = .none) {
        self.type42 = type42
        self.bip44 = bip44
    }

    /// The indexes of `scheme`.
    public subscript(scheme: AddressScheme) -> AddressIndexes {
        switch scheme {
        case .type42: type42
        case .bip44: bip44
        }
    }
}
