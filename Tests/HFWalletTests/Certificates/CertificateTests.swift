import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct CertificateTests {
    /// The generated vector: keys, certificate JSON, preimage and binary, keyrings and the spec's bad example.
    struct Vector {
        let file: [String: Any]
        let certificateJSON: [String: Any]
        let certifier: PrivateKey
        let subject: PrivateKey
        let verifier: PrivateKey

        init?() throws {
            guard let file = try Fixtures.object("certificates/brc52-certificate.generated.json") else { return nil }
            self.file = file
            certificateJSON = try #require(file["certificate"] as? [String: Any])
            let keys = try #require(file["keys"] as? [String: Any])
            certifier = try Fixtures.privateKey(try Fixtures.string(keys, "certifierPrivateKey"))
            subject = try Fixtures.privateKey(try Fixtures.string(keys, "subjectPrivateKey"))
            verifier = try Fixtures.privateKey(try Fixtures.string(keys, "verifierPrivateKey"))
            #expect(TestHex.encode(certifier.publicKey.compressed) == (try Fixtures.string(keys, "certifierPublicKey")))
            #expect(TestHex.encode(subject.publicKey.compressed) == (try Fixtures.string(keys, "subjectPublicKey")))
            #expect(TestHex.encode(verifier.publicKey.compressed) == (try Fixtures.string(keys, "verifierPublicKey")))
        }

        /// The certificate JSON, optionally changed, as bytes.
        func json(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> [UInt8] {
            var object = certificateJSON
            change(&object)
            return [UInt8](try JSONSerialization.data(withJSONObject: object))
        }

        func certificate() throws -> Certificate { try CertificateDocument(json: json()).certificate }

        func keyring(_ key: String) throws -> [String: String] {
            try #require(file[key] as? [String: String])
        }
    }

    @Test func generatedVectorParsesAndVerifies() throws {
        guard let vector = try Vector() else { return }
        let certificate = try vector.certificate()
        #expect(certificate.typeBase64 == (try Fixtures.string(vector.certificateJSON, "type")))
        #expect(certificate.serialNumberBase64 == (try Fixtures.string(vector.certificateJSON, "serialNumber")))
        #expect(certificate.signatureInvoice.keyID == (try Fixtures.string(vector.file, "signingKeyID")))
        #expect(certificate.revocationOutpoint.string == (try Fixtures.string(vector.certificateJSON, "revocationOutpoint")))
        #expect(certificate.revocationOutpoint.isDisabled)
        #expect(certificate.sortedFieldNames == ["email", "name"])
        #expect(TestHex.encode(certificate.binary(includeSignature: false))
            == (try Fixtures.string(vector.file, "signaturePreimageHex")))
        let binary = TestHex.decode(try Fixtures.string(vector.file, "certificateBinaryHex"))
        #expect(certificate.binary() == binary)
        try certificate.verifySignature()
        // The binary form parses to the same certificate and verifies too.
        let parsed = try Certificate(binary: binary)
        #expect(parsed == certificate)
        try parsed.verifySignature()
        // Signing again with the certifier's key reproduces the signature (RFC 6979).
        let resigned = try certificate.with(signature: nil).signed(by: KeyDeriver(rootKey: vector.certifier))
        #expect(resigned.signature == certificate.signature)
        // The certifier's derived signing key is its BRC-42 child for "anyone".
        let childPrivate = try KeyDeriver(rootKey: vector.certifier).privateKey(
            for: certificate.signatureInvoice, counterparty: .anyone)
        #expect(try certificate.certifierSigningKey() == childPrivate.publicKey)
    }

    @Test func masterKeyringDecryptsForSubjectAndCertifier() throws {
        guard let vector = try Vector() else { return }
        let certificate = try vector.certificate()
        let keyring = try CertificateKeyring(kind: .master, base64Entries: vector.keyring("masterKeyring_subjectToCertifier"))
        let checks = try #require(vector.file["checks"] as? [String: Any])
        let expected = try #require(checks["certifierDecrypted"] as? [String: String])
        #expect(expected == ["name": "Alice", "email": "alice@example.com"])
        for reader in [vector.certifier, vector.subject] {
            #expect(try certificate.decryptFields(with: keyring, reader: KeyDeriver(rootKey: reader)) == expected)
        }
        // The verifier is no party to a master keyring.
        #expect(throws: CertificateError.notAParty) {
            try certificate.decryptFields(with: keyring, reader: KeyDeriver(rootKey: vector.verifier))
        }
        // The field keys are the vector's revelation keys.
        let revelation = try #require(vector.file["fieldRevelationKeysHex"] as? [String: String])
        for (name, hex) in revelation {
            let invoice = try InvoiceNumber(
                securityLevel: .perCounterparty, protocolName: Certificate.fieldEncryptionProtocol, keyID: name)
            let key = try KeyDeriver(rootKey: vector.certifier).decrypt(
                try #require(keyring.entries[name]), invoice: invoice, counterparty: .key(vector.subject.publicKey))
            #expect(TestHex.encode(key) == hex)
        }
    }

    @Test func verifierKeyringRevealsOnlyItsFields() throws {
        guard let vector = try Vector() else { return }
        let certificate = try vector.certificate()
        let keyring = try CertificateKeyring(kind: .verifier, base64Entries: vector.keyring("keyringForVerifier_revealsName"))
        let checks = try #require(vector.file["checks"] as? [String: Any])
        let expected = try #require(checks["verifierDecrypted"] as? [String: String])
        #expect(try certificate.decryptFields(with: keyring, reader: KeyDeriver(rootKey: vector.verifier)) == expected)
        // Someone else holding the keyring learns nothing.
        #expect(throws: CertificateError.fieldDecryptionFailed(name: "name")) {
            try certificate.decryptFields(with: keyring, reader: KeyDeriver(rootKey: vector.certifier))
        }
        // The same entries read as a master keyring fail (other key ID).
        let wrongKind = try CertificateKeyring(kind: .master, base64Entries: vector.keyring("keyringForVerifier_revealsName"))
        #expect(throws: CertificateError.fieldDecryptionFailed(name: "name")) {
            try certificate.decryptFields(with: wrongKind, reader: KeyDeriver(rootKey: vector.subject))
        }
        // A keyring naming a field the certificate lacks.
        let entry = try #require(vector.keyring("keyringForVerifier_revealsName")["name"])
        let stray = try CertificateKeyring(kind: .verifier, base64Entries: ["phone": entry])
        #expect(throws: CertificateError.invalidKeyring(field: "phone")) {
            try certificate.decryptFields(with: stray, reader: KeyDeriver(rootKey: vector.verifier))
        }
    }

    /// A JSON document carries its keyring: `keyring` is a verifier keyring, `masterKeyring` a master one.
    @Test func documentsCarryKeyrings() throws {
        guard let vector = try Vector() else { return }
        let verifierRing = try vector.keyring("keyringForVerifier_revealsName")
        let document = try CertificateDocument(json: vector.json { $0["keyring"] = verifierRing })
        #expect(document.keyring?.kind == .verifier)
        let master = try CertificateDocument(json: vector.json {
            $0["masterKeyring"] = try? vector.keyring("masterKeyring_subjectToCertifier")
        })
        #expect(master.keyring?.kind == .master)
        #expect(throws: CertificateError.self) {
            try CertificateDocument(json: vector.json {
                $0["keyring"] = verifierRing
                $0["masterKeyring"] = verifierRing
            })
        }
    }

    @Test func specExampleFails() throws {
        guard let vector = try Vector() else { return }
        let negative = try #require(vector.file["negative_specExample"] as? [String: Any])
        #expect(negative["valid"] as? Bool == false)
        let json = [UInt8](try JSONSerialization.data(withJSONObject: try #require(negative["certificate"])))
        let certificate = try CertificateDocument(json: json).certificate
        #expect(certificate.revocationOutpoint.vout == 1)
        #expect(!certificate.revocationOutpoint.isDisabled)
        #expect(throws: CertificateError.badSignature) { try certificate.verifySignature() }
        #expect(throws: CertificateError.badSignature) { try Certificate(binary: certificate.binary()).verifySignature() }
    }

    /// Any change to a signed part breaks the signature.
    @Test func changedCertificatesFail() throws {
        guard let vector = try Vector() else { return }
        let other = try CertificateDocument(json: vector.json {
            var fields = $0["fields"] as? [String: String] ?? [:]
            fields["name"] = fields["email"]
            $0["fields"] = fields
        }).certificate
        #expect(throws: CertificateError.badSignature) { try other.verifySignature() }
        let changes: [(inout [String: Any]) -> Void] = [
            { $0["revocationOutpoint"] = String(repeating: "0", count: 64) + ".1" },
            { $0["subject"] = "0382798918337438263eb5aeaba4717d99abada1b2c5bee97353b358acc39ae34a" },
            { $0["serialNumber"] = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=" },
            { $0["type"] = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=" },
            { $0["certifier"] = "024c5b9f8c55ddb85ad42af65f82ee19b10cb363abbd3e1d332d6601c6400a42b5" },
            { object in object["fields"] = (object["fields"] as? [String: String] ?? [:]).filter { $0.key == "name" } },
            { $0["signature"] = nil },
        ]
        for (index, change) in changes.enumerated() {
            let changed = try CertificateDocument(json: vector.json(change)).certificate
            if index == changes.count - 1 {
                #expect(throws: CertificateError.unsigned) { try changed.verifySignature() }
            } else {
                #expect(throws: CertificateError.badSignature) { try changed.verifySignature() }
            }
        }
        // A flipped byte anywhere in the binary form either fails to parse or fails to verify.
        let binary = try vector.certificate().binary()
        for index in stride(from: 0, to: binary.count, by: 7) {
            var tampered = binary
            tampered[index] ^= 0x01
            let outcome = Result { () throws(CertificateError) in try Certificate(binary: tampered).verifySignature() }
            guard case .failure = outcome else {
                Issue.record("flipping byte \(index) still verified")
                continue
            }
        }
    }

    // MARK: - Round trip with the wallet's own keys

    /// The wallet's identity key certifies itself and a verifier reads a field.
    @Test func walletIssuedCertificateRoundTrip() throws {
        let keys = try WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .main)
        let me = KeyDeriver(rootKey: keys.identityPrivateKey)
        let certifier = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "c1", count: 32)))
        let verifier = KeyDeriver(rootKey: try Fixtures.privateKey(String(repeating: "e1", count: 32)))
        let serial = [UInt8](repeating: 7, count: 32)
        let fieldKey = try BRC2SymmetricKey(rawRepresentation: [UInt8](repeating: 9, count: 32))
        let value = Base64.encode(fieldKey.encrypt(Array("hf".utf8)))
        let unsigned = try Certificate(
            type: [UInt8](repeating: 1, count: 32), serialNumber: serial, subject: me.rootPublicKey,
            certifier: certifier.rootPublicKey, revocationOutpoint: RevocationOutpoint(string: TestHex.encode(serial) + ".3"),
            fields: ["nick": value], signature: nil)
        #expect(throws: CertificateError.unsigned) { try unsigned.verifySignature() }
        #expect(throws: CertificateError.badSignature) { try unsigned.signed(by: me) }
        let certificate = try unsigned.signed(by: certifier)
        try certificate.verifySignature()
        try Certificate(binary: certificate.binary()).verifySignature()
        // The subject makes a verifier keyring for "nick".
        let invoice = try InvoiceNumber(
            securityLevel: .perCounterparty, protocolName: Certificate.fieldEncryptionProtocol,
            keyID: "\(certificate.serialNumberBase64) nick")
        let entry = try me.encrypt(fieldKey.rawRepresentation, invoice: invoice, counterparty: .key(verifier.rootPublicKey))
        let keyring = try CertificateKeyring(kind: .verifier, base64Entries: ["nick": Base64.encode(entry)])
        #expect(try certificate.decryptFields(with: keyring, reader: verifier) == ["nick": "hf"])
    }

    // MARK: - Rejections

    @Test func fieldNamesOutsideLowerCaseLettersAndDigitsAreRefused() throws {
        guard let vector = try Vector() else { return }
        for name in ["firstName", "first_name", "first-name", "", "é", "a b", String(repeating: "a", count: 65)] {
            #expect(throws: CertificateError.invalidFieldName) {
                try CertificateDocument(json: vector.json {
                    var fields = $0["fields"] as? [String: String] ?? [:]
                    fields[name] = fields["name"]
                    $0["fields"] = fields
                })
            }
        }
        #expect(throws: CertificateError.self) {
            try CertificateKeyring(kind: .verifier, base64Entries: ["Name": "AAAA"])
        }
    }

    @Test func malformedJSONIsRefused() throws {
        guard let vector = try Vector() else { return }
        let cases: [(CertificateError, (inout [String: Any]) -> Void)] = [
            (.invalidIdentifier(field: "type"), { $0["type"] = "AAAA" }),
            (.invalidIdentifier(field: "serialNumber"), { $0["serialNumber"] = "not base64" }),
            (.invalidPublicKey(field: "subject"), { $0["subject"] = "04" + String(repeating: "00", count: 64) }),
            (.invalidPublicKey(field: "certifier"), { $0["certifier"] = "zz" }),
            (.invalidRevocationOutpoint, { $0["revocationOutpoint"] = String(repeating: "0", count: 64) }),
            (.invalidRevocationOutpoint, { $0["revocationOutpoint"] = String(repeating: "0", count: 64) + ".01" }),
            (.invalidRevocationOutpoint, { $0["revocationOutpoint"] = String(repeating: "0", count: 64) + ".4294967296" }),
            (.invalidRevocationOutpoint, { $0["revocationOutpoint"] = "00.0" }),
            (.invalidSignatureEncoding, { $0["signature"] = "3000" }),
            (.invalidFieldValue(name: "name"), { $0["fields"] = ["name": "QUJD"] }),
            (.malformedJSON(""), { $0["fields"] = ["name": 5] }),
            (.malformedJSON(""), { $0["type"] = nil }),
        ]
        for (expected, change) in cases {
            let outcome = Result { () throws(CertificateError) in try CertificateDocument(json: try! vector.json(change)) }
            switch (outcome, expected) {
            case (.failure(.malformedJSON), .malformedJSON): break
            case (.failure(let error), _): #expect(error == expected)
            case (.success, _): Issue.record("accepted: expected \(expected)")
            }
        }
        #expect(throws: CertificateError.self) { try CertificateDocument(json: Array("[]".utf8)) }
        #expect(throws: CertificateError.tooLarge(length: Certificate.maximumJSONLength + 1)) {
            try CertificateDocument(json: [UInt8](repeating: 0x20, count: Certificate.maximumJSONLength + 1))
        }
    }

    @Test func malformedBinaryIsRefused() throws {
        guard let vector = try Vector() else { return }
        let binary = try vector.certificate().binary()
        let unsignedLength = try vector.certificate().binary(includeSignature: false).count
        // Truncated anywhere inside the unsigned part.
        for length in [0, 31, 64, 100, 163, 165, 200, unsignedLength - 1] {
            #expect(throws: CertificateError.self) { try Certificate(binary: Array(binary.prefix(length))) }
        }
        // Cut inside the signature, or with bytes after it.
        #expect(throws: CertificateError.invalidSignatureEncoding) { try Certificate(binary: Array(binary.dropLast())) }
        #expect(throws: CertificateError.invalidSignatureEncoding) { try Certificate(binary: binary + [0]) }
        // Unsigned binary parses as unsigned.
        #expect(try Certificate(binary: Array(binary.prefix(unsignedLength))).signature == nil)
        // An uncompressed-looking subject prefix.
        var tampered = binary
        tampered[64] = 0x04
        #expect(throws: CertificateError.invalidPublicKey(field: "subject")) { try Certificate(binary: tampered) }
        // Non-minimal vout VarInt (fd 00 00 for 0).
        let voutOffset = 32 + 32 + 33 + 33 + 32
        tampered = Array(binary[..<voutOffset]) + [0xfd, 0x00, 0x00] + binary[(voutOffset + 1)...]
        #expect(throws: CertificateError.malformedBinary("a VarInt is not in its shortest form")) {
            try Certificate(binary: tampered)
        }
        // Field count over the bound.
        tampered = binary
        tampered[voutOffset + 1] = 65
        #expect(throws: CertificateError.malformedBinary("a count or length is out of bounds")) {
            try Certificate(binary: tampered)
        }
        // Fields out of order: swap the two field records (email, name → name, email).
        let fieldsStart = voutOffset + 2
        let emailLength = 1 + 5 + 1 + Int(binary[fieldsStart + 6])
        let nameLength = 1 + 4 + 1 + Int(binary[fieldsStart + emailLength + 5])
        let email = binary[fieldsStart..<(fieldsStart + emailLength)]
        let name = binary[(fieldsStart + emailLength)..<(fieldsStart + emailLength + nameLength)]
        tampered = Array(binary[..<fieldsStart]) + name + email + binary[(fieldsStart + emailLength + nameLength)...]
        #expect(throws: CertificateError.unsortedFields) { try Certificate(binary: tampered) }
        // Duplicate names.
        tampered = Array(binary[..<fieldsStart]) + email + email + binary[(fieldsStart + emailLength + nameLength)...]
        #expect(throws: CertificateError.unsortedFields) { try Certificate(binary: tampered) }
        // An upper-case field name.
        tampered = binary
        tampered[fieldsStart + 1] = UInt8(ascii: "E")
        #expect(throws: CertificateError.invalidFieldName) { try Certificate(binary: tampered) }
        #expect(throws: CertificateError.tooLarge(length: Certificate.maximumBinaryLength + 1)) {
            try Certificate(binary: [UInt8](repeating: 0, count: Certificate.maximumBinaryLength + 1))
        }
    }
}
