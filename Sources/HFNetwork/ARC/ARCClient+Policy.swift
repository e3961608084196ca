extension ARCClient {
    /// ARC's mining fee: `satoshis` per `bytes` (e.g. 1 per 1000 = 1 sat/kB).
    public struct MiningFee: Sendable, Equatable {
        /// The satoshis of the rate.
        public let satoshis: UInt64
        /// The bytes of the rate, at least 1.
        public let bytes: UInt64

        /// A rate from its parts; nil if `bytes` is 0.
        public init?(satoshis: UInt64, bytes: UInt64) {
            guard bytes > 0 else { return nil }
            self.satoshis = satoshis
            self.bytes = bytes
        }

        /// The rate in satoshis per 1000 bytes.
        public var satoshisPerKilobyte: Double { Double(satoshis) * 1000 / Double(bytes) }
    }

    /// The fields of `GET /v1/policy` the watcher uses.
    public struct Policy: Sendable, Equatable {
        /// The mining fee (`policy.miningFee`, or the legacy `policy.fees.miningFee`).
        public let miningFee: MiningFee
        /// The largest transaction accepted (`maxtxsizepolicy`), if given.
        public let maxTransactionBytes: Int?
        /// Whether plain raw transactions (not EF) are accepted (`standardFormatSupported`), if given.
        public let standardFormatSupported: Bool?

        /// A policy from its parts.
        public init(miningFee: MiningFee, maxTransactionBytes: Int? = nil, standardFormatSupported: Bool? = nil) {
            self.miningFee = miningFee
            self.maxTransactionBytes = maxTransactionBytes
            self.standardFormatSupported = standardFormatSupported
        }
    }

    /// `{"timestamp", "policy": {"miningFee": {"satoshis", "bytes"}, "maxtxsizepolicy"?, "standardFormatSupported"?,
    /// …}}`; other members are ignored.
    struct PolicyJSON: Decodable {
        /// The decoded policy.
        let value: Policy

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case policy, miningFee, fees, satoshis, bytes, maxtxsizepolicy, standardFormatSupported
        }

        /// Decodes the members above.
        init(from decoder: any Decoder) throws {
            let root = try decoder.container(keyedBy: CodingKeys.self)
            let policy = try root.nestedContainer(keyedBy: CodingKeys.self, forKey: .policy)
            let feeParent =
                policy.contains(.miningFee) || !policy.contains(.fees)
                ? policy : try policy.nestedContainer(keyedBy: CodingKeys.self, forKey: .fees)
            let fee = try feeParent.nestedContainer(keyedBy: CodingKeys.self, forKey: .miningFee)
            let satoshis = try fee.decode(UInt64.self, forKey: .satoshis)
            guard let miningFee = MiningFee(satoshis: satoshis, bytes: try fee.decode(UInt64.self, forKey: .bytes))
            else {
                throw DecodingError.dataCorruptedError(forKey: .bytes, in: fee, debugDescription: "must be at least 1")
            }
            let maxSize = try policy.decodeIfPresent(Int64.self, forKey: .maxtxsizepolicy)
            value = Policy(
                miningFee: miningFee, maxTransactionBytes: maxSize.map { Int(clamping: max(0, $0)) },
                standardFormatSupported: try policy.decodeIfPresent(Bool.self, forKey: .standardFormatSupported))
        }
    }
}
