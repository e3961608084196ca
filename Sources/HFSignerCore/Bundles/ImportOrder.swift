public import HFBundles

/// The order `import FILE…` takes its files in: header bundles first, by start height, then the rest as given.
///
/// A catch-up is several `.hfheaders` files that only link in height order (`1-10000`, `10001-20000`, …), and a
/// shell glob or a hand-typed list may name them in any order; receipts and BEEF need their headers first. So every
/// headers bundle goes first, sorted by its start height (equal starts keep the order given), and every other file
/// follows in the order given. A file that cannot be read or is not a headers bundle counts as "other": its error is
/// reported at its turn, as before. Each file is parsed here once and handed on parsed (a headers bundle decoded,
/// ``SignerSession/importHeaders(_:)``; any other ``SignerSession/importBundle(_:wallet:secrets:search:searchProgress:source:)-(ParsedBundle,_,_,_,_,_)``),
/// so a catch-up's or an update's megabytes are parsed once, not again to be imported.
public enum ImportOrder {
    /// One file in import order.
    public struct Entry: Sendable {
        /// Its index among the files given.
        public let index: Int
        /// The headers bundle it holds, decoded (any network: the import checks it), or nil for any other file.
        public let headers: HeadersBundle?
        /// Any other file parsed, or nil when it could not be read or parsed (its import then reports why); nil for a
        /// headers bundle, which is held decoded only.
        public let parsed: ParsedBundle?
    }

    /// `files` (each a file's bytes, or nil when it could not be read) in import order.
    public static func order(_ files: [[UInt8]?]) -> [Entry] {
        var headers: [Entry] = []
        var others: [Entry] = []
        for (index, bytes) in files.enumerated() {
            let parsed = bytes.flatMap { try? ParsedBundle($0) }
            if let parsed, parsed.kind == .headers,
                let bundle = try? HeadersBundle(parsed: parsed, expectedNetwork: nil)
            {
                headers.append(Entry(index: index, headers: bundle, parsed: nil))
            } else {
                others.append(Entry(index: index, headers: nil, parsed: parsed))
            }
        }
        // A stable sort: equal starts keep the order given.
        let sorted = headers.enumerated().sorted { a, b in
            let (x, y) = (a.element.headers?.startHeight ?? 0, b.element.headers?.startHeight ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }
        return sorted.map(\.element) + others
    }
}
