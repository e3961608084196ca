/// The head of one CBOR data item (major type and argument), the little of RFC 8949 that UR parts and `bytes`
/// messages need; only the shortest (deterministic) encoding of an argument is written or accepted.
enum CBORHead {
    /// The head of major type `major` (0…7) with `argument`, in its shortest form.
    static func encode(major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24...0xFF: return [type | 24, UInt8(argument)]
        case 0x100...0xFFFF: return [type | 25] + bigEndian(argument, 2)
        case 0x1_0000...0xFFFF_FFFF: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    /// Reads a head at `offset` (advanced past it).
    /// - Throws: `reason` text for a truncated head, an indefinite length or a non-shortest argument.
    static func read(_ bytes: [UInt8], at offset: inout Int) throws(URError) -> (major: UInt8, argument: UInt64) {
        guard offset < bytes.count else { throw .malformedPart("it ends early") }
        let initial = bytes[offset]
        offset += 1
        let major = initial >> 5
        let info = initial & 0x1F
        let width: Int
        switch info {
        case 0..<24: return (major, UInt64(info))
        case 24: width = 1
        case 25: width = 2
        case 26: width = 4
        case 27: width = 8
        default: throw .malformedPart("an indefinite or reserved length")
        }
        guard bytes.count - offset >= width else { throw .malformedPart("it ends early") }
        let argument = bytes[offset..<(offset + width)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        offset += width
        let minimum: UInt64 = switch width {
        case 1: 24
        case 2: 0x100
        case 4: 0x1_0000
        default: 0x1_0000_0000
        }
        guard argument >= minimum else { throw .malformedPart("a number not in its shortest encoding") }
        return (major, argument)
    }

    private static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8((value >> (UInt64($0) * 8)) & 0xFF) }
    }
}
