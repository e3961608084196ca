/// Calls `body` with a pointer to `bytes` that is never NULL, even for an empty array.
///
/// Some OpenSSL entry points reject a NULL pointer even with a zero length; Swift hands out NULL for empty arrays.
func withNonNullBytes<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    if bytes.isEmpty {
        var dummy: UInt8 = 0
        return withUnsafePointer(to: &dummy) { body($0, 0) }
    }
    return bytes.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
}
