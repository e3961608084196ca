import HFCrypto
import Testing

@Suite struct ZeroizationTests {
    @Test func zeroizesArray() {
        var secret: [UInt8] = Array(1...100)
        Zeroization.zeroize(&secret)
        #expect(secret.count == 100)
        #expect(secret.allSatisfy { $0 == 0 })
    }

    @Test func zeroizesEmptyArray() {
        var empty: [UInt8] = []
        Zeroization.zeroize(&empty)
        #expect(empty.isEmpty)
    }

    @Test func zeroizesRawBuffer() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 48, alignment: 8)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
        Zeroization.zeroize(buffer)
        #expect(buffer.allSatisfy { $0 == 0 })
        Zeroization.zeroize(UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }
}

@Suite struct ConstantTimeEqualTests {
    @Test func equal() {
        #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(constantTimeEqual(Curve.n, Curve.n.map { $0 }))
        #expect(constantTimeEqual([0], [0]))
    }

    @Test func different() {
        #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEqual([0x80, 2, 3], [0x00, 2, 3]))
    }

    @Test func differentLengths() {
        #expect(!constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(!constantTimeEqual([1, 2], [1, 2, 3]))
        #expect(!constantTimeEqual([], [0]))
    }

    @Test func empty() {
        #expect(constantTimeEqual([], []))
    }
}

@Suite struct SecureBytesTests {
    @Test func holdsBytesAndCount() {
        let secret = SecureBytes([9, 8, 7, 6])
        #expect(secret.count == 4)
        #expect(secret.bytes == [9, 8, 7, 6])
        let sum = secret.withUnsafeBytes { $0.reduce(0) { $0 + Int($1) } }
        #expect(sum == 30)
    }

    @Test func empty() {
        let secret = SecureBytes([])
        #expect(secret.count == 0)
        #expect(secret.bytes == [])
        #expect(secret.withUnsafeBytes { $0.count } == 0)
    }

    @Test func consumingZeroizesTheSource() {
        var source: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF]
        let secret = SecureBytes(consuming: &source)
        #expect(source == [0, 0, 0, 0])
        #expect(secret.bytes == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test func descriptionHidesContents() {
        let secret = SecureBytes(hex("deadbeefcafebabe"))
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret)] {
            #expect(text == "SecureBytes(8 bytes)")
            #expect(!text.lowercased().contains("deadbeef"))
        }
    }

    @Test func withUnsafeBytesRethrowsTypedErrors() {
        let secret = SecureBytes([1])
        #expect(throws: CryptoError.underlyingCryptoError) {
            try secret.withUnsafeBytes { (_) throws(CryptoError) -> Void in throw .underlyingCryptoError }
        }
    }
}
