import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-signer cert verify`.
@Suite struct CertCommandTests {
    /// The generated certificate vector, or nil when vectors are skipped.
    static func vector() throws -> [String: Any]? {
        guard let raw = try Vectors.json("certificates/brc52-certificate.generated.json") else { return nil }
        return try #require(raw as? [String: Any])
    }

    static func write(_ f: SignerFixtures, _ name: String, _ object: Any) throws -> String {
        try f.write(name, [UInt8](try JSONSerialization.data(withJSONObject: object)))
    }

    @Test func theGeneratedVectorVerifiesAsJSONAndBinary() throws {
        guard let vector = try Self.vector() else { return }
        let f = try SignerFixtures()
        let certificate = try #require(vector["certificate"] as? [String: Any])
        let json = try Self.write(f, "cert.json", certificate)
        let result = try f.signer.run(["cert", "verify", json, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let object = try MessageWallet.json(result)
        #expect(object["valid"] as? Bool == true)
        for key in ["type", "serialNumber", "subject", "certifier", "revocationOutpoint"] {
            #expect(object[key] as? String == certificate[key] as? String)
        }
        #expect(object["revocationDisabled"] as? Bool == true)
        #expect(JSONTypes.mismatches(object, [
            "valid": .boolean, "type": .string, "serialNumber": .string, "subject": .string, "certifier": .string,
            "revocationOutpoint": .string, "revocationDisabled": .boolean, "fields": .object,
        ]).isEmpty)
        #expect(object["fields"] as? [String: String] == certificate["fields"] as? [String: String])
        #expect(object["decryptedFields"] == nil)
        let binary = try f.write("cert.bin", TestHex.decode(try #require(vector["certificateBinaryHex"] as? String)))
        let fromBinary = try f.signer.run(["cert", "verify", binary])
        #expect(fromBinary.exitCode == 0, "stderr: \(fromBinary.stderr)")
        #expect(fromBinary.stdout.contains("signature:   valid"))
        #expect(fromBinary.stdout.contains("field name: (encrypted)"))
    }

    @Test func theSpecExampleAndChangedCertificatesFail() throws {
        guard let vector = try Self.vector() else { return }
        let f = try SignerFixtures()
        let negative = try #require(vector["negative_specExample"] as? [String: Any])
        let spec = try f.signer.run(["cert", "verify", try Self.write(f, "spec.json", try #require(negative["certificate"]))])
        #expect(spec.exitCode == 65)
        #expect(spec.stdout.contains("signature:   INVALID"))
        #expect(spec.stdout.contains("deadbeef"))
        var changed = try #require(vector["certificate"] as? [String: Any])
        var fields = try #require(changed["fields"] as? [String: String])
        fields["name"] = fields["email"]
        changed["fields"] = fields
        let result = try f.signer.run(["cert", "verify", try Self.write(f, "changed.json", changed), "--json"])
        #expect(result.exitCode == 65)
        #expect(try MessageWallet.json(result)["valid"] as? Bool == false)
        // A field name outside a-z0-9 is refused outright.
        fields["firstName"] = fields["name"]
        changed["fields"] = fields
        let refused = try f.signer.run(["cert", "verify", try Self.write(f, "upper.json", changed)])
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("field names"))
        // Garbage and a missing file.
        #expect(try f.signer.run(["cert", "verify", try f.write("junk", [1, 2, 3])]).exitCode == 65)
        #expect(try f.signer.run(["cert", "verify", f.dir.path("absent")]).exitCode == 66)
    }

    /// End to end: a certificate built here from the format description (HFCrypto only), certifying the first
    /// wallet; that wallet makes a verifier keyring with `message encrypt`; the second wallet reads the field.
    @Test func aVerifierKeyringMadeBySubjectDecryptsForTheVerifier() throws {
        let subject = try MessageWallet()
        let verifier = try MessageWallet(phrase: MessageWallet.otherPhrase)
        let certifier = try PrivateKey(rawRepresentation: [UInt8](repeating: 0xce, count: 32))
        let type = [UInt8](repeating: 0x11, count: 32)
        let serial = [UInt8](repeating: 0x22, count: 32)
        let fieldKey = [UInt8](repeating: 0x33, count: 32)
        let iv = [UInt8](repeating: 0x44, count: 32)
        let box = try AESGCM.seal(Array("Alice".utf8), key: fieldKey, iv: iv)
        let value = Base64.encode(iv + box.ciphertext + box.tag)
        // The binary preimage: type, serial, subject, certifier, txid as written, vout, count, name, value.
        let txid = [UInt8](repeating: 0xab, count: 32)
        var preimage = type + serial + (try Hex.decode(subject.identityKey)) + certifier.publicKey.compressed + txid
        preimage += [2, 1, 4] + Array("name".utf8) + [UInt8(value.utf8.count)] + Array(value.utf8)
        // The certifier's BRC-42 child for "anyone": c + HMAC(compressed(c·G), invoice).
        let invoice = "2-certificate signature-\(Base64.encode(type)) \(Base64.encode(serial))"
        let tweak = Scalar.reducedModOrder(HMAC.sha256(key: certifier.publicKey.compressed, message: Array(invoice.utf8)))
        let signature = try certifier.adding(tweak: tweak).signature(forDigest: Hash.sha256(preimage))
        let certificate: [String: Any] = [
            "type": Base64.encode(type), "serialNumber": Base64.encode(serial), "subject": subject.identityKey,
            "certifier": certifier.publicKey.compressed.hex, "revocationOutpoint": txid.hex + ".2",
            "fields": ["name": value], "signature": signature.derRepresentation.hex,
        ]
        // The subject encrypts the field key for the verifier (BRC-2, key ID "<serial> name").
        let keyFile = try subject.f.write("fieldkey", fieldKey)
        let entry = try subject.run([
            "message", "encrypt", keyFile, "--protocol", "certificate field encryption",
            "--key-id", "\(Base64.encode(serial)) name", "--counterparty", verifier.identityKey,
        ])
        #expect(entry.exitCode == 0, "stderr: \(entry.stderr)")
        let keyring = ["name": entry.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
        let certFile = try Self.write(verifier.f, "cert.json", certificate)
        let keyringFile = try Self.write(verifier.f, "keyring.json", keyring)
        let result = try verifier.run(["cert", "verify", certFile, "--keyring", keyringFile, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let object = try MessageWallet.json(result)
        #expect(object["valid"] as? Bool == true)
        #expect(object["decryptedFields"] as? [String: String] == ["name": "Alice"])
        #expect(object["revocationOutpoint"] as? String == txid.hex + ".2")
        #expect(object["revocationDisabled"] as? Bool == false)
        // The keyring inside the certificate document works the same; the subject cannot use the verifier's.
        var withKeyring = certificate
        withKeyring["keyring"] = keyring
        let embedded = try Self.write(verifier.f, "with-keyring.json", withKeyring)
        let human = try verifier.run(["cert", "verify", embedded])
        #expect(human.exitCode == 0, "stderr: \(human.stderr)")
        #expect(human.stdout.contains("field name: \"Alice\""))
        let wrongReader = try subject.run(["cert", "verify", try Self.write(subject.f, "c.json", withKeyring)])
        #expect(wrongReader.exitCode == 65)
        #expect(wrongReader.stderr.contains("did not decrypt"))
        #expect(try verifier.run(["cert", "verify", certFile, "--master"]).exitCode == 64)
    }
}
