import HFStore
import Testing

/// The keyshare id rule every vault kind applies.
@Suite struct VaultIDTests {
    @Test func stableNamesAreAccepted() throws {
        for id in [
            "treasury-main-p2", "wallet-" + String(repeating: "ab", count: 32), "a", "k.1_x-2",
            String(repeating: "k", count: 100), String(repeating: "f", count: 31),
        ] {
            try VaultID.validate(id)
            #expect(VaultID.isValid(id))
        }
    }

    @Test func malformedIDsAreRefused() {
        for id in [
            "", "Wallet", "a b", "wallet/1", ".hidden", "..", ".", "-x", "_x", "wallet-é", "vault-check",
            String(repeating: "a", count: 101), "a\u{0}b", "x\n",
        ] {
            #expect(throws: VaultError.invalidID(id)) { try VaultID.validate(id) }
        }
    }

    @Test func idsThatLookLikeSecretsAreRefusedWithoutRepeatingThem() {
        let secrets = [
            String(repeating: "0123456789abcdef", count: 4),  // a private key in hex
            String(repeating: "ab", count: 16),  // 16 bytes of entropy
            "abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-abandon-about",
            "legal.winner.thank.year.wave.sausage.worth.useful.legal.winner.thank.yellow",
        ]
        for id in secrets {
            #expect(throws: VaultError.secretLikeID) { try VaultID.validate(id) }
        }
        #expect(!VaultError.secretLikeID.description.contains("abandon"))
        // A WIF or an xprv cannot pass the character set at all.
        #expect(!VaultID.isValid("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn"))
        #expect(!VaultError.invalidID("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn").description.contains("qYjgd9M7"))
    }
}
