/// A `CodingKey` for any JSON object member, so that strict decoders can list every key and refuse unknown ones.
struct JSONFieldKey: CodingKey, Hashable {
    /// The member name.
    let stringValue: String

    /// Always nil: JSON object keys are strings.
    var intValue: Int? { nil }

    /// A key with this name.
    init(_ name: String) {
        stringValue = name
    }

    /// A key with this name.
    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Integer keys do not occur in JSON objects.
    init?(intValue: Int) {
        nil
    }

    /// The first key of `container` whose name is not in `allowed`, if any (in key order, for a stable message).
    static func firstUnknown(in container: KeyedDecodingContainer<JSONFieldKey>, allowed: Set<String>) -> String? {
        container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted().first
    }
}
