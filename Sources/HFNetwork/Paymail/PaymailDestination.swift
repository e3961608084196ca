/// What `p2p-payment-destination` answered (provider-apis §5.4): the outputs to pay and the host's reference.
public struct PaymailDestination: Sendable, Equatable {
    /// One output: a locking script and an amount.
    public struct Output: Sendable, Equatable {
        /// The locking script (non-empty).
        public let script: [UInt8]
        /// The amount in satoshis.
        public let satoshis: UInt64

        /// An output from its parts.
        public init(script: [UInt8], satoshis: UInt64) {
            self.script = script
            self.satoshis = satoshis
        }
    }

    /// The outputs, at least one; their satoshis add up to the amount asked for.
    public let outputs: [Output]
    /// The host's reference for this payment (non-empty).
    public let reference: String
}

/// What `pki` answered (provider-apis §5.3).
public struct PaymailPublicKey: Sendable, Equatable {
    /// The handle the host named, which equals the paymail asked about.
    public let handle: String
    /// The 33-byte compressed public key (02 or 03 prefix; whether it is a point on the curve is the caller's check).
    public let pubkey: [UInt8]
}

/// Everything `resolve` learnt about a paymail: the capabilities, the public key and the destination.
public struct PaymailResolution: Sendable, Equatable {
    /// The host's capability document.
    public let capabilities: PaymailCapabilities
    /// The receiver's public key.
    public let publicKey: PaymailPublicKey
    /// The outputs and reference.
    public let destination: PaymailDestination
}

/// The JSON of `pki`.
struct PKIJSON: Decodable {
    let bsvalias: String
    let handle: String
    let pubkey: String
}

/// The JSON of `p2p-payment-destination`.
struct DestinationJSON: Decodable {
    struct OutputJSON: Decodable {
        let script: String
        let satoshis: UInt64
    }

    let outputs: [OutputJSON]
    let reference: String
}

/// The JSON of `receive-transaction`.
struct ReceiptJSON: Decodable {
    let txid: String
    let note: String?
}
