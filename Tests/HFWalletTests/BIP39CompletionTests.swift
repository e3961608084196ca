import Testing

@testable import HFWallet

@Suite struct BIP39CompletionTests {
    private func complete(_ typed: String) -> Int? { BIP39Wordlist.completion(of: Array(typed.utf8)) }

    @Test func everyWordIsNamedByItselfAndByItsFirstFourLetters() {
        for (index, word) in BIP39Wordlist.english.enumerated() {
            #expect(complete(word) == index, "\(word)")
            #expect(complete(String(word.prefix(4))) == index, "\(word)")
            #expect(complete(word.uppercased()) == index, "\(word)")
        }
    }

    @Test func handWrittenCompletions() {
        #expect(complete("aban") == 0)  // abandon
        #expect(complete("abando") == 0)
        #expect(complete(" ZOO\t") == 2047)
        #expect(complete("act") == BIP39Wordlist.english.firstIndex(of: "act"))  // a whole 3-letter word
        #expect(complete("acti") == BIP39Wordlist.english.firstIndex(of: "action"))
        #expect(complete("legal") == BIP39Wordlist.english.firstIndex(of: "legal"))
    }

    @Test func whatNamesNoWordIsRefused() {
        for typed in ["", " ", "a", "ab", "aba", "abanx", "abandonx", "zzzz", "xxxx", "aban don", "abän", "ab1n"] {
            #expect(complete(typed) == nil, "\(typed)")
        }
    }

    @Test func wordIndicesMakeTheSamePhraseAsItsWords() throws {
        let phrase = "legal winner thank year wave sausage worth useful legal winner thank yellow"
        let indices = phrase.split(separator: " ").map { BIP39Wordlist.englishIndex[String($0)]! }
        #expect(try Mnemonic(wordIndices: indices) == Mnemonic(phrase: phrase))
    }

    @Test func wordIndicesAreChecked() {
        #expect(throws: MnemonicError.badChecksum) { try Mnemonic(wordIndices: Array(repeating: 0, count: 12)) }
        #expect(throws: MnemonicError.invalidWordCount(11)) { try Mnemonic(wordIndices: Array(repeating: 0, count: 11)) }
        #expect(throws: MnemonicError.unknownWord(position: 2)) {
            try Mnemonic(wordIndices: [0, 2048] + Array(repeating: 3, count: 10))
        }
    }
}
