/// Durable storage of the headers above the checkpoint, as opaque 80-byte records (index 0 = checkpoint + 1).
///
/// HFStore's `HeaderFileStore` provides it on the signer; tests may use an in-memory store. Every method must be
/// atomic with respect to crashes: after a failure or a kill the records are the old ones or the new ones.
public protocol HeaderChainStorage: AnyObject {
    /// Every committed record, oldest first.
    func loadRecords() throws -> [[UInt8]]
    /// Replaces the records from `index` (0…count) onward with `records`; `index == count` appends.
    func replaceRecords(from index: Int, with records: [[UInt8]]) throws
    /// Removes every record.
    func reset() throws
}
