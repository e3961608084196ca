internal import Foundation

/// A BRC-43 invoice number, `"<securityLevel>-<protocolName>-<keyID>"`, validated as the reference
/// `KeyDeriver.computeInvoiceNumber` does.
///
/// The protocol name is lower-cased and trimmed first, then must be 5–400 characters (430 when it starts with
/// `"specific linkage revelation "`), match `^[a-z0-9 ]+$`, contain no two spaces in a row and not end in
/// `" protocol"`. The key ID is 1–800 characters and is used exactly as given. Lengths count UTF-16 code units, as
/// JavaScript does. Checks run in the reference's order, so the first error reported is the same.
public struct InvoiceNumber: Sendable, Hashable {
    /// The BRC-43 security level, written as one decimal digit.
    public enum SecurityLevel: Int, Sendable, CaseIterable {
        /// 0: no permission needed.
        case silent = 0
        /// 1: permission per protocol, for every counterparty.
        case everyCounterparty = 1
        /// 2: permission per protocol and counterparty.
        case perCounterparty = 2
    }

    /// The security level.
    public let securityLevel: SecurityLevel
    /// The normalized (lower-cased, trimmed) protocol name.
    public let protocolName: String
    /// The key ID, as given.
    public let keyID: String

    /// The prefix that allows a protocol name of up to 430 characters.
    static let linkageRevelationPrefix = "specific linkage revelation "

    // MARK: - Initializers

    /// Validates and normalizes the parts of an invoice number.
    ///
    /// - Parameters:
    ///   - securityLevel: 0, 1 or 2.
    ///   - protocolName: e.g. `"wallet"`; lower-cased and trimmed before the checks.
    ///   - keyID: e.g. `"0"`; 1–800 characters, not normalized.
    /// - Throws: `InvoiceNumberError` for the first rule broken.
    public init(securityLevel: SecurityLevel, protocolName: String, keyID: String) throws(InvoiceNumberError) {
        let name = protocolName.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let keyIDLength = keyID.utf16.count
        guard keyIDLength <= 800 else { throw .keyIDTooLong(length: keyIDLength) }
        guard keyIDLength >= 1 else { throw .keyIDEmpty }
        let nameLength = name.utf16.count
        if nameLength > 400 {
            guard name.hasPrefix(Self.linkageRevelationPrefix), nameLength <= 430 else {
                throw .protocolNameTooLong(length: nameLength)
            }
        }
        guard nameLength >= 5 else { throw .protocolNameTooShort(length: nameLength) }
        guard !name.contains("  ") else { throw .consecutiveSpaces }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: " ")
        }
        guard allowed else { throw .invalidProtocolNameCharacter }
        guard !name.hasSuffix(" protocol") else { throw .endsWithProtocol }
        self.securityLevel = securityLevel
        self.protocolName = name
        self.keyID = keyID
    }

    // MARK: - Properties

    /// The invoice number string, e.g. `"1-wallet-0"`: what BRC-42 hashes as UTF-8.
    public var string: String { "\(securityLevel.rawValue)-\(protocolName)-\(keyID)" }

    /// Whether the protocol name is reserved: `admin…` for the wallet itself (BRC-44), `p …` for permission schemes
    /// (BRC-98). Informational; the reference's key derivation does not refuse them.
    public var isReserved: Bool { protocolName.hasPrefix("admin") || protocolName.hasPrefix("p ") }
}

extension InvoiceNumber: CustomStringConvertible {
    /// The invoice number string.
    public var description: String { string }
}

/// Why the parts of a BRC-43 invoice number were rejected.
public enum InvoiceNumberError: Error, Equatable, Sendable {
    /// The key ID is longer than 800 characters.
    case keyIDTooLong(length: Int)
    /// The key ID is empty.
    case keyIDEmpty
    /// The normalized protocol name is longer than 400 characters (430 for specific linkage revelation).
    case protocolNameTooLong(length: Int)
    /// The normalized protocol name is shorter than 5 characters.
    case protocolNameTooShort(length: Int)
    /// The protocol name contains two spaces in a row.
    case consecutiveSpaces
    /// The protocol name contains something other than `a-z`, `0-9` and space.
    case invalidProtocolNameCharacter
    /// The protocol name ends in `" protocol"`.
    case endsWithProtocol
}

extension InvoiceNumberError: CustomStringConvertible {
    /// A sentence naming the rule broken.
    public var description: String {
        switch self {
        case .keyIDTooLong(let length): "key IDs must be 800 characters or less, not \(length)"
        case .keyIDEmpty: "key IDs must be 1 character or more"
        case .protocolNameTooLong(let length):
            "protocol names must be 400 characters or less (430 for specific linkage revelation), not \(length)"
        case .protocolNameTooShort(let length): "protocol names must be 5 characters or more, not \(length)"
        case .consecutiveSpaces: "protocol names cannot contain two spaces in a row"
        case .invalidProtocolNameCharacter: "protocol names can only contain a-z, 0-9 and spaces"
        case .endsWithProtocol: "protocol names must not end with \" protocol\""
        }
    }
}
