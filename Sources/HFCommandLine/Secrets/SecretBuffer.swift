/// A growable byte buffer for secrets that never leaves an unzeroized copy behind when it grows or shrinks.
struct SecretBuffer {
    private var bytes: [UInt8]

    /// An empty buffer with room for `capacity` bytes before it has to grow.
    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(max(capacity, 16))
    }

    /// The number of bytes held.
    var count: Int { bytes.count }

    /// The last byte, if any.
    var last: UInt8? { bytes.last }

    /// Appends `more`; when the storage must grow, the old storage is zeroized before it is released.
    mutating func append(_ more: some Collection<UInt8>) {
        if bytes.count + more.count > bytes.capacity {
            var larger: [UInt8] = []
            larger.reserveCapacity(max(bytes.capacity * 2, bytes.count + more.count))
            larger.append(contentsOf: bytes)
            SecretInput.zeroize(&bytes)
            bytes = larger
        }
        bytes.append(contentsOf: more)
    }

    /// Removes the last byte, zeroing it first.
    mutating func removeLast() {
        guard !bytes.isEmpty else { return }
        bytes[bytes.count - 1] = 0
        bytes.removeLast()
    }

    /// Removes the last UTF-8 character (a lead byte and its continuation bytes), zeroing them.
    mutating func removeLastCharacter() {
        while let byte = bytes.last, byte & 0xC0 == 0x80 { removeLast() }
        removeLast()
    }

    /// Removes one trailing `\n` or `\r\n`, if present.
    mutating func trimOneNewline() {
        guard bytes.last == 0x0A else { return }
        removeLast()
        if bytes.last == 0x0D { removeLast() }
    }

    /// Zeroizes and empties the buffer.
    mutating func wipe() {
        SecretInput.zeroize(&bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands the bytes over to the caller, leaving the buffer empty.
    mutating func take() -> [UInt8] {
        let result = bytes
        bytes = []
        return result
    }
}
