/// One parsed element of a script: an opcode, a data push, or the unexecuted bytes after a top-level `OP_RETURN`.
///
/// Produced by `Script.operations()`; `serialized` gives back the exact bytes that were parsed, so a script
/// re-assembled with `Script(operations:)` is byte-for-byte the original.
public enum ScriptOperation: Hashable, Sendable {
    /// An opcode without data (everything except `0x01…0x4e`), including `OP_0`, which pushes an empty string.
    case opcode(Opcode)
    /// A data push: the opcode (`0x01…0x4b`, or `OP_PUSHDATA1/2/4`) and the bytes it pushes.
    ///
    /// For a direct push the opcode equals the data length; for `OP_PUSHDATAn` the length must fit in n bytes.
    /// `init(pushing:)` picks the right opcode.
    case push(Opcode, [UInt8])
    /// The bytes after an `OP_RETURN` outside any `OP_IF` block. Since the Genesis upgrade nodes stop there and
    /// neither parse nor execute the rest, so it may hold anything (data-carrier payloads); kept verbatim.
    case trailingData([UInt8])

    // MARK: - Initializers

    /// The shortest push of `data` without small-integer opcodes: `OP_0` for no bytes, a direct push up to 75
    /// bytes, then `OP_PUSHDATA1`, `OP_PUSHDATA2` or `OP_PUSHDATA4`.
    ///
    /// - Parameter data: at most `UInt32.max` bytes.
    public init(pushing data: [UInt8]) {
        switch data.count {
        case 0: self = .opcode(.false)
        case 1...0x4b: self = .push(Opcode(rawValue: UInt8(data.count)), data)
        case 0x4c...0xff: self = .push(.pushData1, data)
        case 0x100...0xffff: self = .push(.pushData2, data)
        default:
            precondition(data.count <= Int(UInt32.max), "a script push holds at most 4 GiB")
            self = .push(.pushData4, data)
        }
    }

    // MARK: - Properties

    /// The bytes this operation pushes onto the stack: the data of a push, empty for `OP_0`, `81` for `OP_1NEGATE`,
    /// the one byte n for `OP_1 … OP_16`; nil for anything else.
    public var pushedData: [UInt8]? {
        switch self {
        case .push(_, let data): data
        case .opcode(.false): []
        case .opcode(.oneNegate): [0x81]
        case .opcode(let opcode) where (Opcode.true.rawValue...Opcode.op16.rawValue).contains(opcode.rawValue):
            [opcode.rawValue - Opcode.true.rawValue + 1]
        case .opcode, .trailingData: nil
        }
    }

    /// The encoded bytes: the opcode, any length bytes, then the data.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        append(to: &writer)
        return writer.bytes
    }

    // MARK: - Methods

    /// Appends the encoded bytes to `writer`.
    func append(to writer: inout ByteWriter) {
        switch self {
        case .opcode(let opcode):
            writer.appendUInt8(opcode.rawValue)
        case .push(let opcode, let data):
            writer.appendUInt8(opcode.rawValue)
            switch opcode {
            case .pushData1:
                precondition(data.count <= 0xff, "OP_PUSHDATA1 holds at most 255 bytes")
                writer.appendUInt8(UInt8(data.count))
            case .pushData2:
                precondition(data.count <= 0xffff, "OP_PUSHDATA2 holds at most 65535 bytes")
                writer.appendUInt16LE(UInt16(data.count))
            case .pushData4:
                precondition(data.count <= Int(UInt32.max), "OP_PUSHDATA4 holds at most 4 GiB")
                writer.appendUInt32LE(UInt32(data.count))
            default:
                precondition(Int(opcode.rawValue) == data.count, "a direct push's opcode is its data length")
            }
            writer.appendBytes(data)
        case .trailingData(let data):
            writer.appendBytes(data)
        }
    }
}
