import HFPrimitives
import HFTestSupport
import Testing

/// A 256-bit value from 64 hex digits (test data is trusted).
private func u(_ hex: String) -> UInt256 {
    try! UInt256(hex: hex)
}

/// A small deterministic generator (SplitMix64) for property checks.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A value with a random number of significant bits (0…256), so that all limb sizes occur.
    mutating func value() -> UInt256 {
        let full = UInt256(words: [next(), next(), next(), next()])
        return full >> Int(next() % 257)
    }
}

@Suite struct UInt256Tests {
    /// Every Python-computed answer: sum, difference, product (with overflow flags), quotient, remainder, shifts.
    @Test func knownAnswers() throws {
        let blocks = uint256KnownAnswers.split(separator: "\n\n")
        #expect(blocks.count == 26)
        for block in blocks {
            var fields: [String: [String]] = [:]
            for line in block.split(separator: "\n") {
                let parts = line.split(separator: " ").map(String.init)
                fields[parts[0]] = Array(parts.dropFirst())
            }
            let a = u(try #require(fields["a"]?[0]))
            let b = u(try #require(fields["b"]?[0]))
            let sum = try #require(fields["sum"])
            let difference = try #require(fields["difference"])
            let product = try #require(fields["product"])
            #expect(a.addingReportingOverflow(b) == (u(sum[0]), sum[1] == "1"), "\(a) + \(b)")
            #expect(a &+ b == u(sum[0]))
            #expect(a.subtractingReportingOverflow(b) == (u(difference[0]), difference[1] == "1"), "\(a) - \(b)")
            #expect(a &- b == u(difference[0]))
            #expect(a.multipliedReportingOverflow(by: b) == (u(product[0]), product[1] == "1"), "\(a) * \(b)")
            #expect(a &* b == u(product[0]))
            if sum[1] == "0" { #expect(a + b == u(sum[0])) }
            if difference[1] == "0" { #expect(a - b == u(difference[0])) }
            if product[1] == "0" { #expect(a * b == u(product[0])) }
            if let quotient = fields["quotient"]?[0], let remainder = fields["remainder"]?[0] {
                #expect(a / b == u(quotient), "\(a) / \(b)")
                #expect(a % b == u(remainder), "\(a) % \(b)")
            } else {
                #expect(b.isZero)
            }
            let shiftText = try #require(fields["shift"]?[0])
            let shift = try #require(Int(shiftText))
            let left = try #require(fields["left"]?[0])
            let right = try #require(fields["right"]?[0])
            #expect(a << shift == u(left), "\(a) << \(shift)")
            #expect(a >> shift == u(right), "\(a) >> \(shift)")
        }
    }

    /// Decimal rendering, against Python's `str(int)`.
    @Test func decimalString() {
        let cases: [(String, String)] = [
            ("0", "0"),
            ("1", "1"),
            ("8ac7230489e80000", "10000000000000000000"),
            ("8ac7230489e7ffff", "9999999999999999999"),
            ("10000000000000000", "18446744073709551616"),
            ("16354f6e546cea378de0e02", "429569899167916024326393346"),
            ("27e41b3246bec9b16e398115", "12345678901234567890123456789"),
            (
                String(repeating: "f", count: 64),
                "115792089237316195423570985008687907853269984665640564039457584007913129639935"
            ),
        ]
        for (hex, decimal) in cases {
            #expect(u(hex).decimalString == decimal)
        }
    }

    /// Division by a 64-bit divisor, against Python's `divmod`.
    @Test func divisionByUInt64() {
        let cases: [(String, UInt64, String, UInt64)] = [
            (
                "0000000000000000000b701b150975d426f093d17a3e2d72952a4bc4f3bd4f41", 5_444_516_500_504_434_799,
                "000000000000000000000000000000000026c0cf90e48da219d9544f1062b90d", 1_412_913_619_518_036_638
            ),
            (
                "00000000000000002f1d309193e82ba829c3e2e03001d19a2a5a4e1d99feee8f", 3_958_982_919,
                "000000000000000000000000331cc75968ea67d0963075e11198d65b141c3a35", 3_155_376_668
            ),
            (
                "3e0c3d9697510fbc40c341ef301802427dcff2ed60f31727e14ecbad6af1bfc4", 7,
                "08dd2d5ea7e7023f76f7528fe24c929bc8d4906b0dd99597fb9d8acfa1903ff7", 3
            ),
            ("6e14a81093831ebc", 23, "4c93ef5971bf634", 16),
        ]
        for (a, divisor, quotient, remainder) in cases {
            let result = u(a).quotientAndRemainder(dividingBy: divisor)
            #expect(result.quotient == u(quotient))
            #expect(result.remainder == remainder)
            #expect(u(a).divided(by: divisor) == u(quotient))
            #expect(u(a) / UInt256(divisor) == u(quotient))
            #expect(u(a) % UInt256(divisor) == UInt256(remainder))
        }
    }

    /// Algebraic identities over many random values of every size.
    @Test func properties() throws {
        var random = SplitMix64(state: 42)
        for _ in 0..<2000 {
            let a = random.value()
            let b = random.value()
            // Division: a = q·b + r with r < b.
            if !b.isZero {
                let (q, r) = a.quotientAndRemainder(dividingBy: b)
                #expect(r < b)
                let (qb, overflow) = q.multipliedReportingOverflow(by: b)
                #expect(!overflow)
                #expect(qb + r == a)
            }
            // Addition and subtraction undo each other, modulo 2²⁵⁶.
            #expect((a &+ b) &- b == a)
            #expect(a.addingReportingOverflow(b).overflow == (b > UInt256.max - a))
            #expect(a.subtractingReportingOverflow(b).overflow == (a < b))
            // Multiplication commutes; by a 64-bit factor agrees with the full form.
            #expect(a &* b == b &* a)
            let factor = random.next() >> (random.next() % 64)
            #expect(a.multipliedReportingOverflow(by: factor) == a.multipliedReportingOverflow(by: UInt256(factor)))
            // Shifts are multiplication and division by powers of two.
            let shift = Int(random.next() % 256)
            #expect(a << shift == a &* (UInt256.one << shift))
            #expect(a >> shift == a / (UInt256.one << shift))
            #expect((a >> shift) << shift == a & ~((UInt256.one << shift) &- .one))
            // Order agrees with subtraction.
            #expect((a < b) == a.subtractingReportingOverflow(b).overflow)
            // Byte and text forms round trip.
            #expect(try UInt256(littleEndianBytes: a.littleEndianBytes) == a)
            #expect(try UInt256(bigEndianBytes: a.bigEndianBytes) == a)
            #expect(try UInt256(hex: a.hex) == a)
            #expect(a.bitLength + a.leadingZeroBitCount == 256)
        }
    }

    @Test func byteOrderAndBits() throws {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes[0] = 0x01
        bytes[31] = 0x80
        let value = try UInt256(littleEndianBytes: bytes)
        #expect(value == (UInt256.one << 255) | .one)
        #expect(value.words == [1, 0, 0, 0x8000_0000_0000_0000])
        #expect(try UInt256(bigEndianBytes: bytes) == (UInt256.one << 248) | UInt256(0x80))
        #expect(value.hex == "80" + String(repeating: "0", count: 60) + "01")
        #expect(value.description == value.hex)
        #expect(value.leadingZeroBitCount == 0)
        #expect(value.trailingZeroBitCount == 0)
        #expect(UInt256.zero.leadingZeroBitCount == 256)
        #expect(UInt256.zero.trailingZeroBitCount == 256)
        #expect(UInt256.zero.bitLength == 0)
        #expect((UInt256.one << 200).trailingZeroBitCount == 200)
        #expect((UInt256.one << 200).bitLength == 201)
        #expect(UInt256.max.bitLength == 256)
        #expect(UInt256.bitWidth == 256)
        #expect(~UInt256.zero == .max)
        #expect(UInt256(0xf0) ^ UInt256(0xff) == UInt256(0x0f))
        #expect(!(UInt256.max < UInt256.max))
        #expect(UInt256(words: [0, 0, 0, 1]) > UInt256(words: [.max, .max, .max, 0]))
    }

    @Test func smartShifts() {
        let value = UInt256(0x1234)
        #expect(value << -4 == UInt256(0x123))
        #expect(value >> -4 == UInt256(0x12340))
        #expect(value << 256 == .zero)
        #expect(UInt256.max >> 256 == .zero)
        #expect(value << Int.max == .zero)
        #expect(value >> Int.min == .zero)
        #expect(UInt256.max >> 255 == .one)
        #expect((UInt256.one << 64) == UInt256(words: [0, 1, 0, 0]))
        var shifted = value
        shifted <<= 8
        shifted >>= 4
        #expect(shifted == UInt256(0x12340))
    }

    @Test func hexText() throws {
        #expect(try UInt256(hex: "f") == UInt256(15))
        #expect(try UInt256(hex: "16354F6E546CEA378DE0E02") == u("16354f6e546cea378de0e02"))
        #expect(try UInt256(hex: String(repeating: "0", count: 63) + "1") == .one)
        #expect(throws: UInt256Error.invalidHexLength(0)) { try UInt256(hex: "") }
        #expect(throws: UInt256Error.invalidHexLength(65)) { try UInt256(hex: String(repeating: "0", count: 65)) }
        #expect(throws: UInt256Error.invalidHexCharacter(offset: 2)) { try UInt256(hex: "12g4") }
        #expect(throws: UInt256Error.invalidHexCharacter(offset: 1)) { try UInt256(hex: "0x12") }
        #expect(throws: UInt256Error.wrongLength(31)) {
            try UInt256(littleEndianBytes: [UInt8](repeating: 0, count: 31))
        }
        #expect(throws: UInt256Error.wrongLength(33)) { try UInt256(bigEndianBytes: [UInt8](repeating: 0, count: 33)) }
        #expect(UInt256Error.wrongLength(31).description == "a 256-bit integer is 32 bytes, not 31")
    }

    @Test func compoundAssignment() {
        var value: UInt256 = 100
        value += 50
        value -= 30
        value *= 3
        #expect(value == 360)
        value /= 7
        #expect(value == 51)
        value %= 10
        #expect(value == 1)
        #expect(UInt256(1000).multiplied(by: 1000) == 1_000_000)
    }

    @Test func overflowTraps() async {
        await #expect(processExitsWith: .failure) { _ = UInt256.max + .one }
        await #expect(processExitsWith: .failure) { _ = UInt256.zero - .one }
        await #expect(processExitsWith: .failure) { _ = (UInt256.one << 128) * (UInt256.one << 128) }
        await #expect(processExitsWith: .failure) { _ = UInt256.one / .zero }
    }
}
