/// Where a BIP32 wallet's addresses are: the path of its receive chain and the path of its change chain. Address N of
/// a chain is the chain's path followed by the non-hardened index N.
///
/// Ours is ``standard`` (`m/44'/236'/0'/0` and `m/44'/236'/0'/1`); a wallet brought from another application keeps
/// that application's chains (``WalletPreset``, or `--path PREFIX`: `PREFIX/0` and `PREFIX/1`).
public struct BIP32Chains: Sendable, Hashable {
    /// The receive chain's path.
    public let receive: DerivationPath
    /// The change chain's path.
    public let change: DerivationPath

    /// `m/44'/236'/0'/0` and `m/44'/236'/0'/1`: BSV's BIP44 account 0, the chains new wallets use.
    public static let standard = BIP32Chains(checkedPrefix: BIP44Account.accountPath(0))

    /// The chains `prefix/0` (receive) and `prefix/1` (change).
    ///
    /// - Throws: `BIP32ChainsError.tooDeep` for a prefix too deep to hold a chain and an index below it.
    public init(prefix: DerivationPath) throws(BIP32ChainsError) {
        guard prefix.indices.count + 2 <= DerivationPath.maximumDepth else { throw .tooDeep }
        self.init(checkedPrefix: prefix)
    }

    /// Two chains given by their own paths (a preset whose change chain is not beside its receive chain).
    ///
    /// - Throws: `BIP32ChainsError.sameChain` when they are equal, `.nested` when one lies below the other (an
    ///   address of one would be the other's chain key), `.tooDeep` when an index cannot be appended.
    public init(receive: DerivationPath, change: DerivationPath) throws(BIP32ChainsError) {
        guard receive.indices.count < DerivationPath.maximumDepth, change.indices.count < DerivationPath.maximumDepth
        else { throw .tooDeep }
        guard receive != change else { throw .sameChain }
        guard !Self.isPrefix(receive, of: change), !Self.isPrefix(change, of: receive) else { throw .nested }
        self.receive = receive
        self.change = change
    }

    private init(checkedPrefix prefix: DerivationPath) {
        receive = prefix.appending(KeyChainKind.receive.bip44Chain)
        change = prefix.appending(KeyChainKind.change.bip44Chain)
    }

    /// Parses the stored form, ``text``: the receive chain's path, one space, the change chain's path.
    ///
    /// - Throws: `BIP32ChainsError.malformed` for anything else, or a refusal of ``init(receive:change:)``.
    public init(text: String) throws(BIP32ChainsError) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, let receive = try? DerivationPath(String(parts[0])),
            let change = try? DerivationPath(String(parts[1]))
        else { throw .malformed }
        try self.init(receive: receive, change: change)
    }

    // MARK: - Properties

    /// Whether these are ours, ``standard``.
    public var isStandard: Bool { self == .standard }

    /// The stored form: `m/44'/0/0 m/44'/0/1` (receive, one space, change; paths rendered with `'`).
    public var text: String { "\(receive) \(change)" }

    // MARK: - Methods

    /// The path of `chain`.
    public func path(_ chain: KeyChainKind) -> DerivationPath {
        switch chain {
        case .receive: receive
        case .change: change
        }
    }

    /// The path of address `index` of `chain`.
    public func path(_ chain: KeyChainKind, index: UInt32) -> DerivationPath { path(chain).appending(index) }

    private static func isPrefix(_ a: DerivationPath, of b: DerivationPath) -> Bool {
        a.indices.count < b.indices.count && Array(b.indices.prefix(a.indices.count)) == a.indices
    }
}

extension BIP32Chains: CustomStringConvertible {
    /// `receive m/44'/0/0/N, change m/44'/0/1/N`.
    public var description: String { "receive \(receive)/N, change \(change)/N" }
}

/// Why a pair of BIP32 chains was refused.
public enum BIP32ChainsError: Error, Equatable, Sendable {
    /// The receive and change chains are the same path.
    case sameChain
    /// One chain lies below the other.
    case nested
    /// A path is too deep for an address index below it (255 levels at most).
    case tooDeep
    /// The stored form is not two paths separated by one space.
    case malformed
}

extension BIP32ChainsError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .sameChain: "the receive and change chains must be different paths"
        case .nested: "one chain lies below the other; give two paths neither of which starts with the other"
        case .tooDeep: "the path is too deep: an address needs room for two more levels (255 at most)"
        case .malformed: "not two BIP32 paths separated by one space"
        }
    }
}
