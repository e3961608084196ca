import HFCrypto
import Testing

@Suite struct ScalarTests {
    @Test func orderConstant() {
        #expect(Scalar.order == Curve.n)
    }

    static let reductions: [(name: String, value: [UInt8], reduced: [UInt8])] = [
        ("0", Curve.scalar(0), Curve.scalar(0)),
        ("1", Curve.scalar(1), Curve.scalar(1)),
        ("n − 1", Curve.nMinus1, Curve.nMinus1),
        ("n", Curve.n, Curve.scalar(0)),
        ("n + 1", Curve.nPlus1, Curve.scalar(1)),
        ("2^256 − 1", [UInt8](repeating: 0xff, count: 32),
         hex("000000000000000000000000000000014551231950b75fc4402da1732fc9bebe")),
        ("half n", Curve.halfN, Curve.halfN),
    ]

    @Test(arguments: reductions)
    func reducedModOrder(_ vector: (name: String, value: [UInt8], reduced: [UInt8])) {
        #expect(hex(Scalar.reducedModOrder(vector.value)) == hex(vector.reduced))
    }

    static let belowOrder: [(value: [UInt8], below: Bool)] = [
        (Curve.scalar(0), true),
        (Curve.scalar(1), true),
        (Curve.nMinus1, true),
        (Curve.n, false),
        (Curve.nPlus1, false),
        ([UInt8](repeating: 0xff, count: 32), false),
        // Differs from n only in an early byte.
        (hex("fffffffffffffffffffffffffffffffdffffffffffffffffffffffffffffffff"), true),
        (hex("ffffffffffffffffffffffffffffffff00000000000000000000000000000000"), false),
    ]

    @Test(arguments: belowOrder)
    func isBelowOrder(_ vector: (value: [UInt8], below: Bool)) {
        #expect(Scalar.isBelowOrder(vector.value) == vector.below)
    }

    @Test func wrongSizeTraps() async {
        await #expect(processExitsWith: .failure) { _ = Scalar.isBelowOrder([1, 2, 3]) }
    }
}
