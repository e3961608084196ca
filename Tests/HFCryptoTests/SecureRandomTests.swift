import HFCrypto
import Testing

@Suite struct SecureRandomTests {
    static let lengths = [0, 1, 16, 32, 33, 64, 1000]

    @Test(arguments: lengths)
    func length(_ count: Int) {
        #expect(SecureRandom.bytes(count).count == count)
    }

    @Test func twoDrawsDiffer() {
        // A collision of two 32-byte draws has probability 2⁻²⁵⁶.
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
    }

    @Test func notAllZero() {
        #expect(SecureRandom.bytes(64).contains { $0 != 0 })
    }

    @Test func negativeCountTraps() async {
        await #expect(processExitsWith: .failure) { _ = SecureRandom.bytes(-1) }
    }
}
