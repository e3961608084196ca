public import HFNetwork
import HFPrimitives

/// Compares two services' answers for the same heights, field by field (docs/design.md §8: never trust one source).
public enum HeaderCrossCheck {
    /// Throws unless `first` and `second` hold the same heights and the same header at each.
    ///
    /// - Parameters:
    ///   - first: one service's records, oldest first, and its name for the message.
    ///   - second: the other service's records and name.
    /// - Throws: `WatcherError.rejected` naming the first height and field that differ (or the missing height).
    public static func agree(
        _ first: (name: String, records: [BlockHeaderRecord]),
        _ second: (name: String, records: [BlockHeaderRecord])
    ) throws(WatcherError) {
        guard first.records.count == second.records.count else {
            throw .rejected(
                reason: "\(first.name) returned \(first.records.count) headers, \(second.name) "
                    + "\(second.records.count); the sources disagree, so no checkpoint was written")
        }
        for (a, b) in zip(first.records, second.records) {
            guard a.height == b.height else {
                throw .rejected(
                    reason: "\(first.name) answered height \(a.height) where \(second.name) answered "
                        + "\(b.height); no checkpoint was written")
            }
            if let field = differingField(a, b) {
                throw .rejected(
                    reason: "the sources disagree at height \(a.height) on \(field.name): \(first.name) says "
                        + "\(field.first), \(second.name) says \(field.second); no checkpoint was written — "
                        + "find out which source is wrong before proposing a checkpoint")
            }
        }
    }

    /// The first field (in header order, then the block hash) where `a` and `b` differ, with both values.
    static func differingField(
        _ a: BlockHeaderRecord, _ b: BlockHeaderRecord
    ) -> (name: String, first: String, second: String)? {
        let x = a.header
        let y = b.header
        let fields: [(String, String, String)] = [
            ("version", String(x.version), String(y.version)),
            ("previousblockhash", x.previousBlockHash.displayHex, y.previousBlockHash.displayHex),
            ("merkleroot", x.merkleRoot.displayHex, y.merkleRoot.displayHex),
            ("time", String(x.time), String(y.time)),
            ("bits", hex8(x.bits), hex8(y.bits)),
            ("nonce", String(x.nonce), String(y.nonce)),
            ("hash", a.hash.displayHex, b.hash.displayHex),
        ]
        return fields.first { $0.1 != $0.2 }.map { (name: $0.0, first: $0.1, second: $0.2) }
    }

    /// `bits` as 8 hex digits, as the services write it.
    private static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
