/// The header store's row in SQLite: the version marker, the trusted tip, and any pending suffix rewrite.
struct HeaderStoreState: Equatable {
    /// A suffix rewrite whose new records are durable in the side file: once this is recorded, the rewrite counts
    /// as committed and is completed (rolled forward) by whoever finds it.
    struct Redo: Equatable {
        /// The first record position replaced.
        let index: Int
        /// The number of records in the side file.
        let count: Int
        /// SHA-256 of the side file's bytes.
        let digest: [UInt8]
    }

    /// The checkpoint hash the records were stored under.
    let checkpoint: [UInt8]
    /// The number of committed records (the tip is record `count - 1`).
    let count: Int
    /// SHA-256 of the last committed record; nil when `count` is 0.
    let tipDigest: [UInt8]?
    /// The pending rewrite, if any.
    let redo: Redo?

    /// An empty store for `checkpoint`.
    static func empty(_ checkpoint: [UInt8]) -> HeaderStoreState {
        HeaderStoreState(checkpoint: checkpoint, count: 0, tipDigest: nil, redo: nil)
    }
}
