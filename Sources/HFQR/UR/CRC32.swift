/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as BCR-2020-005 uses it for bytewords bodies and for the
/// whole message of a multi-part UR.
public enum CRC32 {
    /// The checksum of `bytes` (`CRC32.checksum(Array("Wolf".utf8)) == 0x598c84dc`).
    public static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum as 4 big-endian bytes.
    public static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
