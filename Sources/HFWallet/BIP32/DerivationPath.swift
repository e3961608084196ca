/// A BIP32 derivation path such as `m/44'/236'/0'/0/5`: a list of child indices below the master key.
///
/// Indices ≥ 2³¹ (`hardenedOffset`) are hardened. Text form: `m`, then `/`-separated decimal indices below 2³¹,
/// each optionally followed by one hardened marker `'`, `h` or `H`. Parsing is strict: no whitespace, no empty
/// components, no signs, no leading zeros (`0` itself is fine), and the path must start at `m`. The rendered form
/// always uses `'`.
public struct DerivationPath: Sendable, Hashable {
    /// The first hardened index, 2³¹.
    public static let hardenedOffset: UInt32 = 0x8000_0000

    /// The deepest path a serialized extended key can express (its depth is one byte).
    public static let maximumDepth = 255

    /// The child indices from the master key down, hardened ones including `hardenedOffset`.
    public let indices: [UInt32]

    // MARK: - Initializers

    /// A path from raw indices (hardened indices already include `hardenedOffset`).
    ///
    /// - Precondition: at most `maximumDepth` indices.
    public init(indices: [UInt32]) {
        precondition(indices.count <= Self.maximumDepth, "a BIP32 path has at most 255 levels")
        self.indices = indices
    }

    /// Parses the text form described on the type.
    ///
    /// - Parameter text: e.g. `m/44'/236'/0'/0/5` or `m/0H/1`.
    /// - Throws: `DerivationPathError`; positions count levels below `m` from 1.
    public init(_ text: String) throws(DerivationPathError) {
        var parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "m" else { throw .missingRoot }
        parts.removeFirst()
        guard parts.count <= Self.maximumDepth else { throw .tooDeep }
        var indices: [UInt32] = []
        indices.reserveCapacity(parts.count)
        for (offset, part) in parts.enumerated() {
            indices.append(try Self.parseComponent(part, position: offset + 1))
        }
        self.indices = indices
    }

    // MARK: - Methods

    /// This path with `index` appended.
    ///
    /// - Precondition: the result has at most `maximumDepth` levels.
    public func appending(_ index: UInt32) -> DerivationPath {
        DerivationPath(indices: indices + [index])
    }

    /// `index + 2³¹`.
    ///
    /// - Precondition: `index < 2³¹`.
    public static func hardened(_ index: UInt32) -> UInt32 {
        precondition(index < hardenedOffset, "a BIP32 index below 2^31 is expected")
        return index | hardenedOffset
    }

    /// Renders one index: decimal, with `'` for a hardened one.
    public static func render(_ index: UInt32) -> String {
        index >= hardenedOffset ? "\(index - hardenedOffset)'" : "\(index)"
    }

    private static func parseComponent(_ part: Substring, position: Int) throws(DerivationPathError) -> UInt32 {
        guard !part.isEmpty else { throw .emptyComponent(position: position) }
        var digits = part.utf8[...]
        var hardened = false
        if let last = digits.last, last == UInt8(ascii: "'") || last == UInt8(ascii: "h") || last == UInt8(ascii: "H") {
            hardened = true
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalidComponent(position: position)
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw .invalidComponent(position: position)
        }
        // At most 10 digits can be below 2^31; longer is out of range without overflow concerns.
        guard digits.count <= 10 else { throw .indexOutOfRange(position: position) }
        var value: UInt64 = 0
        for digit in digits { value = value * 10 + UInt64(digit - UInt8(ascii: "0")) }
        guard value < UInt64(hardenedOffset) else { throw .indexOutOfRange(position: position) }
        return hardened ? UInt32(value) | hardenedOffset : UInt32(value)
    }
}

extension DerivationPath: CustomStringConvertible {
    /// The text form, `m/…` with `'` for hardened indices.
    public var description: String {
        (["m"] + indices.map(Self.render)).joined(separator: "/")
    }
}

/// Why a derivation path's text was rejected. Positions count levels below `m` from 1.
public enum DerivationPathError: Error, Equatable, Sendable {
    /// The path does not start with the master key `m` (as in `m/44'/…`).
    case missingRoot
    /// Nothing between two slashes, or a trailing slash.
    case emptyComponent(position: Int)
    /// Not a decimal index with an optional `'`, `h` or `H` (signs, spaces and leading zeros are refused).
    case invalidComponent(position: Int)
    /// The index is 2³¹ or more (write hardened indices with a marker instead).
    case indexOutOfRange(position: Int)
    /// More than 255 levels.
    case tooDeep
}

extension DerivationPathError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .missingRoot: "a derivation path starts with \"m\", as in m/44'/236'/0'/0/0"
        case .emptyComponent(let position): "level \(position) of the derivation path is empty"
        case .invalidComponent(let position):
            "level \(position) of the derivation path is not a decimal index with an optional ' or h"
        case .indexOutOfRange(let position): "level \(position) of the derivation path is 2^31 or more"
        case .tooDeep: "a derivation path has at most 255 levels"
        }
    }
}
