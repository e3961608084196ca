/// Durable storage of the headers above the checkpoint, as opaque 80-byte records (index 0 = checkpoint + 1).
///
/// HFHome's header file store provides it; tests may use an in-memory store. The storage is trusted as written:
/// every record was validated once, when the chain committed it, so opening reads only the count and the few
/// records the rules need, and other records are read by offset when asked for (docs/design.md §7). Every mutating method
/// must be atomic with respect to crashes: after a failure or a kill the records are the old ones or the new ones.
public protocol HeaderChainStorage: AnyObject {
    /// The number of committed records.
    func recordCount() throws -> Int
    /// The `count` records from `index` (`index + count` at most the record count), concatenated: `80 · count`
    /// bytes.
    func readRecords(from index: Int, count: Int) throws -> [UInt8]
    /// Replaces the records from `index` (0…count) onward with `records`; `index == count` appends.
    func replaceRecords(from index: Int, with records: [[UInt8]]) throws
    /// Removes every record.
    func reset() throws
}
