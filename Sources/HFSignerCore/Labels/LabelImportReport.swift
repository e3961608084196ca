/// What `label import` did: how many lines were applied, and each line skipped with its reason.
public struct LabelImportReport: Sendable, Equatable, Encodable {
    /// Why a line was not applied.
    public enum Reason: String, Sendable, Encodable, CaseIterable {
        /// Not a JSON object, no string `type` or `ref`, an unknown type, a malformed reference, or a label over
        /// 255 bytes or holding a control character.
        case badLine
        /// BIP-329's `pubkey`, `input` or `xpub`: nothing in the signer to attach them to.
        case unsupportedType
        /// A well-formed reference that is not this wallet's: an address it has not derived (or of another
        /// network), a transaction it does not hold, an output index past the transaction's outputs.
        case unknownReference
        /// A record without a label (e.g. an output with only `spendable`): nothing to apply.
        case noLabel
        /// The wallet already holds the most labels (100,000).
        case tooManyLabels

        /// The reason as the text report says it.
        public var phrase: String {
            switch self {
            case .badLine: "bad line"
            case .unsupportedType: "unsupported type"
            case .unknownReference: "unknown reference"
            case .noLabel: "no label"
            case .tooManyLabels: "too many labels"
            }
        }
    }

    /// One skipped line.
    public struct Skip: Sendable, Equatable, Encodable {
        /// The line number, from 1.
        public let line: Int
        /// Why it was skipped.
        public let reason: Reason
        /// What was wrong, in words (never the label's text).
        public let detail: String
    }

    /// Lines applied (a label set or replaced).
    public let applied: Int
    /// The skipped lines, in file order.
    public let skips: [Skip]

    /// The number of lines skipped.
    public var skipped: Int { skips.count }

    /// The skipped lines counted by reason, reasons in declaration order, absent ones left out.
    public var skippedByReason: [(Reason, Int)] {
        Reason.allCases.compactMap { reason in
            let count = skips.count { $0.reason == reason }
            return count > 0 ? (reason, count) : nil
        }
    }

    private enum CodingKeys: String, CodingKey { case applied, skipped, skips }

    /// `{"applied":N,"skipped":M,"skips":[{"detail","line","reason"}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(applied, forKey: .applied)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(skips, forKey: .skips)
    }
}
