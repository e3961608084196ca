/// Overwriting memory that held a secret, in a way the compiler may not remove (`explicit_bzero`).
public enum MemoryWipe {
    /// Sets every byte of `buffer` to zero.
    public static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        system_explicitBzero(base, buffer.count)
    }
}
