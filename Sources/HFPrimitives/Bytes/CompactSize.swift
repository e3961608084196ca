/// Bitcoin's CompactSize variable-length integer ("VarInt" in BSV documents), little-endian.
///
/// | value                 | encoding              |
/// |-----------------------|-----------------------|
/// | `0 ... 0xfc`          | 1 byte: the value     |
/// | `0xfd ... 0xffff`     | `0xfd` ‖ UInt16 LE    |
/// | `0x10000 ... 0xffffffff` | `0xfe` ‖ UInt32 LE |
/// | larger                | `0xff` ‖ UInt64 LE    |
///
/// Encoders always produce the shortest form. Decode with `ByteReader.readCompactSize(max:)`, which rejects
/// non-minimal encodings.
public enum CompactSize {
    /// The shortest CompactSize encoding of `value`.
    ///
    /// - Parameter value: any unsigned 64-bit value.
    /// - Returns: 1, 3, 5 or 9 bytes, multi-byte values little-endian after the marker byte.
    public static func encode(_ value: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.appendCompactSize(value)
        return writer.bytes
    }

    /// The number of bytes `encode(value)` produces: 1, 3, 5 or 9.
    public static func encodedLength(of value: UInt64) -> Int {
        switch value {
        case 0..<0xfd: 1
        case 0xfd...0xffff: 3
        case 0x1_0000...0xffff_ffff: 5
        default: 9
        }
    }
}
