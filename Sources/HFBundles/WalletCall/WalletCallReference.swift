public import HFCrypto
public import HFPrimitives

/// What an answer is checked against, without the call's arguments: the waiting request of a carried call holds
/// this, not the call, so that a call waiting for the signer holds a few bytes beside its request's body instead of
/// its parsed arguments (a 4 MB array of numbers parses into about 50 MB of `JSONValue`).
public struct WalletCallReference: Hashable, Sendable {
    /// The network the call is for.
    public let network: Network
    /// The call's 16-byte ID.
    public let callID: [UInt8]
    /// SHA-256 of the call's encoding, which its answer names.
    public let digest: [UInt8]
    /// The identity key of the wallet the call is for.
    public let identityKey: PublicKey
    /// The BRC-100 method.
    public let method: WalletCallMethod

    /// `callID` as 32 lower-case hex digits.
    public var callIDHex: String { callID.hex }
}

extension WalletCallBundle {
    /// This call's reference (its digest computed once).
    public var reference: WalletCallReference {
        WalletCallReference(network: network, callID: callID, digest: digest, identityKey: identityKey, method: method)
    }
}
