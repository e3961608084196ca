import HFCommandLine
import HFCrypto
import HFPrimitives
import HFWallet

/// `--protocol NAME --key-id ID [--counterparty KEY|self|anyone] [--level 0|1|2]`: a BRC-2 invoice and counterparty.
struct BRC2Options {
    /// The option help shared by `message encrypt` and `message decrypt`.
    static let help = [
        Option.protocolName,
        Option.keyId,
        Option.counterparty,
        Option.level,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let protocolName = OptionHelp(
            "--protocol", value: "name", help: "BRC-2 mode: the BRC-43 protocol name (5-400 of a-z, 0-9, space).")
        static let keyId = OptionHelp("--key-id", value: "id", help: "BRC-2 mode: the key ID (1-800 characters).")
        static let counterparty = OptionHelp(
            "--counterparty", value: "pubkey|self|anyone", help: "BRC-2 mode: the other party (default self).")
        static let level = OptionHelp("--level", value: "0|1|2", help: "BRC-2 mode: the security level (default 2).")
    }

    let invoice: InvoiceNumber
    let counterparty: Counterparty

    /// Parses the options; nil when `--protocol` is absent (BIE1 mode).
    ///
    /// - Throws: `UsageError` for a missing `--key-id`, a bad level, counterparty or invoice.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> BRC2Options? {
        let name = try arguments.option(Option.protocolName)
        let keyID = try arguments.option(Option.keyId)
        let counterpartyText = try arguments.option(Option.counterparty)
        let levelText = try arguments.option(Option.level)
        guard let name else {
            guard keyID == nil, counterpartyText == nil, levelText == nil else {
                throw UsageError("--key-id, --counterparty and --level need --protocol")
            }
            return nil
        }
        guard let keyID else { throw UsageError("--protocol needs --key-id") }
        guard let level = InvoiceNumber.SecurityLevel(rawValue: Int(levelText ?? "2") ?? -1) else {
            throw UsageError("--level must be 0, 1 or 2, not '\(levelText ?? "")'")
        }
        let invoice: InvoiceNumber
        do { invoice = try InvoiceNumber(securityLevel: level, protocolName: name, keyID: keyID) } catch {
            throw UsageError("invalid BRC-43 invoice: \(error)")
        }
        return BRC2Options(invoice: invoice, counterparty: try counterparty(counterpartyText ?? "self"))
    }

    /// `self`, `anyone` or a compressed public key in hex.
    static func counterparty(_ text: String) throws(UsageError) -> Counterparty {
        switch text {
        case "self": return .selfKey
        case "anyone": return .anyone
        default: return .key(try PublicKeyOption.parse(text, option: "--counterparty"))
        }
    }
}
