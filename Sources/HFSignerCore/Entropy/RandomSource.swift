import HFSystem

/// Where the signer's random bytes come from: the kernel's `getrandom(2)`, or — only in tests, through this internal
/// type — a substitute that feeds the health tests constant, biased or repeating bytes. No option or environment
/// value reaches it.
struct RandomSource: Sendable {
    /// What the source is, as the `getrandom` test judges it.
    enum Origin: Sendable, Equatable {
        /// The kernel's generator, read with `getrandom(2)`.
        case kernel
        /// Anything else (tests only); the name says what.
        case substitute(String)
    }

    /// What the source is.
    let origin: Origin
    /// `count` fresh bytes, or the failure of the call.
    let draw: @Sendable (Int) throws(Errno) -> [UInt8]
    /// The kernel check: how many bytes a non-blocking request gave (a substitute need not answer).
    let probe: @Sendable () throws(Errno) -> Int

    /// The kernel's generator (``HFSystem/KernelRandom``).
    static let kernel = RandomSource(
        origin: .kernel,
        draw: { (count: Int) throws(Errno) -> [UInt8] in try KernelRandom.bytes(count) },
        probe: { () throws(Errno) -> Int in try KernelRandom.probe(count: GeneratorSelfTest.probeBytes) })

    /// A substitute named `name` whose bytes come from `draw` (tests).
    static func substitute(_ name: String, draw: @escaping @Sendable (Int) -> [UInt8]) -> RandomSource {
        RandomSource(
            origin: .substitute(name), draw: { (count: Int) throws(Errno) -> [UInt8] in draw(count) },
            probe: { () throws(Errno) -> Int in 0 })
    }
}
