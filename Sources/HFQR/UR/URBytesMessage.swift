/// The message of a UR of type `bytes`: one CBOR byte string.
public enum URBytesMessage {
    /// The CBOR byte string holding `bytes`.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] { CBORHead.encode(major: 2, UInt64(bytes.count)) + bytes }

    /// The bytes of a CBOR byte string (shortest length, nothing after it).
    /// - Throws: `URError.malformedMessage`.
    public static func unwrap(_ message: [UInt8]) throws(URError) -> [UInt8] {
        var offset = 0
        let head: (major: UInt8, argument: UInt64)
        do {
            head = try CBORHead.read(message, at: &offset)
        } catch {
            throw .malformedMessage("\(error)")
        }
        guard head.major == 2 else { throw .malformedMessage("it is not a byte string") }
        guard head.argument == UInt64(message.count - offset) else {
            throw .malformedMessage("its length is not the message's")
        }
        return Array(message[offset...])
    }
}
