import HFBundles
import HFCrypto
import HFPrimitives
import HFWallet

/// A BRC-100 call's arguments as the application sent them (`protocolID` as `[level, "name"]`, `keyID`,
/// `counterparty` as `"self"`, `"anyone"` or a compressed public key in hex, byte fields as arrays of numbers),
/// read strictly: a missing or malformed argument is a `WalletCallRefusal` naming it.
struct WalletCallArguments {
    /// The arguments object.
    let values: [String: JSONValue]

    /// The BRC-43 invoice of `protocolID` and `keyID`.
    func invoice() throws(WalletCallRefusal) -> InvoiceNumber {
        guard case .array(let pair)? = values["protocolID"], pair.count == 2, case .number(let level) = pair[0],
            !level.isNegative, let securityLevel = InvoiceNumber.SecurityLevel(rawValue: Int(clamping: level.magnitude)),
            case .string(let name) = pair[1]
        else { throw .invalidParameter("protocolID", "[securityLevel 0, 1 or 2, \"protocol name\"]") }
        guard case .string(let keyID)? = values["keyID"] else { throw .invalidParameter("keyID", "a string") }
        do { return try InvoiceNumber(securityLevel: securityLevel, protocolName: name, keyID: keyID) } catch {
            throw .invalidParameter("protocolID/keyID", "a valid BRC-43 invoice (\(error))")
        }
    }

    /// `counterparty`, or `fallback` when it is absent (BRC-100's defaults differ by method).
    func counterparty(default fallback: Counterparty) throws(WalletCallRefusal) -> Counterparty {
        guard let value = values["counterparty"] else { return fallback }
        guard case .string(let text) = value else {
            throw .invalidParameter("counterparty", "\"self\", \"anyone\" or a compressed public key in hex")
        }
        switch text {
        case "self": return .selfKey
        case "anyone": return .anyone
        default:
            guard let bytes = try? Hex.decode(text), bytes.count == 33, let key = try? PublicKey(serialized: bytes) else {
                throw .invalidParameter("counterparty", "\"self\", \"anyone\" or a compressed public key in hex")
            }
            return .key(key)
        }
    }

    /// A byte field (an array of numbers 0–255), nil when absent.
    func optionalBytes(_ name: String) throws(WalletCallRefusal) -> [UInt8]? {
        guard let value = values[name] else { return nil }
        guard let bytes = value.byteValues else { throw .invalidParameter(name, "an array of byte values 0 to 255") }
        return bytes
    }

    /// A byte field that must be there.
    func bytes(_ name: String) throws(WalletCallRefusal) -> [UInt8] {
        guard let bytes = try optionalBytes(name) else { throw .invalidParameter(name, "an array of byte values 0 to 255") }
        return bytes
    }

    /// A boolean, `fallback` when absent.
    func bool(_ name: String, default fallback: Bool) throws(WalletCallRefusal) -> Bool {
        guard let value = values[name] else { return fallback }
        guard case .bool(let flag) = value else { throw .invalidParameter(name, "true or false") }
        return flag
    }

    /// The digest a signature covers: SHA-256 of `data`, or `hashTo…` (32 bytes) given directly; exactly one.
    func digest(directly name: String) throws(WalletCallRefusal) -> [UInt8] {
        let data = try optionalBytes("data")
        let hash = try optionalBytes(name)
        switch (data, hash) {
        case (let data?, nil): return Hash.sha256(data)
        case (nil, let hash?) where hash.count == 32: return hash
        case (nil, .some): throw .invalidParameter(name, "32 bytes")
        default: throw .invalidParameter("data", "given, or else \(name) (exactly one of them)")
        }
    }
}
