import HFPrimitives

/// The fields of the indexer's `Txo` object that decide the verdict: `outpoint` (or `txid` and `vout`), `origin`
/// and the keys of `data`. Other members are ignored.
struct TxoJSON: Decodable {
    /// The output the object is about, if it says.
    let outpoint: OrdinalsClient.Outpoint?
    /// The markers found, sorted.
    let markers: [String]

    /// The JSON member names.
    private enum CodingKeys: String, CodingKey {
        case outpoint, txid, vout, origin, data
    }

    /// Any JSON value, skipped.
    private struct Ignored: Decodable {
        /// Reads nothing.
        init(from decoder: any Decoder) throws {}
    }

    /// The verdict the markers give.
    var verdict: OrdinalsClient.Verdict {
        markers.isEmpty ? .plain : .inscribed(markers: markers)
    }

    /// Decodes the members above.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .outpoint) {
            outpoint = try Self.outpoint(text, container)
        } else if container.contains(.txid) {
            let vout = try FieldDecoding.integer(container, .vout, in: 0...Int64(UInt32.max))
            outpoint = OrdinalsClient.Outpoint(txid: try FieldDecoding.txid(container, .txid), vout: UInt32(vout))
        } else {
            outpoint = nil
        }
        var found: [String] = []
        if container.contains(.origin), try !container.decodeNil(forKey: .origin) { found.append("origin") }
        let data = try container.decodeIfPresent([String: Ignored].self, forKey: .data) ?? [:]
        found += data.keys.filter { OrdinalsClient.markerKeys.contains($0) }.sorted()
        markers = found
    }

    /// Parses `<txid>_<vout>`.
    private static func outpoint(
        _ text: String, _ container: KeyedDecodingContainer<CodingKeys>
    ) throws -> OrdinalsClient.Outpoint {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let txid = try? Txid(displayHex: String(parts[0])),
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let vout = UInt32(parts[1])
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .outpoint, in: container, debugDescription: "not <txid>_<vout>")
        }
        return OrdinalsClient.Outpoint(txid: txid, vout: vout)
    }
}
