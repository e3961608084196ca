import HFBundles

/// The order `import FILE…` takes its files in: header bundles first, by start height, then the rest as given.
///
/// A catch-up is several `.hfheaders` files that only link in height order (`1-10000`, `10001-20000`, …), and a
/// shell glob or a hand-typed list may name them in any order; receipts and BEEF need their headers first. So every
/// headers bundle goes first, sorted by its start height (equal starts keep the order given), and every other file
/// follows in the order given. A file that cannot be read or is not a headers bundle counts as "other": its error is
/// reported at its turn, as before.
public enum ImportOrder {
    /// The indices of `files` (each a file's bytes, or nil when it could not be read) in import order.
    public static func order(_ files: [[UInt8]?]) -> [Int] {
        var headers: [(index: Int, start: UInt32)] = []
        var others: [Int] = []
        for (index, bytes) in files.enumerated() {
            if let bytes, let start = headersStart(bytes) {
                headers.append((index, start))
            } else {
                others.append(index)
            }
        }
        let sorted = headers.enumerated().sorted { a, b in
            a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset
        }
        return sorted.map(\.element.index) + others
    }

    /// The start height of `bytes` when they are a headers bundle that decodes.
    private static func headersStart(_ bytes: [UInt8]) -> UInt32? {
        guard (try? BundleKind.detect(bytes)) == .headers else { return nil }
        return (try? HeadersBundle(decoding: bytes, expectedNetwork: nil))?.startHeight
    }
}
