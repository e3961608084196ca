/// Why a BIP39 mnemonic or its entropy was rejected.
///
/// No case carries a word of the phrase: even a misspelt word is most of a secret word. Positions are 1-based, as a
/// person counts the words on their backup sheet.
public enum MnemonicError: Error, Equatable, Sendable {
    /// The phrase has `count` words; BIP39 phrases have 12, 15, 18, 21 or 24.
    case invalidWordCount(Int)
    /// The word at `position` (1-based) is not in the BIP39 English wordlist.
    case unknownWord(position: Int)
    /// Every word is in the list but the checksum does not match: a word is wrong or words are out of order.
    case badChecksum
    /// Entropy of `count` bytes; BIP39 entropy is 16, 20, 24, 28 or 32 bytes.
    case invalidEntropyLength(Int)
}

extension MnemonicError: CustomStringConvertible {
    /// A sentence naming the problem, without any word of the phrase.
    public var description: String {
        switch self {
        case .invalidWordCount(let count):
            "a recovery phrase has 12, 15, 18, 21 or 24 words, not \(count)"
        case .unknownWord(let position):
            "word \(position) is not in the BIP39 English list"
        case .badChecksum:
            "the phrase's checksum does not match: a word is wrong or the words are out of order"
        case .invalidEntropyLength(let count):
            "BIP39 entropy is 16, 20, 24, 28 or 32 bytes, not \(count)"
        }
    }
}
