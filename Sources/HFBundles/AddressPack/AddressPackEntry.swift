public import HFPrimitives

/// One pre-derived address in a `.hfaddrpack`: the address, its scheme, and where in that scheme it comes from.
///
/// The `reference` is carried, not interpreted: this module checks only that it is 1…128 UTF-8 bytes without
/// control characters. Its grammar (`1-wallet-N`, `m/44'/236'/0'/c/n`) is the wallet's business.
public struct AddressPackEntry: Hashable, Sendable {
    /// The P2PKH address (on the pack's network).
    public let address: Address
    /// The scheme that derived it.
    public let scheme: AddressScheme
    /// The scheme-specific reference, e.g. `1-wallet-5` or `m/44'/236'/0'/0/5`.
    public let reference: String

    /// An entry.
    /// - Throws: `BundleError.overLimit` for a reference over 128 bytes, `.emptyValue` for an empty one,
    ///   `.invalidText` for one with control characters.
    public init(address: Address, scheme: AddressScheme, reference: String) throws(BundleError) {
        let field = JSONField(value: .string(reference), path: FieldPath(text: "reference"))
        self.reference = try field.text(maxBytes: BundleLimits.maxReferenceBytes)
        self.address = address
        self.scheme = scheme
    }

    /// Wraps parts already validated.
    init(checkedAddress address: Address, scheme: AddressScheme, reference: String) {
        self.address = address
        self.scheme = scheme
        self.reference = reference
    }

    /// The same entry with its address taken as `network`'s (test and regtest share address text).
    func on(_ network: Network) -> AddressPackEntry {
        guard address.network != network, let moved = try? Address(hash160: address.hash160, network: network) else {
            return self
        }
        return AddressPackEntry(checkedAddress: moved, scheme: scheme, reference: reference)
    }
}
