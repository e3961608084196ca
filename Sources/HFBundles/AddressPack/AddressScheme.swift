/// A derivation scheme as bundles name it: the `scheme` of an address pack entry, and a backup's `derivationType`.
///
/// HFBundles does not derive keys (that is HFWallet's `DerivationScheme`); it only carries the name.
public enum AddressScheme: String, Hashable, Sendable, CaseIterable {
    /// BRC-42 children with counterparty self; references look like `1-wallet-5` or `0-change-5`.
    case type42
    /// BIP44 `m/44'/236'/0'/c/n`; references are the path, e.g. `m/44'/236'/0'/0/5`.
    case bip44
}
