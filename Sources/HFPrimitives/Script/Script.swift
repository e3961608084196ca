/// A Bitcoin script, held as its bytes.
///
/// Any bytes are a script: locking and unlocking scripts are stored and hashed exactly as they appear in a
/// transaction, whether or not they parse. `operations()` splits them into opcodes and pushes strictly, and the
/// template extensions (`Script+P2PKH`, `Script+DataOutput`, `Script+Inscription`) recognise and build the standard
/// shapes. `description` is the lower-case hex.
public struct Script: Hashable, Sendable, CustomStringConvertible {
    /// The script bytes.
    public let bytes: [UInt8]

    // MARK: - Initializers

    /// Wraps script bytes as they are (no parsing).
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Parses hex text (either case) as script bytes.
    /// - Throws: `ScriptError.invalidHex` for odd length or a non-hex character.
    public init(hex: String) throws(ScriptError) {
        do {
            bytes = try Hex.decode(hex)
        } catch {
            throw .invalidHex(error)
        }
    }

    /// Assembles operations into a script, byte for byte their `serialized` forms.
    public init(operations: [ScriptOperation]) {
        var writer = ByteWriter()
        for operation in operations { operation.append(to: &writer) }
        bytes = writer.bytes
    }

    // MARK: - Properties

    /// The number of bytes.
    public var count: Int { bytes.count }

    /// Whether the script has no bytes (as an input's unlocking script before signing).
    public var isEmpty: Bool { bytes.isEmpty }

    /// The bytes as lower-case hex.
    public var hex: String { Hex.encode(bytes) }

    /// The bytes as lower-case hex.
    public var description: String { hex }
}
