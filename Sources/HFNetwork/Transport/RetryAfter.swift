import Foundation

/// Parsing of the `Retry-After` response field (RFC 9110 §10.2.3).
enum RetryAfter {
    /// The wait a `Retry-After` value asks for: decimal seconds, or an IMF-fixdate such as
    /// `Sun, 06 Nov 1994 08:49:37 GMT` measured from `now`. A date in the past means no wait.
    /// - Returns: nil for anything else, including any byte outside printable ASCII (a date is ASCII, and
    ///   Foundation's `DateFormatter` traps on some non-ASCII text, such as a combining mark).
    static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int(text)
        {
            return .seconds(seconds)
        }
        guard text.utf8.allSatisfy({ (0x20...0x7e).contains($0) }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        return .milliseconds(max(0, Int64(date.timeIntervalSince(now) * 1000)))
    }
}
