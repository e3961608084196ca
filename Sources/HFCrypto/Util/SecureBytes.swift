/// A heap buffer for secret bytes that is zeroized when the last reference goes away.
///
/// Seeds, private keys, passphrases and derived symmetric keys live here. `SecureBytes` is a reference type so
/// that the bytes exist once in memory; copies of the handle share the same storage. Reading the bytes out into an
/// `Array` makes a copy that is *not* zeroized automatically: prefer `withUnsafeBytes`. `@unchecked Sendable`
/// because the storage is written only in `init` and `deinit`.
public final class SecureBytes: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer

    /// Copies `bytes` into new secure storage. The caller should zeroize its own copy.
    public convenience init(_ bytes: [UInt8]) {
        self.init(copying: bytes[...])
    }

    /// Copies the bytes of `slice` straight into new secure storage, with no intermediate array (for the part of
    /// a larger secret, such as the chain code half of an HMAC-SHA512). The caller zeroizes the whole.
    public init(copying slice: ArraySlice<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(slice.count, 1), alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        slice.withUnsafeBytes { buffer.copyMemory(from: $0) }
        storage = buffer
        count = slice.count
    }

    /// Takes `bytes`, copying it into secure storage and zeroizing the original.
    public convenience init(consuming bytes: inout [UInt8]) {
        self.init(bytes)
        Zeroization.zeroize(&bytes)
    }

    deinit {
        Zeroization.zeroize(storage)
        storage.deallocate()
    }

    /// The number of secret bytes.
    public let count: Int

    /// Calls `body` with the secret bytes; do not let the pointer escape.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage[0..<count]))
    }

    /// A copy of the secret bytes as an array. The caller owns the copy and should zeroize it.
    public var bytes: [UInt8] { withUnsafeBytes { [UInt8]($0) } }
}

extension SecureBytes: CustomStringConvertible {
    /// Never reveals the contents.
    public var description: String { "SecureBytes(\(count) bytes)" }
}
