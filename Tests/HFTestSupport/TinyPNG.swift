/// A small PNG written out by hand for the upload tests: one 8-bit grey pixel of value 0, 67 bytes.
///
/// Signature `89 50 4e 47 0d 0a 1a 0a`; `IHDR` (13 bytes: width 1, height 1, depth 8, colour type 0, compression 0,
/// filter 0, interlace 0, CRC `3a7e9b55`); `IDAT` (10 bytes: the zlib stream of the scanline `00 00`, CRC
/// `e527defc`); `IEND` (CRC `ae426082`).
public enum TinyPNG {
    /// The file's bytes.
    public static let bytes: [UInt8] = hexBytes(
        "89504e470d0a1a0a" + "0000000d49484452" + "00000001000000010800000000" + "3a7e9b55"
            + "0000000a49444154" + "78da6360000000020001" + "e527defc" + "0000000049454e44" + "ae426082")

    private static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
