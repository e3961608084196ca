internal import Foundation
public import HFCrypto

/// A BIP39 mnemonic (English wordlist): entropy, its words, and the seed they stretch to.
///
/// The value holds only the entropy, in zeroizing storage; the words are recomputed on demand. Everything this type
/// returns except `wordCount` is secret.
///
/// **Input normalization** (`init(phrase:)`): the text is NFKD-normalized, split on any run of whitespace or newlines
/// (leading and trailing whitespace is ignored), and each word is lower-cased. The English list is lower-case ASCII,
/// so this accepts what a person types or pastes without changing which phrase is meant. The seed is always
/// derived from the canonical phrase: the lower-case words joined by single spaces.
public struct Mnemonic: Sendable {
    /// The lengths of newly generated phrases (docs/design.md §3: 12 or 24 words).
    public enum GeneratedLength: Int, Sendable, CaseIterable {
        /// 12 words, 128 bits of entropy.
        case twelveWords = 12
        /// 24 words, 256 bits of entropy.
        case twentyFourWords = 24
    }

    /// The word counts BIP39 allows and `init(phrase:)` accepts.
    public static let validWordCounts: [Int] = [12, 15, 18, 21, 24]

    /// The PBKDF2 iteration count of the BIP39 seed function.
    public static let seedIterations = 2048

    /// The entropy, 16 to 32 bytes.
    private let entropyStorage: SecureBytes

    // MARK: - Initializers

    /// Wraps BIP39 entropy.
    ///
    /// - Parameter entropy: 16, 20, 24, 28 or 32 bytes (12 to 24 words). Secret: the caller zeroizes its copy.
    /// - Throws: `MnemonicError.invalidEntropyLength`.
    public init(entropy: [UInt8]) throws(MnemonicError) {
        guard [16, 20, 24, 28, 32].contains(entropy.count) else { throw .invalidEntropyLength(entropy.count) }
        entropyStorage = SecureBytes(entropy)
    }

    /// Parses a phrase, normalizing it as described on the type, and verifies its checksum.
    ///
    /// - Parameter phrase: the words, separated by any whitespace. Secret.
    /// - Throws: `MnemonicError.invalidWordCount`, then `.unknownWord(position:)` for the first word not in the
    ///   list, then `.badChecksum`.
    public init(phrase: String) throws(MnemonicError) {
        let words = Self.normalizedWords(phrase)
        guard Self.validWordCounts.contains(words.count) else { throw .invalidWordCount(words.count) }
        var indices: [Int] = []
        indices.reserveCapacity(words.count)
        for (offset, word) in words.enumerated() {
            guard let index = BIP39Wordlist.englishIndex[word] else { throw .unknownWord(position: offset + 1) }
            indices.append(index)
        }
        var entropy = try Self.entropy(fromIndices: indices)
        defer { Zeroization.zeroize(&entropy) }
        entropyStorage = SecureBytes(entropy)
    }

    /// A new mnemonic from the CSPRNG.
    ///
    /// - Parameter length: 12 or 24 words; 24 by default.
    public static func generate(_ length: GeneratedLength = .twentyFourWords) -> Mnemonic {
        var entropy = SecureRandom.bytes(length.rawValue * 4 / 3)
        defer { Zeroization.zeroize(&entropy) }
        return Mnemonic(validatedEntropy: entropy)
    }

    /// Wraps entropy whose length is known to be valid (16 or 32 bytes from `generate` or `DiceEntropy`).
    init(validatedEntropy entropy: [UInt8]) {
        entropyStorage = SecureBytes(entropy)
    }

    // MARK: - Properties

    /// The number of words: 12, 15, 18, 21 or 24. Not secret.
    public var wordCount: Int { entropyStorage.count * 3 / 4 }

    /// A copy of the entropy. Secret: zeroize it when done.
    public var entropy: [UInt8] { entropyStorage.bytes }

    /// The words, in order. Secret.
    public var words: [String] {
        var entropy = entropyStorage.bytes
        defer { Zeroization.zeroize(&entropy) }
        return Self.indices(fromEntropy: entropy).map { BIP39Wordlist.english[$0] }
    }

    /// The canonical phrase: the words joined by single spaces. Secret: show it only when the user asks for it.
    public var phrase: String { words.joined(separator: " ") }

    // MARK: - Methods

    /// The 64-byte BIP39 seed: `PBKDF2-HMAC-SHA512(NFKD(phrase), "mnemonic" + NFKD(passphrase), 2048, 64)`.
    ///
    /// - Parameter passphrase: the optional BIP39 passphrase ("25th word"); empty by default. Secret.
    /// - Returns: the seed in zeroizing storage.
    public func seed(passphrase: String = "") -> SecureBytes {
        var password = canonicalPhraseBytes()
        var salt = Array("mnemonic".utf8) + Array(passphrase.decomposedStringWithCompatibilityMapping.utf8)
        defer {
            Zeroization.zeroize(&password)
            Zeroization.zeroize(&salt)
        }
        var seed = PBKDF2.sha512(password: password, salt: salt, iterations: Self.seedIterations, keyLength: 64)
        return SecureBytes(consuming: &seed)
    }

    /// The canonical phrase as UTF-8, built from the word list with no intermediate `String` (whose freed storage
    /// nobody could zeroize). The English words are lower-case ASCII, which NFKD leaves as they are, so these are
    /// the bytes of `phrase` after normalization. Secret: the caller zeroizes them.
    func canonicalPhraseBytes() -> [UInt8] {
        var entropy = entropyStorage.bytes
        var indices = Self.indices(fromEntropy: entropy)
        defer {
            Zeroization.zeroize(&entropy)
            indices.withUnsafeMutableBytes { Zeroization.zeroize($0) }
        }
        var bytes: [UInt8] = []
        // Room for the longest phrase (24 words of at most 8 letters, and the spaces), so it never reallocates and
        // leaves a copy behind.
        bytes.reserveCapacity(indices.count * 9)
        for (position, index) in indices.enumerated() {
            if position > 0 { bytes.append(0x20) }
            bytes.append(contentsOf: BIP39Wordlist.english[index].utf8)
        }
        return bytes
    }

    // MARK: - Static helpers

    /// NFKD, split on whitespace runs, lower-case each word.
    static func normalizedWords(_ phrase: String) -> [String] {
        phrase.decomposedStringWithCompatibilityMapping
            .split(whereSeparator: { $0.isWhitespace || $0.isNewline })
            .map { $0.lowercased() }
    }

    /// The 11-bit word indices of `entropy ‖ first ENT/32 bits of SHA-256(entropy)`.
    static func indices(fromEntropy entropy: [UInt8]) -> [Int] {
        let count = entropy.count * 3 / 4
        var checksum = Hash.sha256(entropy)
        defer { Zeroization.zeroize(&checksum) }
        var indices: [Int] = []
        indices.reserveCapacity(count)
        var accumulator: UInt32 = 0
        var bits = 0
        for position in 0...entropy.count {
            let byte = position < entropy.count ? entropy[position] : checksum[0]
            accumulator = (accumulator << 8) | UInt32(byte)
            bits += 8
            if bits >= 11 {
                bits -= 11
                indices.append(Int((accumulator >> UInt32(bits)) & 0x7ff))
                accumulator &= (1 << UInt32(bits)) - 1
                if indices.count == count { break }
            }
        }
        accumulator = 0
        return indices
    }

    /// Packs 11-bit indices back into entropy and checks the trailing checksum bits.
    static func entropy(fromIndices indices: [Int]) throws(MnemonicError) -> [UInt8] {
        let entropyCount = indices.count * 4 / 3
        let checksumBits = indices.count / 3
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entropyCount + 1)
        var accumulator: UInt32 = 0
        var bits = 0
        for index in indices {
            accumulator = (accumulator << 11) | UInt32(index)
            bits += 11
            while bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // 24 words: the 8 checksum bits form byte 33; otherwise they are the `bits` left in the accumulator.
        let found = bytes.count > entropyCount ? bytes[entropyCount] : UInt8(truncatingIfNeeded: accumulator)
        accumulator = 0
        var entropy = Array(bytes[..<entropyCount])
        Zeroization.zeroize(&bytes)
        let expected = Hash.sha256(entropy)[0] >> UInt8(8 - checksumBits)
        guard found == expected else {
            Zeroization.zeroize(&entropy)
            throw .badChecksum
        }
        return entropy
    }
}

extension Mnemonic: Equatable {
    /// Constant-time comparison of the entropy.
    public static func == (lhs: Mnemonic, rhs: Mnemonic) -> Bool {
        var a = lhs.entropy
        var b = rhs.entropy
        defer {
            Zeroization.zeroize(&a)
            Zeroization.zeroize(&b)
        }
        return constantTimeEqual(a, b)
    }
}

extension Mnemonic: CustomStringConvertible {
    /// The word count only, never a word.
    public var description: String { "Mnemonic(\(wordCount) words)" }
}
