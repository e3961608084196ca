/// One script opcode byte, with names for the opcodes this package builds or recognises.
///
/// Any byte is an opcode: `0x01…0x4b` push that many following bytes, `OP_PUSHDATA1/2/4` (`0x4c…0x4e`) push data
/// whose length follows in 1, 2 or 4 little-endian bytes. `description` is the node's name (`OP_DUP`) for the named
/// opcodes and `0xNN` otherwise.
public struct Opcode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The opcode byte.
    public let rawValue: UInt8

    // MARK: - Initializers

    /// The opcode `rawValue`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    // MARK: - Properties

    /// Whether the opcode pushes the bytes that follow it (`0x01…0x4e`: direct pushes and `OP_PUSHDATA1/2/4`).
    public var isDataPush: Bool { rawValue >= 0x01 && rawValue <= Self.pushData4.rawValue }

    /// Whether the node counts the opcode as a push (`OP_0 … OP_16`, which includes `OP_1NEGATE` and `OP_RESERVED`).
    public var isPush: Bool { rawValue <= Self.op16.rawValue }

    /// Whether the opcode opens a conditional block (`OP_IF`, `OP_NOTIF`, `OP_VERIF`, `OP_VERNOTIF`).
    var opensConditional: Bool {
        self == .if || self == .notIf || self == .verIf || self == .verNotIf
    }

    /// The node's name, e.g. `OP_CHECKSIG` or `OP_7`; `OP_PUSHBYTES_n` for direct pushes; `0xNN` for opcodes
    /// without a name here.
    public var description: String {
        if let name = Self.names[rawValue] { return name }
        if rawValue >= 0x01 && rawValue <= 0x4b { return "OP_PUSHBYTES_\(rawValue)" }
        if rawValue > Self.true.rawValue && rawValue < Self.op16.rawValue { return "OP_\(rawValue - 0x50)" }
        let hex = String(rawValue, radix: 16)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    // MARK: - Static members

    /// `OP_0` / `OP_FALSE` (0x00): pushes an empty byte string.
    public static let `false` = Opcode(rawValue: 0x00)
    /// `OP_PUSHDATA1` (0x4c): the next byte is the length of the data pushed.
    public static let pushData1 = Opcode(rawValue: 0x4c)
    /// `OP_PUSHDATA2` (0x4d): the next 2 bytes (little-endian) are the length.
    public static let pushData2 = Opcode(rawValue: 0x4d)
    /// `OP_PUSHDATA4` (0x4e): the next 4 bytes (little-endian) are the length.
    public static let pushData4 = Opcode(rawValue: 0x4e)
    /// `OP_1NEGATE` (0x4f).
    public static let oneNegate = Opcode(rawValue: 0x4f)
    /// `OP_1` / `OP_TRUE` (0x51).
    public static let `true` = Opcode(rawValue: 0x51)
    /// `OP_16` (0x60), the last of the small-integer pushes.
    public static let op16 = Opcode(rawValue: 0x60)
    /// `OP_IF` (0x63).
    public static let `if` = Opcode(rawValue: 0x63)
    /// `OP_NOTIF` (0x64).
    public static let notIf = Opcode(rawValue: 0x64)
    /// `OP_VERIF` (0x65).
    public static let verIf = Opcode(rawValue: 0x65)
    /// `OP_VERNOTIF` (0x66).
    public static let verNotIf = Opcode(rawValue: 0x66)
    /// `OP_ELSE` (0x67).
    public static let `else` = Opcode(rawValue: 0x67)
    /// `OP_ENDIF` (0x68).
    public static let endIf = Opcode(rawValue: 0x68)
    /// `OP_RETURN` (0x6a).
    public static let `return` = Opcode(rawValue: 0x6a)
    /// `OP_DUP` (0x76).
    public static let dup = Opcode(rawValue: 0x76)
    /// `OP_EQUAL` (0x87).
    public static let equal = Opcode(rawValue: 0x87)
    /// `OP_EQUALVERIFY` (0x88).
    public static let equalVerify = Opcode(rawValue: 0x88)
    /// `OP_HASH160` (0xa9).
    public static let hash160 = Opcode(rawValue: 0xa9)
    /// `OP_CODESEPARATOR` (0xab).
    public static let codeSeparator = Opcode(rawValue: 0xab)
    /// `OP_CHECKSIG` (0xac).
    public static let checkSig = Opcode(rawValue: 0xac)

    /// Names of the opcodes above.
    private static let names: [UInt8: String] = [
        0x00: "OP_0", 0x4c: "OP_PUSHDATA1", 0x4d: "OP_PUSHDATA2", 0x4e: "OP_PUSHDATA4", 0x4f: "OP_1NEGATE",
        0x51: "OP_1", 0x60: "OP_16", 0x63: "OP_IF", 0x64: "OP_NOTIF", 0x65: "OP_VERIF", 0x66: "OP_VERNOTIF",
        0x67: "OP_ELSE", 0x68: "OP_ENDIF", 0x6a: "OP_RETURN", 0x76: "OP_DUP", 0x87: "OP_EQUAL",
        0x88: "OP_EQUALVERIFY", 0xa9: "OP_HASH160", 0xab: "OP_CODESEPARATOR", 0xac: "OP_CHECKSIG",
    ]
}
