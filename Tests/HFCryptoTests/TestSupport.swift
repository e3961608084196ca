import HFTestSupport

/// Decodes test hex (trusted data; traps on malformed input). Independent of the code under test.
func hex(_ string: String) -> [UInt8] { TestHex.decode(string) }

/// Encodes bytes as lower-case hex for comparisons that read well in failure messages.
func hex(_ bytes: [UInt8]) -> String { TestHex.encode(bytes) }

/// The UTF-8 bytes of a string.
func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Well-known secp256k1 constants, written out from SEC 2 rather than taken from the code under test.
enum Curve {
    /// The group order n.
    static let n = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
    /// n − 1, the largest private key.
    static let nMinus1 = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140")
    /// n + 1.
    static let nPlus1 = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142")
    /// ⌊n/2⌋: the largest low-S value.
    static let halfN = hex("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0")
    /// The field prime p.
    static let p = hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
    /// G, compressed.
    static let gCompressed = hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
    /// G, uncompressed.
    static let gUncompressed = hex(
        "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
            + "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
    /// 2G, 3G, 6G and (n−1)G = −G, compressed.
    static let twoG = hex("02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5")
    static let threeG = hex("02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9")
    static let sixG = hex("03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556")
    static let minusG = hex("0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")

    /// The 32-byte big-endian encoding of a small scalar.
    static func scalar(_ value: UInt64) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<8 { out[31 - i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        return out
    }

    /// `n − k` for a small k (k ≥ 1).
    static func nMinus(_ k: UInt64) -> [UInt8] {
        var result = n
        var borrow = 0
        let sub = scalar(k)
        for i in stride(from: 31, through: 0, by: -1) {
            var digit = Int(result[i]) - Int(sub[i]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[i] = UInt8(digit)
        }
        return result
    }
}
