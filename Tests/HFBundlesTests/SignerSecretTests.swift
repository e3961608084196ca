import HFBundles
import HFPrimitives
import Testing

/// `SignerSecret.recognize`: the signer's secret files by content and the written shapes of a secret (issue 28), and
/// what is not one.
@Suite struct SignerSecretTests {
    static let phrase12 = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    @Test func theSignersSecretFilesAreKnownByContent() {
        #expect(SignerSecret.recognize(Array("HFBK1".utf8) + [UInt8](repeating: 7, count: 40)) == .encryptedBackup)
        #expect(SignerSecret.recognize(Array("HFWF1".utf8) + [UInt8](repeating: 7, count: 40)) == .walletFile)
        #expect(SignerSecret.recognize(Array(#"{"format":"hf-backup","version":3}"#.utf8)) == .backupDocument)
        #expect(SignerSecret.recognize(Array(#"{"format":"hf-walletfile","version":2}"#.utf8)) == .walletFileDocument)
    }

    @Test(arguments: [12, 15, 18, 21, 24]) func aRecoveryPhraseOfEveryLength(words: Int) {
        let text = Array(repeating: "zoo", count: words - 1).joined(separator: " ") + " wrong\n"
        #expect(SignerSecret.recognize(Array(text.utf8)) == .recoveryPhrase(words: words))
        #expect(SignerSecret.recognize(Array(Self.phrase12.replacingSpaces(with: "\n").utf8)) == .recoveryPhrase(words: 12))
    }

    @Test func otherWordCountsAndNonWordsAreNotPhrases() {
        #expect(SignerSecret.recognize(Array(Array(repeating: "zoo", count: 11).joined(separator: " ").utf8)) == nil)
        #expect(SignerSecret.recognize(Array(Array(repeating: "zoo", count: 13).joined(separator: " ").utf8)) == nil)
        #expect(SignerSecret.recognize(Array(Array(repeating: "Zoo1", count: 12).joined(separator: " ").utf8)) == nil)
    }

    @Test func privateKeysAndSeedQRDigits() {
        let key = [UInt8](repeating: 0x11, count: 32)
        #expect(SignerSecret.recognize(Array((Base58.encodeCheck([0x80] + key + [0x01]) + "\n").utf8)) == .privateKey)
        #expect(SignerSecret.recognize(Array(Base58.encodeCheck([0xef] + key).utf8)) == .privateKey)
        let xprv = Base58.encodeCheck([0x04, 0x88, 0xad, 0xe4] + [UInt8](repeating: 0, count: 42) + key)
        #expect(xprv.hasPrefix("xprv"))
        #expect(SignerSecret.recognize(Array(xprv.utf8)) == .extendedPrivateKey)
        #expect(SignerSecret.recognize(Array(String(repeating: "0123", count: 12).utf8)) == .seedQR)
        #expect(SignerSecret.recognize(Array(String(repeating: "0123", count: 24).utf8)) == .seedQR)
    }

    /// A compact SeedQR is the phrase's raw entropy: 16 bytes (12 words) or 32 bytes (24 words) that are not text.
    /// The entropies are BIP39's published vectors (`7f7f…` for "legal winner thank year wave sausage worth useful
    /// legal winner thank yellow", `8080…` for "letter advice cage absurd amount doctor acoustic avoid letter
    /// advice cage above").
    @Test func compactSeedQRBytes() {
        #expect(SignerSecret.recognize([UInt8](repeating: 0x7f, count: 16)) == .compactSeedQR)
        #expect(SignerSecret.recognize([UInt8](repeating: 0x80, count: 32)) == .compactSeedQR)
        #expect(SignerSecret.recognize([UInt8](repeating: 0x00, count: 16)) == .compactSeedQR)
        #expect(SignerSecret.compactSeedQR.refusal.contains("a compact SeedQR"))
        // Sixteen characters of text, or a binary file of another length, is not one.
        #expect(SignerSecret.recognize(Array("sixteen bytes ok".utf8)) == nil)
        #expect(SignerSecret.recognize([UInt8](repeating: 0x80, count: 17)) == nil)
        #expect(SignerSecret.recognize([UInt8](repeating: 0x80, count: 31)) == nil)
    }

    @Test func publicThingsAreNotSecrets() throws {
        let address = Base58.encodeCheck([0x00] + [UInt8](repeating: 0x42, count: 20))
        #expect(SignerSecret.recognize(Array(address.utf8)) == nil)
        #expect(SignerSecret.recognize(Array(String(repeating: "0123", count: 13).utf8)) == nil)
        #expect(SignerSecret.recognize(Array(#"{"format":"hfaddrpack","version":1}"#.utf8)) == nil)
        #expect(SignerSecret.recognize(Array("0100beef".utf8)) == nil)
        #expect(SignerSecret.recognize([]) == nil)
    }

    @Test func theRefusalSaysWhatItIsAndWhatToDo() {
        let refusal = SignerSecret.recoveryPhrase(words: 24).refusal
        #expect(refusal.contains("a recovery phrase (24 words)"))
        #expect(refusal.contains("should not be on the online machine"))
        #expect(refusal.contains("Nothing was stored"))
        #expect(SignerSecret.encryptedBackup.refusal.contains("the signer's encrypted backup"))
    }
}

extension String {
    fileprivate func replacingSpaces(with separator: String) -> String {
        split(separator: " ").joined(separator: separator)
    }
}

/// `BundleKind.direction(importedBy:file:)`: every kind either is taken by a side's `import` or is sent to the
/// command that takes it.
@Suite struct BundleKindDirectionTests {
    static let signerTakes: Set<BundleKind> = [.headers, .receipt, .beef, .walletFile, .update, .probeResult]
    static let watcherTakes: Set<BundleKind> = [.addressPack, .sweepRequest, .state]

    @Test(arguments: BundleKind.allCases) func everyKindIsTakenOrDirected(kind: BundleKind) {
        for (reader, takes) in [(BundleReader.signer, Self.signerTakes), (.watcher, Self.watcherTakes)] {
            let direction = kind.direction(importedBy: reader, file: "F")
            if takes.contains(kind) {
                #expect(direction == nil, "\(kind) on \(reader)")
            } else {
                let sentence = direction ?? ""
                #expect(sentence.hasPrefix("this is "), "\(kind) on \(reader): \(sentence)")
                #expect(sentence.contains("`hf-") || sentence.contains("delete this one"), "\(kind) on \(reader): \(sentence)")
            }
        }
    }

    @Test func theRightCommandIsNamed() {
        #expect(BundleKind.transaction.direction(importedBy: .watcher, file: "t.hftx")
            == "this is a signed transaction (.hftx): broadcast it with `hf-watcher broadcast t.hftx`")
        #expect(BundleKind.walletAnswer.direction(importedBy: .watcher, file: "a")?.contains("`hf-watcher wallet-api deliver a`") == true)
        #expect(BundleKind.walletCall.direction(importedBy: .signer, file: "c")?.contains("`hf-signer call answer c") == true)
        #expect(BundleKind.addressPack.direction(importedBy: .signer, file: "p")?.contains("`hf-watcher import p`") == true)
        #expect(BundleKind.update.direction(importedBy: .watcher, file: "u")?.contains("`hf-signer import u`") == true)
        #expect(BundleKind.paymentRequest.direction(importedBy: .signer, file: "r")?.contains("`hf-signer send --request r") == true)
        #expect(BundleKind.authResponse.direction(importedBy: .signer, file: "x")?.contains("`hf-watcher auth deliver x`") == true)
        #expect(BundleKind.probe.direction(importedBy: .watcher, file: "p.hfprobe")
            == "this is a probe of a recovery phrase's addresses (.hfprobe): look its addresses up with "
                + "`hf-watcher probe p.hfprobe --out FILE.hfproberesult`")
        #expect(BundleKind.probe.direction(importedBy: .signer, file: "p")?.contains("to the online machine") == true)
        #expect(BundleKind.probeResult.direction(importedBy: .watcher, file: "r")?.contains("`hf-signer import r`") == true)
    }
}
