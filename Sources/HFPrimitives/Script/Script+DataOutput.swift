// Data-carrier outputs: OP_FALSE OP_RETURN <pushes…> (provably unspendable, the usual form) and OP_RETURN <pushes…>.

extension Script {
    /// A data output `OP_FALSE OP_RETURN <push>…` (or `OP_RETURN <push>…` when `safe` is false), each element pushed
    /// with the shortest push opcode (see `ScriptOperation.init(pushing:)`).
    ///
    /// - Parameters:
    ///   - pushes: the data elements, in order; may be empty.
    ///   - safe: whether to start with `OP_FALSE`, which makes the output unspendable under every rule set; true by
    ///     default.
    public init(dataOutput pushes: [[UInt8]], safe: Bool = true) {
        var operations: [ScriptOperation] = safe ? [.opcode(.false), .opcode(.return)] : [.opcode(.return)]
        operations += pushes.map(ScriptOperation.init(pushing:))
        self.init(operations: operations)
    }

    /// Whether the script starts with `OP_RETURN` or `OP_FALSE OP_RETURN` (a data-carrier output, whatever follows).
    public var isDataOutput: Bool { dataPayloadOffset != nil }

    /// The data elements pushed after the data output's `OP_RETURN`.
    ///
    /// Each element is what the operation pushes (`ScriptOperation.pushedData`: `OP_0` is an empty element,
    /// `OP_1 … OP_16` the one byte n). The payload must parse completely and consist of pushes only.
    /// - Throws: `ScriptError.notDataOutput`, `.truncatedPush`, or `.nonPushInData`.
    public func dataOutputPushes() throws(ScriptError) -> [[UInt8]] {
        guard let start = dataPayloadOffset else { throw .notDataOutput }
        var tokenizer = ScriptTokenizer(Array(bytes[start...]))
        var pushes: [[UInt8]] = []
        while true {
            let offset = start + tokenizer.offset
            let next: ScriptOperation?
            do {
                next = try tokenizer.next()
            } catch .truncatedPush(_, let needed, let available) {
                throw .truncatedPush(offset: offset, needed: needed, available: available)
            } catch {
                throw error
            }
            guard let operation = next else { break }
            guard let data = operation.pushedData else { throw .nonPushInData(offset: offset) }
            pushes.append(data)
        }
        return pushes
    }

    /// The index of the first byte after the leading `OP_RETURN` or `OP_FALSE OP_RETURN`, or nil.
    private var dataPayloadOffset: Int? {
        if bytes.first == Opcode.return.rawValue { return 1 }
        if bytes.count >= 2, bytes[0] == Opcode.false.rawValue, bytes[1] == Opcode.return.rawValue { return 2 }
        return nil
    }
}
