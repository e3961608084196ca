import Foundation
import HFCrypto
import HFSystem
@testable import HFSignerCore
import HFTestSupport
import HFWallet
import Testing

/// The generator health tests (issue 32) on substitute sources fed through the internal seam (`RandomSource`): each
/// test fails on the source it is there for and passes on the kernel's real `getrandom(2)` output.
@Suite struct GeneratorSelfTestTests {
    /// A deterministic stream that looks random (SplitMix64), so every outcome below is reproducible.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt8 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
        mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in next() } }
    }

    /// A value shared by a source's calls (the sources are `@Sendable` closures).
    final class Shared<Value>: @unchecked Sendable {
        private var value: Value
        private let lock = NSLock()
        init(_ value: Value) { self.value = value }
        func withLock<R>(_ body: (inout Value) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    /// A stand-in that claims to be the kernel's generator (as a broken kernel or a tampered build would), so that
    /// the statistical tests, not the origin check, are what must catch it.
    static func brokenKernel(_ draw: @escaping @Sendable (Int) -> [UInt8]) -> RandomSource {
        RandomSource(
            origin: .kernel, draw: { (count: Int) throws(Errno) -> [UInt8] in draw(count) },
            probe: { () throws(Errno) -> Int in GeneratorSelfTest.probeBytes })
    }

    /// Every byte the same.
    static let constant = brokenKernel { [UInt8](repeating: 0x5A, count: $0) }

    /// Random-looking bytes with every other byte zero, starting with one: no long runs, but a window's first byte
    /// (zero) fills half of it.
    static let biased: RandomSource = {
        let stream = Shared(SplitMix(state: 1))
        return brokenKernel { count in
            stream.withLock { generator in (0..<count).map { $0 % 2 == 0 ? 0 : generator.next() } }
        }
    }()

    /// Replays the same random-looking stream from its start on every call (a generator reseeded identically).
    static let repeating = brokenKernel { count in
        var generator = SplitMix(state: 7)
        return generator.bytes(count)
    }

    /// A random-looking stream that continues from call to call.
    static let good: RandomSource = {
        let stream = Shared(SplitMix(state: 42))
        return brokenKernel { count in stream.withLock { $0.bytes(count) } }
    }()

    func result(_ report: GeneratorReport, _ test: GeneratorTest) -> GeneratorTestResult? {
        report.results.first { $0.test == test }
    }

    @Test func theRealGeneratorPassesEveryTest() {
        let report = GeneratorSelfTest.run()
        #expect(report.passed, "\(report.results.map(\.detail))")
        #expect(report.results.map(\.test) == GeneratorTest.allCases)
        #expect(result(report, .repetitionCount)?.samples == GeneratorSelfTest.sampleBytes)
        #expect(result(report, .repetitionCount)?.cutoff == 6)
        #expect(result(report, .adaptiveProportion)?.cutoff == 19)
        #expect(result(report, .getrandom)?.detail.contains("getrandom(2)") == true)
        #expect(throws: Never.self) { try KeyEntropy.checked() }
    }

    @Test func aConstantSourceFailsRepetitionProportionAndDraws() {
        let report = GeneratorSelfTest.run(source: Self.constant)
        #expect(!report.passed)
        #expect(result(report, .getrandom)?.passed == true)
        #expect(result(report, .repetitionCount)?.passed == false)
        #expect(result(report, .repetitionCount)?.observed == GeneratorSelfTest.sampleBytes)
        #expect(result(report, .adaptiveProportion)?.passed == false)
        #expect(result(report, .adaptiveProportion)?.observed == 512)
        #expect(result(report, .drawsDiffer)?.passed == false)
        #expect(report.firstFailure?.test == .repetitionCount)
    }

    @Test func aBiasedSourceFailsTheAdaptiveProportionTestAlone() {
        let report = GeneratorSelfTest.run(source: Self.biased)
        #expect(result(report, .repetitionCount)?.passed == true, "\(result(report, .repetitionCount)?.detail ?? "")")
        #expect(result(report, .adaptiveProportion)?.passed == false)
        #expect((result(report, .adaptiveProportion)?.observed ?? 0) >= 256)
        #expect(result(report, .drawsDiffer)?.passed == true)
        #expect(report.firstFailure?.test == .adaptiveProportion)
    }

    @Test func aRepeatingSourceFailsTheDrawsDifferTestAlone() {
        let report = GeneratorSelfTest.run(source: Self.repeating)
        #expect(result(report, .repetitionCount)?.passed == true)
        #expect(result(report, .adaptiveProportion)?.passed == true)
        #expect(result(report, .drawsDiffer)?.passed == false)
        #expect(result(report, .drawsDiffer)?.detail == "two 32-byte draws were identical")
        #expect(report.firstFailure?.test == .drawsDiffer)
    }

    @Test func aGoodSubstitutePassesTheStatisticsButNotTheKernelCheck() {
        let claimingKernel = GeneratorSelfTest.run(source: Self.good)
        #expect(claimingKernel.passed)
        let honest = GeneratorSelfTest.run(
            source: .substitute("a seeded test stream") { count in
                var generator = SplitMix(state: UInt64(count))
                return generator.bytes(count)
            })
        #expect(result(honest, .getrandom)?.passed == false)
        #expect(result(honest, .getrandom)?.detail == "the source is not the kernel's getrandom(2) but a seeded test stream")
        #expect(honest.firstFailure?.test == .getrandom)
    }

    @Test func aKernelWhoseGeneratorIsNotReadyOrAbsentFailsTheGetrandomTest() {
        for (code, words) in [(Errno.wouldBlock, "not initialised"), (Errno.notImplemented, "getrandom")] {
            let source = RandomSource(
                origin: .kernel, draw: { (count: Int) throws(Errno) -> [UInt8] in try KernelRandom.bytes(count) },
                probe: { () throws(Errno) -> Int in throw Errno(code: code, call: .getrandom) })
            let report = GeneratorSelfTest.run(source: source)
            #expect(report.firstFailure?.test == .getrandom)
            #expect(report.firstFailure?.detail.contains(words) == true, "\(report.firstFailure?.detail ?? "")")
        }
    }

    @Test func aFailedReadFailsTheStatisticalTests() {
        let source = RandomSource(
            origin: .kernel, draw: { (_: Int) throws(Errno) -> [UInt8] in throw Errno(code: Errno.ioFailure, call: .getrandom) },
            probe: { () throws(Errno) -> Int in GeneratorSelfTest.probeBytes })
        let report = GeneratorSelfTest.run(source: source)
        #expect(result(report, .repetitionCount)?.passed == false)
        #expect(result(report, .adaptiveProportion)?.passed == false)
        #expect(result(report, .drawsDiffer)?.passed == false)
    }

    @Test func keyEntropyRefusesWithExit70NamingTheTest() {
        for (source, name) in [(Self.constant, "repetition-count"), (Self.biased, "adaptive-proportion"),
                               (Self.repeating, "draws-differ")] {
            do {
                _ = try KeyEntropy.checked(source: source)
                Issue.record("\(name): a failing generator was accepted")
            } catch {
                #expect(error.exitStatus.rawValue == 70)
                #expect(error.code == "generatorSelfTest")
                #expect(error.description.contains("'\(name)'"), "\(error.description)")
                #expect(error.description.contains("nothing was generated"))
            }
        }
    }

    @Test func keysComeFromTheTestedSourceAndAreCheckedAgain() throws {
        // The key bytes are the source's own next bytes (no other generator mixed in).
        let entropy = try KeyEntropy.checked(source: Self.repeatingAfterTests())
        let phrase = try entropy.mnemonic(.twelveWords)
        #expect(phrase.entropy == [UInt8](repeating: 0, count: 4) + [UInt8](1...12))
        // A draw for a key with a run of 6 equal bytes is refused (the tests passed on earlier output).
        #expect(throws: SignerError.self) { try entropy.secretBytes(16) }
    }

    /// Good bytes for the health tests (the first 65,536 + 64), then a fixed key draw, then a stuck generator.
    static func repeatingAfterTests() -> RandomSource {
        let calls = Shared(0)
        let good = Shared(SplitMix(state: 99))
        return brokenKernel { count in
            let call = calls.withLock { value in
                value += 1
                return value
            }
            switch call {
            case 1...3: return good.withLock { $0.bytes(count) }
            case 4: return [0, 0, 0, 0] + [UInt8](1...12)
            default: return [UInt8](repeating: 3, count: count)
            }
        }
    }
}
