import Foundation
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer cert verify FILE`: check a BRC-52 certificate's signature and show its contents.
struct CertVerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Verify a BRC-52 certificate (JSON or binary) and show its fields."
    static let discussion: String? = """
        FILE holds the certificate as the reference JSON object (optionally with a "keyring" for a verifier or \
        a "masterKeyring") or in the BRC-52 binary form. The certifier's signature is checked with its BRC-42 \
        child key (protocol 'certificate signature', key ID '<type> <serialNumber>', counterparty anyone); field \
        names must be a-z and 0-9. Prints certifier, subject, type, serial number, revocation outpoint and the \
        field names; field values are decrypted only when a keyring comes with the file or --keyring FILE (a JSON \
        map of field name to base64; --master marks it a master keyring), using the wallet's identity key. \
        Revocation (whether the outpoint is spent) cannot be checked offline and is only reported. Exit 0 when \
        the signature verifies, 65 otherwise. With --json: {"valid","type","serialNumber","subject","certifier",\
        "revocationOutpoint","revocationDisabled","fields","decryptedFields"}.
        """
    static let arguments = [ArgumentHelp("file", help: "The certificate, JSON or binary.")]
    static let options = [
        WalletOption.help,
        Option.keyring,
        Option.master,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let keyring = OptionHelp(
            "--keyring", value: "file", help: "A keyring (JSON object: field name to base64) to decrypt fields.")
        static let master = OptionHelp(
            flag: "--master", help: "The --keyring file is a master keyring (default: a verifier keyring).")
    }

    let selection: WalletSelection
    let file: String
    let keyringFile: String?
    let master: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        keyringFile = try arguments.option(Option.keyring)
        master = try arguments.flag(Option.master)
        if master, keyringFile == nil { throw UsageError("--master describes a --keyring file") }
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let bytes = try signerOperation { () throws(SignerError) in try BundleFile.read(file) }
        let document: CertificateDocument
        do { document = try Self.parse(bytes) } catch { throw CommandError(.dataError, "\(error)") }
        let certificate = document.certificate
        var keyring = document.keyring
        if let keyringFile {
            guard keyring == nil else { throw CommandError(.usage, "the certificate file already carries a keyring") }
            keyring = try Self.readKeyring(keyringFile, kind: master ? .master : .verifier)
        }
        let verdict = Result { () throws(CertificateError) in try certificate.verifySignature() }
        var decrypted: [String: String]? = nil
        if let keyring, case .success = verdict {
            let wallet = try context.openWallet(selection)
            decrypted = try signerOperation { () throws(SignerError) in try wallet.decryptFields(of: certificate, with: keyring) }
        }
        let summary = Summary(certificate, valid: verdict.isSuccess, decrypted: decrypted)
        let failure = verdict.failure.map { CommandError(.dataError, "\($0)", code: "certificateInvalid") }
        if context.globals.json {
            if let failure { throw try Output.jsonFailure(summary, failure) }
            try Output.json(summary)
        } else {
            Output.result(summary.text)
        }
        if let failure { throw failure }
        return .success
    }

    /// JSON when the first non-space byte is `{`, else the binary form.
    static func parse(_ bytes: [UInt8]) throws(CertificateError) -> CertificateDocument {
        if bytes.first(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }) == UInt8(ascii: "{") {
            return try CertificateDocument(json: bytes)
        }
        return CertificateDocument(certificate: try Certificate(binary: bytes))
    }

    /// A keyring file: a JSON object of field name → base64.
    static func readKeyring(_ path: String, kind: CertificateKeyring.Kind) throws(CommandError) -> CertificateKeyring {
        let bytes = try signerOperation { () throws(SignerError) in try BundleFile.read(path) }
        guard let entries = try? JSONDecoder().decode([String: String].self, from: Data(bytes)) else {
            throw .dataError("'\(path)' is not a JSON object of field name to base64")
        }
        do { return try CertificateKeyring(kind: kind, base64Entries: entries) } catch {
            throw .dataError("\(error)")
        }
    }

    /// The printed result.
    struct Summary: Encodable {
        let valid: Bool
        let type: String
        let serialNumber: String
        let subject: String
        let certifier: String
        let revocationOutpoint: String
        let revocationDisabled: Bool
        let fields: [String: String]
        let decryptedFields: [String: String]?

        init(_ certificate: Certificate, valid: Bool, decrypted: [String: String]?) {
            self.valid = valid
            type = certificate.typeBase64
            serialNumber = certificate.serialNumberBase64
            subject = certificate.subject.compressed.hex
            certifier = certificate.certifier.compressed.hex
            revocationOutpoint = certificate.revocationOutpoint.string
            revocationDisabled = certificate.revocationOutpoint.isDisabled
            fields = certificate.fields
            decryptedFields = decrypted
        }

        /// The human-readable form.
        var text: String {
            var lines = [
                "signature:   \(valid ? "valid" : "INVALID")", "certifier:   \(certifier)", "subject:     \(subject)",
                "type:        \(type)", "serial:      \(serialNumber)",
                "revocation:  \(revocationOutpoint)\(revocationDisabled ? " (revocation disabled)" : "")",
            ]
            for name in fields.keys.sorted() {
                lines.append("field \(name): \(decryptedFields?[name]?.debugDescription ?? "(encrypted)")")
            }
            return lines.joined(separator: "\n")
        }
    }
}

extension Result {
    /// Whether this is a success.
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    /// The error of a failure, else nil.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
