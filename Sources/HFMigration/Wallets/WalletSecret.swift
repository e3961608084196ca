public import HFCrypto
import HFPrimitives

/// What the vault holds for a wallet: the phrase and the BIP39 passphrase, as `"HFWS1" ‖ varstr(phrase) ‖
/// varstr(passphrase)`. Secret; `description` shows nothing of it.
public struct WalletSecret: CustomStringConvertible {
    static let magic = Array("HFWS1".utf8)

    /// The BIP39 phrase. Secret.
    public let phrase: String
    /// The BIP39 passphrase (empty for none). Secret.
    public let passphrase: String

    /// The vault item bytes.
    public func encoded() -> SecureBytes {
        var writer = ByteWriter()
        writer.appendBytes(Self.magic)
        for text in [phrase, passphrase] {
            writer.appendBytes(CompactSize.encode(UInt64(text.utf8.count)))
            writer.appendBytes(Array(text.utf8))
        }
        var bytes = writer.bytes
        return SecureBytes(consuming: &bytes)
    }

    /// A secret from its parts.
    public init(phrase: String, passphrase: String) {
        self.phrase = phrase
        self.passphrase = passphrase
    }

    /// Decodes a vault item; nil when it is not a wallet secret. The byte copies made while decoding are zeroized.
    public init?(_ item: SecureBytes) {
        var raw = item.bytes
        defer { Zeroization.zeroize(&raw) }
        guard let (phrase, passphrase) = Self.decode(raw) else { return nil }
        self.phrase = phrase
        self.passphrase = passphrase
    }

    /// The two texts of `raw`; the reader (which shares `raw`'s storage) ends here, so the caller's zeroization
    /// reaches the only copy.
    private static func decode(_ raw: [UInt8]) -> (String, String)? {
        var reader = ByteReader(raw)
        guard (try? reader.readBytes(5)) == Self.magic,
            let phraseLength = try? reader.readCompactSize(max: 4096),
            var phrase = try? reader.readBytes(Int(phraseLength)),
            let passphraseLength = try? reader.readCompactSize(max: 4096),
            var passphrase = try? reader.readBytes(Int(passphraseLength)), reader.isAtEnd
        else { return nil }
        defer {
            Zeroization.zeroize(&phrase)
            Zeroization.zeroize(&passphrase)
        }
        guard let phraseText = String(validating: phrase, as: UTF8.self),
            let passphraseText = String(validating: passphrase, as: UTF8.self)
        else { return nil }
        return (phraseText, passphraseText)
    }

    public var description: String { "WalletSecret(redacted)" }
}
