import HFWallet

/// Reading a file that becomes part of a payment (`send --data @FILE`, `send --upload FILE`): bounded by the 100 KB
/// transaction ceiling, since a larger file can never fit in a transaction the wallet signs.
public enum PaymentFile {
    /// The largest file accepted: the transaction size ceiling, `CoinSelector.maximumTransactionSize` bytes.
    public static let limit = CoinSelector.maximumTransactionSize

    /// The bytes of the file at `path` (at most `limit`).
    ///
    /// - Parameter purpose: what the file is for, named in the error (`the file to upload`).
    /// - Throws: `SignerError.unreadable` for a missing or unreadable file, `.rejected` for one over `limit` bytes.
    public static func read(_ path: String, purpose: String) throws(SignerError) -> [UInt8] {
        try BoundedFile.read(
            path, limit: limit,
            tooLarge: "\(purpose) '\(path)' is larger than \(limit) bytes, so no transaction under the 100 KB "
                + "ceiling can hold it; nothing was signed or kept")
    }
}
