/// A forward cursor that splits script bytes into opcodes and pushes, the way the node's `GetOp` does.
///
/// It knows nothing of `OP_RETURN`; `Script.operations()` applies that rule on top.
struct ScriptTokenizer {
    /// The script bytes.
    private let bytes: [UInt8]

    /// The index of the next unread byte.
    private(set) var offset = 0

    // MARK: - Initializers

    /// A tokenizer at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Properties

    /// Whether every byte has been consumed.
    var isAtEnd: Bool { offset == bytes.count }

    // MARK: - Methods

    /// The next operation, or nil at the end of the script.
    ///
    /// - Throws: `ScriptError.truncatedPush` when a push's length bytes or data run past the end; the position is
    ///   then unchanged.
    mutating func next() throws(ScriptError) -> ScriptOperation? {
        guard offset < bytes.count else { return nil }
        let start = offset
        let opcode = Opcode(rawValue: bytes[start])
        guard opcode.isDataPush else {
            offset += 1
            return .opcode(opcode)
        }
        var cursor = start + 1
        let length: Int
        switch opcode {
        case .pushData1, .pushData2, .pushData4:
            let width = opcode == .pushData1 ? 1 : opcode == .pushData2 ? 2 : 4
            guard bytes.count - cursor >= width else {
                throw .truncatedPush(offset: start, needed: width, available: bytes.count - cursor)
            }
            var value = 0
            for index in 0..<width { value |= Int(bytes[cursor + index]) << (8 * index) }
            cursor += width
            length = value
        default:
            length = Int(opcode.rawValue)
        }
        guard bytes.count - cursor >= length else {
            throw .truncatedPush(offset: start, needed: length, available: bytes.count - cursor)
        }
        offset = cursor + length
        return .push(opcode, Array(bytes[cursor..<offset]))
    }

    /// Consumes and returns every remaining byte.
    mutating func readToEnd() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}
