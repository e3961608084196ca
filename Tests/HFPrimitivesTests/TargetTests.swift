import HFPrimitives
import HFTestSupport
import Testing

/// A 256-bit value from hex (test data is trusted).
private func u(_ hex: String) -> UInt256 {
    try! UInt256(hex: hex)
}

@Suite struct TargetTests {
    /// Bitcoin Core `arith_uint256_tests.cpp` (`bignum_SetCompact`): decoded targets and re-encoded compact forms.
    @Test func bitcoinCoreSetCompactVectors() throws {
        let valid: [(bits: UInt32, target: String, normalized: UInt32)] = [
            (0x0112_3456, "12", 0x0112_0000),
            (0x0212_3456, "1234", 0x0212_3400),
            (0x0312_3456, "123456", 0x0312_3456),
            (0x0412_3456, "12345600", 0x0412_3456),
            (0x0500_9234, "92340000", 0x0500_9234),
            (0x2012_3456, "1234560000000000000000000000000000000000000000000000000000000000", 0x2012_3456),
            (0x1d00_ffff, "ffff0000000000000000000000000000000000000000000000000000", 0x1d00_ffff),
            (0x2100_ffff, "ffff000000000000000000000000000000000000000000000000000000000000", 0x2100_ffff),
            (0x2200_00ff, "ff00000000000000000000000000000000000000000000000000000000000000", 0x2100_ff00),
        ]
        for (bits, target, normalized) in valid {
            let compact = CompactTarget(bits: bits)
            #expect(try compact.target == u(target), "\(compact)")
            #expect(CompactTarget(target: u(target)).bits == normalized, "\(compact)")
        }
        // Zero targets: a zero mantissa, or one shifted out by a small exponent (the sign bit then does not count).
        for bits: UInt32 in [
            0, 0x0012_3456, 0x0100_3456, 0x0200_0056, 0x0300_0000, 0x0400_0000, 0x0092_3456,
            0x0180_3456, 0x0280_0056, 0x0380_0000, 0x0480_0000, 0xff00_0000,
        ] {
            #expect(throws: CompactTargetError.zero, "\(CompactTarget(bits: bits))") {
                try CompactTarget(bits: bits).target
            }
        }
        // Negative: sign bit with a non-zero (shifted) mantissa.
        for bits: UInt32 in [0x01fe_dcba, 0x0492_3456, 0x1d80_ffff, 0x2080_0001] {
            #expect(throws: CompactTargetError.negative, "\(CompactTarget(bits: bits))") {
                try CompactTarget(bits: bits).target
            }
        }
        // Overflow: more than 256 bits.
        for bits: UInt32 in [0xff12_3456, 0x2301_0000, 0x2200_0100, 0x2101_0000, 0x217f_ffff, 0x2200_ffff] {
            #expect(throws: CompactTargetError.overflow, "\(CompactTarget(bits: bits))") {
                try CompactTarget(bits: bits).target
            }
        }
    }

    /// `GetCompact` never sets the sign bit and keeps the mantissa's top bit clear.
    @Test func encodingNormalizes() throws {
        #expect(CompactTarget(target: 0x80).bits == 0x0200_8000)
        #expect(CompactTarget(target: 0x12).bits == 0x0112_0000)
        #expect(CompactTarget(target: .zero).bits == 0)
        #expect(CompactTarget(target: .max).bits == 0x2100_ffff)
        // Precision below the mantissa is truncated.
        #expect(CompactTarget(target: u("123456789")).bits == 0x0501_2345)
        // Non-normalized bits decode to the same target as their normalized form.
        #expect(try CompactTarget(bits: 0x0400_1234).target == CompactTarget(bits: 0x0312_3400).target)
        #expect(CompactTarget(target: try CompactTarget(bits: 0x0400_1234).target).bits == 0x0312_3400)
        #expect(CompactTarget(bits: 0x1d00_ffff).description == "1d00ffff")
        #expect(CompactTarget(bits: 0x0100_0000).description == "01000000")
    }

    /// Round trip bits → target → bits over many normalized values.
    @Test func roundTrip() throws {
        var checked = 0
        for exponent in UInt32(1)...32 {
            for mantissa: UInt32 in [0x01_0000, 0x12_3456, 0x7f_ffff, 0x00_ffff, 0x00_8000] {
                let bits = exponent << 24 | mantissa
                guard let target = try? CompactTarget(bits: bits).target else { continue }
                let again = CompactTarget(target: target)
                #expect(try again.target == target, "\(CompactTarget(bits: bits))")
                checked += 1
            }
        }
        #expect(checked > 120)
    }

    /// Per-block work, against Python's `2**256 // (target + 1)`.
    @Test func workKnownAnswers() throws {
        let cases: [(UInt32, String)] = [
            (0x1d00_ffff, "100010001"),
            (0x1d00_d86a, "12ed3afd2"),
            (0x1812_946d, "dc74617352fecc314"),
            (0x180e_2737, "12167a52ef443a87c4"),
            (0x1903_a30c, "4663bb9efdacfcf2"),
            (0x207f_ffff, "2"),
            (0x2200_00ff, "1"),
            (0x0312_3456, "e0fff97690309e2f96677e115e465ed2d49ebff2a34c636177dcdb14856"),
            (0x0101_0000, "8000000000000000000000000000000000000000000000000000000000000000"),
        ]
        for (bits, work) in cases {
            #expect(try CompactTarget(bits: bits).work == u(work), "\(CompactTarget(bits: bits))")
        }
        #expect(CompactTarget.work(target: .max) == .one)
        #expect(CompactTarget.work(target: .one) == UInt256.one << 255)
        #expect(throws: CompactTargetError.negative) { try CompactTarget(bits: 0x1d80_ffff).work }
    }

    @Test func workOfZeroTargetTraps() async {
        await #expect(processExitsWith: .failure) { _ = CompactTarget.work(target: .zero) }
    }

    @Test func networkLimits() throws {
        #expect(CompactTarget(target: Network.main.proofOfWorkLimit).bits == 0x1d00_ffff)
        #expect(try CompactTarget(bits: 0x1d00_ffff).target <= Network.main.proofOfWorkLimit)
        #expect(Network.test.proofOfWorkLimit == Network.main.proofOfWorkLimit)
        #expect(Network.main.proofOfWorkLimit == UInt256.max >> 32)
        #expect(Network.regtest.proofOfWorkLimit == UInt256.max >> 1)
        #expect(CompactTarget(target: Network.regtest.proofOfWorkLimit).bits == 0x207f_ffff)
        #expect(try CompactTarget(bits: 0x207f_ffff).target <= Network.regtest.proofOfWorkLimit)
        #expect(try CompactTarget(bits: 0x1d01_0000).target > Network.main.proofOfWorkLimit)
    }

    @Test func errorDescriptions() {
        #expect(CompactTargetError.negative.description.contains("sign bit"))
        #expect(CompactTargetError.overflow.description.contains("256 bits"))
        #expect(CompactTargetError.zero.description.contains("zero"))
    }
}
