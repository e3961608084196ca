import HFCommandLine
import HFCrypto
import HFPrimitives

/// What a plain QR code (or a pasted line) holds when it is not a bundle: an `hfauth:` login request, a WIF private
/// key, an address, or a `bitcoin:` payment URI. Recognised by content only; WIF text is secret and never printed.
enum ScannedText: Equatable {
    /// An `hfauth:` payload, checked later by `auth approve`.
    case auth(String)
    /// A WIF private key of the expected network (secret text).
    case wif(String)
    /// An address, with the amount of a `bitcoin:` URI if it named one.
    case address(Address, amount: UInt64?)

    /// The kind as `--json` and messages name it: `hfauth`, `wif`, `address`.
    var kindName: String {
        switch self {
        case .auth: "hfauth"
        case .wif: "wif"
        case .address: "address"
        }
    }

    /// Classifies one plain payload (surrounding ASCII whitespace ignored).
    /// - Returns: nil when the bytes are none of these (e.g. a bundle in a single QR).
    /// - Throws: `CommandError` 65 when the text is clearly meant as one of them but is wrong: a WIF or address of
    ///   another network, a Base58Check text with a bad checksum, a `bitcoin:` URI that is malformed or asks for
    ///   something unsupported (`req-` parameters).
    static func classify(_ bytes: [UInt8], network: Network) throws(CommandError) -> ScannedText? {
        guard bytes.count <= 4096, let raw = String(validating: bytes, as: UTF8.self) else { return nil }
        let text = raw.trimmingASCIIWhitespace
        guard !text.isEmpty, !text.contains(where: \.isNewline) else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("hfauth:") { return .auth(text) }
        if lower.hasPrefix("bitcoin:") { return try paymentURI(text, network: network) }
        return try base58(text, network: network)
    }

    // MARK: - Private

    /// A Base58Check address (21-byte payload) or WIF (33 or 34 bytes, version 0x80 or 0xef).
    private static func base58(_ text: String, network: Network) throws(CommandError) -> ScannedText? {
        guard (26...35).contains(text.count) || (51...52).contains(text.count) else { return nil }
        var payload: [UInt8]
        do {
            payload = try Base58.decodeCheck(text, maxLength: 60)
        } catch .badChecksum {
            let what = text.count > 35 ? "a WIF private key" : "an address"
            throw CommandError(.dataError, "the scanned text looks like \(what) but its Base58Check checksum does not "
                + "match (a misread or a typo); nothing was done")
        } catch {
            return nil
        }
        defer { Zeroization.zeroize(&payload) }
        switch payload.count {
        case 21:
            guard payload[0] == network.p2pkhVersion else {
                throw CommandError(.dataError, "the scanned address is not a \(network.rawValue) address (version byte "
                    + "0x\(Hex.encode([payload[0]]))); check --network")
            }
            guard let address = try? Address(hash160: Array(payload[1...]), network: network) else { return nil }
            return .address(address, amount: nil)
        case 33...34 where [0x80, 0xef].contains(payload[0]):
            guard payload[0] == network.wifVersion else {
                let keyNetwork = payload[0] == 0x80 ? "mainnet" : "testnet/regtest"
                throw CommandError(.dataError, "the scanned private key is a \(keyNetwork) WIF but --network is "
                    + "\(network.rawValue); nothing was stored")
            }
            do throws(WIFError) {
                _ = try WIF.decode(text, network: network)
            } catch {
                throw CommandError(.dataError, "the scanned private key is not a valid WIF (\(error)); nothing was stored")
            }
            return .wif(text)
        default:
            return nil
        }
    }

    /// `bitcoin:ADDRESS[?amount=BSV&label=…&message=…]` (BIP 21); `req-` parameters are refused.
    private static func paymentURI(_ text: String, network: Network) throws(CommandError) -> ScannedText {
        let body = text.dropFirst("bitcoin:".count)
        let parts = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let addressText = String(parts[0])
        let address: Address
        do { address = try Address(string: addressText, network: network) } catch {
            throw CommandError(.dataError, "the scanned bitcoin: URI does not hold a \(network.rawValue) address "
                + "(\(error))")
        }
        var amount: UInt64?
        if parts.count == 2 {
            for parameter in parts[1].split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = pair[0].lowercased()
                if name == "amount" {
                    guard amount == nil, pair.count == 2, let value = try? Amount(bsv: String(pair[1])),
                        value.satoshis > 0
                    else {
                        throw CommandError(.dataError, "the scanned bitcoin: URI has an invalid amount (BSV, at most "
                            + "8 decimals, above 0, given once)")
                    }
                    amount = value.satoshis
                } else if name.hasPrefix("req-") {
                    throw CommandError(.dataError, "the scanned bitcoin: URI requires '\(name)', which hf-signer does "
                        + "not support; nothing was done")
                }
            }
        }
        return .address(address, amount: amount)
    }
}

extension String {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks.
    fileprivate var trimmingASCIIWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
