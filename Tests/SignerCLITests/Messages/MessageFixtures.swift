import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// A signer home with one imported wallet, for the `message` and `cert` command tests.
struct MessageWallet {
    let f: SignerFixtures
    /// The wallet's identity public key (hex), from `wallet show --json`.
    let identityKey: String

    /// The BIP39 test phrase of the second wallet.
    static let otherPhrase = "legal winner thank year wave sausage worth useful legal winner thank yellow"

    init(phrase: String = KeysDeriveTests.samplePhrase) throws {
        f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let phraseFile = try f.dir.write("phrase", phrase)
        let imported = try f.run(["wallet", "import", "--title", "Messages", "--mnemonic-file", phraseFile])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let show = try f.run(["wallet", "show", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        identityKey = try #require(object?["identityKey"] as? String)
    }

    /// Runs `hf-signer` in this home.
    func run(_ arguments: [String], stdin: String? = nil) throws -> BuiltTool.Result {
        try f.signer.run(
            ["--home", f.home, "--network", "main", "--passphrase-file", f.passphraseFile] + arguments, stdin: stdin)
    }

    /// Writes a text file in the temporary directory.
    func file(_ name: String, _ text: String) throws -> String { try f.dir.write(name, text) }

    /// A JSON object from a command's stdout.
    static func json(_ result: BuiltTool.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }
}

/// BIE1 written from the format description with HFCrypto alone, independent of HFWallet's implementation.
enum IndependentBIE1 {
    static func keys(_ privateKey: PrivateKey, _ publicKey: PublicKey) throws -> (iv: [UInt8], kE: [UInt8], kM: [UInt8]) {
        let h = Hash.sha512(try privateKey.sharedPoint(with: publicKey).compressed)
        return (Array(h[0..<16]), Array(h[16..<32]), Array(h[32..<64]))
    }

    static func encrypt(_ plaintext: [UInt8], from sender: PrivateKey, to recipient: PublicKey) throws -> [UInt8] {
        let k = try keys(sender, recipient)
        var message = Array("BIE1".utf8) + sender.publicKey.compressed
        message += try AESCBC.encrypt(plaintext, key: k.kE, iv: k.iv)
        return message + HMAC.sha256(key: k.kM, message: message)
    }

    static func decrypt(_ message: [UInt8], with recipient: PrivateKey) throws -> [UInt8] {
        let sender = try PublicKey(serialized: Array(message[4..<37]))
        let k = try keys(recipient, sender)
        let macStart = message.count - 32
        #expect(HMAC.sha256(key: k.kM, message: Array(message[..<macStart])) == Array(message[macStart...]))
        return try AESCBC.decrypt(Array(message[37..<macStart]), key: k.kE, iv: k.iv)
    }
}
