import Foundation

extension RFC3339Timestamp {
    /// The current UTC time in whole seconds, as writers stamp `createdAt`.
    /// - Throws: `RFC3339Error.outOfRange` only if the system clock is outside the years 0000…9999.
    public static func now() throws(RFC3339Error) -> RFC3339Timestamp {
        try RFC3339Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)))
    }
}
