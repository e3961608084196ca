/// Reads the members of one JSON object, remembering which were read so that `finish()` can reject the rest.
///
/// Every bundle decoder follows the same pattern: take each known member with `field(_:)` (a missing one is
/// `BundleError.missingField`) or `optionalField(_:)`, convert it with a `JSONField` method (which reports wrong
/// types, malformed hex and limits with the member's path), then call `finish()`, which reports the first unknown
/// member (in UTF-8 key order, so the error is deterministic).
struct JSONObjectReader: Sendable {
    /// The path of the object itself.
    let path: FieldPath
    /// The object's members.
    private let members: [String: JSONValue]
    /// The keys taken so far.
    private var taken: Set<String> = []

    // MARK: - Initializers

    /// A reader over `members`, the object at `path`.
    init(members: [String: JSONValue], path: FieldPath) {
        self.members = members
        self.path = path
    }

    // MARK: - Methods

    /// The member `key`.
    /// - Throws: `BundleError.missingField` with the member's path.
    mutating func field(_ key: String) throws(BundleError) -> JSONField {
        guard let field = optionalField(key) else { throw .missingField(path: path.appending(key).text) }
        return field
    }

    /// The member `key`, or nil when it is absent. (`null` is a present value of the wrong type, never absence.)
    mutating func optionalField(_ key: String) -> JSONField? {
        guard let value = members[key] else { return nil }
        taken.insert(key)
        return JSONField(value: value, path: path.appending(key))
    }

    /// Checks that every member was taken.
    /// - Throws: `BundleError.unknownField` naming the first member (by UTF-8 key order) that was not.
    func finish() throws(BundleError) {
        let unknown = members.keys.filter { !taken.contains($0) }
        guard let first = unknown.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) else { return }
        throw .unknownField(path: path.appending(String(first.prefix(64))).text)
    }
}
