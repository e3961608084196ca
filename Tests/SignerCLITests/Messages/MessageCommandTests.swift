import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-signer message sign|verify|encrypt|decrypt`.
@Suite struct MessageCommandTests {
    @Test func signWithTheIdentityKeyAndVerify() throws {
        let w = try MessageWallet()
        let message = try w.file("msg", "hello from the signer\n")
        let signed = try w.run(["message", "sign", message, "--json"])
        #expect(signed.exitCode == 0, "stderr: \(signed.stderr)")
        let object = try MessageWallet.json(signed)
        #expect(object["key"] as? String == "identity")
        #expect(object["publicKey"] as? String == w.identityKey)
        let signature = try #require(object["signature"] as? String)
        let address = try #require(object["address"] as? String)
        #expect(signature.count == 88)
        // Deterministic, and the same from stdin.
        let fromStdin = try w.run(["message", "sign"], stdin: "hello from the signer\n")
        #expect(fromStdin.stdout == signature + "\n")
        // Verification needs no home.
        for target in [["--pubkey", w.identityKey], ["--address", address]] {
            let ok = try w.f.signer.run(["message", "verify", message, "--signature", signature] + target)
            #expect(ok.exitCode == 0, "stderr: \(ok.stderr)")
            #expect(ok.stdout == "valid\n")
            let changed = try w.f.signer.run(["message", "verify", "--signature", signature] + target, stdin: "hello\n")
            #expect(changed.exitCode == 65)
            #expect(changed.stdout == "invalid\n")
        }
        let json = try w.f.signer.run(["message", "verify", message, "--signature", signature, "--address", address, "--json"])
        let verdict = try MessageWallet.json(json)
        #expect(verdict["valid"] as? Bool == true)
        #expect(verdict["recoveredPublicKey"] as? String == w.identityKey)
        #expect(verdict["recoveredAddress"] as? String == address)
    }

    @Test func signWithAnAddressKey() throws {
        let w = try MessageWallet()
        let list = try w.run(["address", "list", "--count", "2", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let address = try #require(entries[1]["address"] as? String)
        let message = try w.file("msg", "paid by address 1")
        let signed = try w.run(["message", "sign", message, "--address", address, "--json"])
        #expect(signed.exitCode == 0, "stderr: \(signed.stderr)")
        let object = try MessageWallet.json(signed)
        #expect(object["address"] as? String == address)
        #expect(object["key"] as? String == "address")
        let signature = try #require(object["signature"] as? String)
        #expect(try w.f.signer.run(["message", "verify", message, "--signature", signature, "--address", address]).exitCode == 0)
        // Another wallet's address (the BSM vector's) cannot sign here.
        let foreign = try w.run(["message", "sign", message, "--address", "184fYm4iWJU9t2P3xfdNceFs6SJpXhXvXA"])
        #expect(foreign.exitCode == 65)
        #expect(foreign.stderr.contains("is not an address of wallet"))
    }

    /// The ts-sdk BSM vector verifies through the command.
    @Test func verifyTheReferenceVector() throws {
        let f = try SignerFixtures()
        let message = try f.dir.write("hello", "hello world")
        let signature = "H4T8Asr0WkC6wYfBESR6pCAfECtdsPM4fwiSQ2qndFi8dVtv/mrOFaySx9xQE7j24ugoJ4iGnsRwAC8QwaoHOXk="
        let ok = try f.signer.run([
            "message", "verify", message, "--signature", signature, "--address", "184fYm4iWJU9t2P3xfdNceFs6SJpXhXvXA",
        ])
        #expect(ok.exitCode == 0, "stderr: \(ok.stderr)")
        let pubkey = "03bbce95ff192e17a6d842cbafe14f7f192ac0466e7f0928c187398e627e66a84f"
        #expect(try f.signer.run(["message", "verify", message, "--signature", signature, "--pubkey", pubkey]).exitCode == 0)
        // Bad base64 and an out-of-range header are data errors, not crashes.
        let bad = try f.signer.run(["message", "verify", message, "--signature", "not base64!", "--pubkey", pubkey])
        #expect(bad.exitCode == 65)
        var bytes = try Base64.decode(signature)
        bytes[0] = 35
        let segwit = try f.signer.run(["message", "verify", message, "--signature", Base64.encode(bytes), "--pubkey", pubkey])
        #expect(segwit.exitCode == 65)
        #expect(segwit.stderr.contains("header byte 35"))
        // Usage: exactly one of --address and --pubkey.
        #expect(try f.signer.run(["message", "verify", message, "--signature", signature]).exitCode == 64)
    }

    /// BIE1 both ways with an independent implementation: the wallet opens what it is sent, and what the command
    /// encrypts opens with the recipient's key.
    @Test func bie1InteroperatesWithAnIndependentImplementation() throws {
        let w = try MessageWallet()
        let identity = try PublicKey(serialized: Hex.decode(w.identityKey))
        let stranger = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x5c, count: 32))
        let sent = try IndependentBIE1.encrypt(Array("to the wallet".utf8), from: stranger, to: identity)
        let text = Base64.encode(sent)
        #expect(text.hasPrefix("QklFM"))
        let opened = try w.run(["message", "decrypt", "--json"], stdin: text + "\n")
        #expect(opened.exitCode == 0, "stderr: \(opened.stderr)")
        let object = try MessageWallet.json(opened)
        #expect(object["plaintext"] as? String == "to the wallet")
        #expect(object["sender"] as? String == stranger.publicKey.compressed.hex)
        #expect(object["scheme"] as? String == "bie1")
        // Raw bytes on stdin too (a file starting "BIE1").
        let raw = try w.f.write("raw.bie1", sent)
        #expect(try w.run(["message", "decrypt", raw]).stdout == "to the wallet")
        // The command encrypts to the stranger; no wallet is needed for an ephemeral sender.
        let encrypted = try w.f.signer.run(["message", "encrypt", "--to", stranger.publicKey.compressed.hex], stdin: "to you")
        #expect(encrypted.exitCode == 0, "stderr: \(encrypted.stderr)")
        let message = try Base64.decode(encrypted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try IndependentBIE1.decrypt(message, with: stranger) == Array("to you".utf8))
    }

    @Test func bie1FromTheIdentityWithoutTheKey() throws {
        let w = try MessageWallet()
        let message = try w.file("msg", "no key inside")
        let sealed = try w.run(["message", "encrypt", message, "--to", w.identityKey, "--from-identity", "--no-key"])
        #expect(sealed.exitCode == 0, "stderr: \(sealed.stderr)")
        let ciphertext = try w.file("sealed", sealed.stdout)
        let missing = try w.run(["message", "decrypt", ciphertext])
        #expect(missing.exitCode == 65)
        #expect(missing.stderr.contains("no sender public key"))
        let opened = try w.run(["message", "decrypt", ciphertext, "--from", w.identityKey])
        #expect(opened.exitCode == 0, "stderr: \(opened.stderr)")
        #expect(opened.stdout == "no key inside")
        #expect(try w.run(["message", "encrypt", message, "--to", w.identityKey, "--no-key"]).exitCode == 64)
    }

    /// BRC-2 between two wallets: each derives the same key from its identity key and the other's.
    @Test func brc2BetweenTwoWallets() throws {
        let alice = try MessageWallet()
        let bob = try MessageWallet(phrase: MessageWallet.otherPhrase)
        let options = ["--protocol", "hf message test", "--key-id", "7"]
        let sealed = try alice.run(["message", "encrypt", "--json", "--counterparty", bob.identityKey] + options, stdin: "for bob")
        #expect(sealed.exitCode == 0, "stderr: \(sealed.stderr)")
        let object = try MessageWallet.json(sealed)
        #expect(object["scheme"] as? String == "brc2")
        let ciphertext = try #require(object["ciphertext"] as? String)
        #expect(try Base64.decode(ciphertext).count == 32 + 7 + 16)
        let opened = try bob.run(["message", "decrypt", "--counterparty", alice.identityKey] + options, stdin: ciphertext)
        #expect(opened.exitCode == 0, "stderr: \(opened.stderr)")
        #expect(opened.stdout == "for bob")
        // Another key ID, level, counterparty or reader fails authentication.
        for wrong in [
            ["--protocol", "hf message test", "--key-id", "8", "--counterparty", alice.identityKey],
            ["--protocol", "hf message test", "--key-id", "7", "--level", "1", "--counterparty", alice.identityKey],
            ["--protocol", "hf message test", "--key-id", "7", "--counterparty", bob.identityKey],
        ] {
            let failed = try bob.run(["message", "decrypt"] + wrong, stdin: ciphertext)
            #expect(failed.exitCode == 65)
            #expect(failed.stderr.contains("failed authentication"))
        }
        #expect(try alice.run(["message", "decrypt", "--counterparty", alice.identityKey] + options, stdin: ciphertext).exitCode == 65)
        // Self encryption (the default counterparty).
        let mine = try alice.run(["message", "encrypt", "--protocol", "hf notes", "--key-id", "1"], stdin: "note")
        let back = try alice.run(["message", "decrypt", "--protocol", "hf notes", "--key-id", "1"], stdin: mine.stdout)
        #expect(back.stdout == "note")
    }

    @Test func rejections() throws {
        let w = try MessageWallet()
        let sealed = try w.run(["message", "encrypt", "--to", w.identityKey], stdin: "x")
        var bytes = try Base64.decode(sealed.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // Bad MAC.
        bytes[bytes.count - 1] ^= 1
        let badMAC = try w.run(["message", "decrypt"], stdin: Base64.encode(bytes))
        #expect(badMAC.exitCode == 65)
        #expect(badMAC.stderr.contains("failed authentication"))
        // Truncated, wrong magic, bad base64.
        let truncated = try w.run(["message", "decrypt"], stdin: Base64.encode(Array(bytes.prefix(40))))
        #expect(truncated.exitCode == 65)
        #expect(truncated.stderr.contains("too short"))
        let magic = try w.run(["message", "decrypt"], stdin: Base64.encode(Array("BIE2".utf8) + bytes.dropFirst(4)))
        #expect(magic.exitCode == 65)
        #expect(magic.stderr.contains("BIE1 magic"))
        #expect(try w.run(["message", "decrypt"], stdin: "QklFM!!!").exitCode == 65)
        // Usage mistakes and missing input.
        #expect(try w.run(["message", "encrypt", "--to", w.identityKey, "--protocol", "hf notes", "--key-id", "1"]).exitCode == 64)
        #expect(try w.run(["message", "encrypt", "--to", "02abcd"]).exitCode == 64)
        #expect(try w.run(["message", "encrypt", "--protocol", "hf notes"]).exitCode == 64)
        #expect(try w.run(["message", "encrypt", "--protocol", "x", "--key-id", "1"]).exitCode == 64)
        #expect(try w.run(["message", "decrypt", "--key-id", "1"]).exitCode == 64)
        #expect(try w.run(["message", "sign", w.f.dir.path("absent")]).exitCode == 66)
    }
}
