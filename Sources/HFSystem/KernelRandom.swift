/// The kernel's random generator, read with the `getrandom(2)` system call (no file, no library generator between).
///
/// The signer draws key material from here after its health tests passed on fresh output of the same call
/// (`docs/decisions/0019-generator-health-tests.md`).
public enum KernelRandom {
    /// `count` bytes from `getrandom(2)` (flags 0: waits, once after boot, until the kernel's pool is initialised).
    /// A short read (a signal during a large request) is continued; `EINTR` is retried. Secret: zeroize the copy.
    ///
    /// - Throws: `Errno` (call `getrandom`): `ENOSYS` on a kernel without the call, anything else it reports.
    public static func bytes(_ count: Int) throws(Errno) -> [UInt8] {
        precondition(count >= 0, "KernelRandom: negative count")
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = buffer.withUnsafeMutableBytes { raw in
                valueOrErrno { system_getrandom(raw.baseAddress! + filled, count - filled, nonBlocking: false) }
            }
            switch result {
            case .success(let written): filled += written
            case .failure(let value):
                zeroizeArray(&buffer)
                throw Errno(code: value.code, call: .getrandom)
            }
        }
        return buffer
    }

    /// Whether the kernel's generator is there and initialised: one `getrandom(2)` of `count` bytes with
    /// `GRND_NONBLOCK`, which fails with `EAGAIN` before the pool is initialised and `ENOSYS` without the call.
    ///
    /// - Returns: the number of bytes the call gave (the whole `count` for up to 256 bytes once initialised).
    /// - Throws: `Errno` (call `getrandom`).
    public static func probe(count: Int = 32) throws(Errno) -> Int {
        var buffer = [UInt8](repeating: 0, count: count)
        defer { zeroizeArray(&buffer) }
        let result = buffer.withUnsafeMutableBytes { raw in
            valueOrErrno { system_getrandom(raw.baseAddress, count, nonBlocking: true) }
        }
        switch result {
        case .success(let written): return written
        case .failure(let value): throw Errno(code: value.code, call: .getrandom)
        }
    }

    /// Overwrites `bytes` with zeros (`explicit_bzero`, which the optimiser keeps).
    private static func zeroizeArray(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            system_explicitBzero(base, raw.count)
        }
    }
}
