import HFCommandLine
import HFCrypto
import HFWallet

/// `wallet import` on a terminal without a phrase file: the recovery phrase asked word by word.
///
/// First the number of words (12, 15, 18, 21 or 24, echoed: it is no secret), then each word without echo but one
/// `*` per key. A word is the whole BIP39 English word or at least its first four letters (no two words share
/// them); the completed word is never shown. Anything else is asked again with a short sentence that repeats
/// nothing of what was typed. The checksum is checked once every word is in: a mismatch is refused (65) and nothing
/// is stored, since a wrong word cannot be told from the others and a careful person checks the sheet before
/// typing the phrase again.
enum PhrasePrompt {
    /// Asks for the phrase on the terminal.
    /// - Returns: the phrase, its checksum verified.
    /// - Throws: `CommandError`: 64 without a terminal, 1 when cancelled or at end of input, 65 for a checksum that
    ///   does not match.
    static func run() throws(CommandError) -> Mnemonic {
        let count = try askWordCount()
        Output.message("Type each word, or its first four letters, then Enter (a * is shown for each key).")
        var indices: [Int] = []
        indices.reserveCapacity(count)
        defer { indices.withUnsafeMutableBytes { Zeroization.zeroize($0) } }
        while indices.count < count {
            var typed = try SecretInput.promptMasked(
                "Word \(indices.count + 1) of \(count): ", fileOption: "--mnemonic-file")
            defer { Zeroization.zeroize(&typed) }
            guard let index = BIP39Wordlist.completion(of: typed) else {
                Output.message("That is not a word of the BIP39 English list, or fewer than its first four letters; "
                    + "type word \(indices.count + 1) again.")
                continue
            }
            indices.append(index)
        }
        do { return try Mnemonic(wordIndices: indices) } catch {
            throw .dataError("\(error); nothing was stored: check the words on your sheet and run import again")
        }
    }

    /// The number of words, asked until it is one BIP39 allows.
    private static func askWordCount() throws(CommandError) -> Int {
        let allowed = Mnemonic.validWordCounts.map(String.init).joined(separator: ", ")
        while true {
            guard let answer = SecretInput.ask("How many words has the phrase (\(allowed))? ") else {
                throw .failure("no input; nothing was stored")
            }
            if let count = Int(answer), Mnemonic.validWordCounts.contains(count) { return count }
            Output.message("A recovery phrase has \(allowed) words.")
        }
    }
}
