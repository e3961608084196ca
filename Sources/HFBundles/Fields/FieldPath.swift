/// Where a value sits in a bundle, written the way error messages show it: `merkleProof.nodes[3]`.
///
/// The top level is the empty path.
struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The rendered path, empty at the top level.
    let text: String

    /// The top level of a document.
    static let root = FieldPath(text: "")

    /// The member `key` of the object at this path.
    func appending(_ key: String) -> FieldPath {
        FieldPath(text: text.isEmpty ? key : text + "." + key)
    }

    /// The element at `index` of the array at this path.
    func appending(index: Int) -> FieldPath {
        FieldPath(text: text + "[\(index)]")
    }

    /// The rendered path.
    var description: String { text }
}
