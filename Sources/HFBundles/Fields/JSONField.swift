import HFCrypto
import HFPrimitives

/// One value in a bundle together with its path, with typed conversions that report faults uniformly.
///
/// Every conversion throws `BundleError` naming `path`: `.wrongType` when the JSON kind is not the one wanted, and
/// the specific case (`.outOfRange`, `.malformedHex`, `.wrongLength`, `.overLimit`, …) when the value is of the right
/// kind but not acceptable.
struct JSONField {
    /// The value.
    let value: JSONValue
    /// Where it is.
    let path: FieldPath

    /// The value as an object reader.
    func object() throws(BundleError) -> JSONObjectReader {
        guard case .object(let members) = value else { throw wrongType(.object) }
        return JSONObjectReader(members: members, path: path)
    }

    /// The elements of an array, each with its indexed path.
    /// - Parameter count: the allowed number of elements; outside it is `.countOutOfRange`.
    func array(count: ClosedRange<Int>) throws(BundleError) -> [JSONField] {
        guard case .array(let elements) = value else { throw wrongType(.array) }
        guard count.contains(elements.count) else {
            throw .countOutOfRange(path: path.text, count: elements.count, allowed: count)
        }
        return elements.enumerated().map { JSONField(value: $1, path: path.appending(index: $0)) }
    }

    /// The value as a string.
    func string() throws(BundleError) -> String {
        guard case .string(let text) = value else { throw wrongType(.string) }
        return text
    }

    /// The value as a boolean.
    func bool() throws(BundleError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType(.boolean) }
        return flag
    }

    /// The value as an integer within `range` (whose bounds must fit in `Int64`).
    func integer<T: FixedWidthInteger>(in range: ClosedRange<T>) throws(BundleError) -> T {
        guard case .number(let number) = value else { throw wrongType(.integer) }
        let allowed = Int64(range.lowerBound)...Int64(range.upperBound)
        guard let wide = number.int64Value, allowed.contains(wide) else {
            throw .outOfRange(path: path.text, allowed: allowed)
        }
        return T(wide)
    }

    /// A string that must be one of a closed set of names, such as `"full80"` or `"noPrev48"`.
    func oneOf<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(BundleError) -> Choice
    where Choice.RawValue == String {
        let text = try string()
        guard let choice = Choice(rawValue: text) else {
            throw .invalidValue(path: path.text, allowed: Choice.allCases.map(\.rawValue))
        }
        return choice
    }

    /// Text of 1…`maxBytes` UTF-8 bytes (or 0… when `allowEmpty`) with no control characters (below U+0020, or
    /// U+007F).
    func text(maxBytes: Int, allowEmpty: Bool = false) throws(BundleError) -> String {
        let text = try string()
        guard text.utf8.count <= maxBytes else { throw .overLimit(path: path.text, limit: maxBytes) }
        guard allowEmpty || !text.isEmpty else { throw .emptyValue(path: path.text) }
        guard !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) else { throw .invalidText(path: path.text) }
        return text
    }

    /// Hex text of at most `maxBytes` bytes, upper or lower case.
    func hexBytes(maxBytes: Int) throws(BundleError) -> [UInt8] {
        let text = try string()
        guard text.utf8.count <= 2 * maxBytes + 1 else { throw .overLimit(path: path.text, limit: maxBytes) }
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw .malformedHex(path: path.text, error)
        }
        guard bytes.count <= maxBytes else { throw .overLimit(path: path.text, limit: maxBytes) }
        return bytes
    }

    /// Hex text of exactly `count` bytes, upper or lower case.
    func hexBytes(count: Int) throws(BundleError) -> [UInt8] {
        let text = try string()
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw .malformedHex(path: path.text, error)
        }
        guard bytes.count == count else { throw .wrongLength(path: path.text, expected: count, actual: bytes.count) }
        return bytes
    }

    /// A txid in display order (64 hex digits, the reverse of internal order).
    func txid() throws(BundleError) -> Txid {
        let bytes = try hexBytes(count: 32)
        do {
            return try Txid(internalBytes: bytes.reversed())
        } catch {
            throw .wrongLength(path: path.text, expected: 32, actual: bytes.count)
        }
    }

    /// A block hash in display order (64 hex digits, the reverse of internal order).
    func blockHash() throws(BundleError) -> BlockHash {
        let bytes = try hexBytes(count: 32)
        do {
            return try BlockHash(internalBytes: bytes.reversed())
        } catch {
            throw .wrongLength(path: path.text, expected: 32, actual: bytes.count)
        }
    }

    /// A compressed secp256k1 public key (66 hex digits).
    /// - Throws: the hex errors, or `.invalidPublicKey` when the 33 bytes are not a point on the curve.
    func publicKey() throws(BundleError) -> PublicKey {
        let bytes = try hexBytes(count: 33)
        do { return try PublicKey(serialized: bytes) } catch { throw .invalidPublicKey(path: path.text) }
    }

    /// An RFC 3339 date-time.
    func timestamp() throws(BundleError) -> RFC3339Timestamp {
        let text = try string()
        do {
            return try RFC3339Timestamp(text)
        } catch {
            throw .invalidTimestamp(path: path.text, error)
        }
    }

    /// The `.wrongType` error for wanting `expected`.
    private func wrongType(_ expected: JSONType) -> BundleError {
        .wrongType(path: path.text, expected: expected, found: value.type)
    }
}
