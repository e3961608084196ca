/// The capability document's JSON.
struct CapabilitiesJSON: Decodable {
    let bsvalias: String
    let capabilities: [String: PaymailCapabilities.Value]
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
