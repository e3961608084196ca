import Foundation
import HFCrypto
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct BIP39WordlistTests {
    @Test func embeddedListHasTheStandardDigest() {
        let words = BIP39Wordlist.english
        #expect(words.count == 2048)
        let text = words.joined(separator: "\n") + "\n"
        #expect(
            TestHex.encode(Hash.sha256(Array(text.utf8)))
                == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda")
    }

    @Test func embeddedListMatchesTheVectorFile() throws {
        guard let data = try Vectors.data("bip39/english.txt") else { return }
        let fileWords = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(fileWords == BIP39Wordlist.english)
    }

    @Test func indexIsTheInverseOfTheList() {
        #expect(BIP39Wordlist.englishIndex.count == 2048)
        for (i, word) in BIP39Wordlist.english.enumerated() where BIP39Wordlist.englishIndex[word] != i {
            Issue.record("index of \(word) is wrong")
        }
        #expect(BIP39Wordlist.englishIndex["zoo"] == 2047)
    }
}
