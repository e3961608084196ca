/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// Names keep the spelling they were given; lookups ignore ASCII case (`headers["content-type"]` finds
/// `Content-Type`). A name may occur more than once; `subscript` returns the first value and `values(for:)` all.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The name as written.
        public let name: String
        /// The value, without surrounding whitespace.
        public let value: String

        /// A field from its name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    // MARK: - Initializers

    /// No fields.
    public init() {
        fields = []
    }

    /// The given fields, in order.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// Fields from a literal such as `["Content-Type": "application/json"]`, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    // MARK: - Properties

    /// The number of fields.
    public var count: Int { fields.count }

    // MARK: - Methods

    /// The first value of the field called `name` (any case), or nil.
    public subscript(name: String) -> String? {
        let wanted = Self.folded(name)
        return fields.first { Self.folded($0.name) == wanted }?.value
    }

    /// Every value of the field called `name` (any case), in order.
    public func values(for name: String) -> [String] {
        let wanted = Self.folded(name)
        return fields.filter { Self.folded($0.name) == wanted }.map(\.value)
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` (any case) by one with `value`.
    public mutating func set(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field called `name` (any case).
    public mutating func remove(name: String) {
        let wanted = Self.folded(name)
        fields.removeAll { Self.folded($0.name) == wanted }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// A name with ASCII letters in lower case, for comparisons.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
