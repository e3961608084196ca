import HFCrypto

/// Dice rolls as the entropy of a new BIP39 phrase (issue 18).
///
/// The rolls are the digits `1`–`6`; whitespace between them is ignored. A phrase of 12 words needs at least 50
/// rolls, one of 24 words at least 99 (a fair die gives log2(6) ≈ 2.585 bits a roll). Rolls that are obviously not
/// random, or that anyone could guess, are refused: a published example (the worked example of `hf-signer(1)`,
/// ``publishedExamples``), the same roll more than ``longestRun`` times in a row, face counts whose χ² statistic
/// (5 degrees of freedom) is above ``chiSquareLimit``, or a sequence that repeats itself: its shortest period is at
/// most a third of its length (`123456` × 20, `1122334455` × 10). Honest rolls of a fair die pass practically
/// always (the χ² limit refuses about one honest sequence in a million; a repeating pattern one in 6^34 or fewer).
///
/// The entropy is `SHA-256(the rolls as ASCII digits, without whitespace)` truncated to 16 or 32 bytes, XORed with
/// as many bytes from the system's random source, so that a phrase is never weaker than either source. With the
/// mixing left out (`--dice-only`) anyone can recompute the phrase from the rolls:
/// `echo -n ROLLS | sha256sum`, the first 32 (12 words) or all 64 hex digits are the BIP39 entropy — the method of
/// SeedSigner, Coldcard and iancoleman.io/bip39's "Base 10" mode.
///
/// The value holds the rolls in zeroizing storage; they are secret.
public struct DiceEntropy: Sendable {
    /// The largest number of equal rolls in a row that is accepted.
    public static let longestRun = 8

    /// The χ² value (5 degrees of freedom) above which the face counts are refused: p < 0.000001, so that honest
    /// rolls are practically never refused (at p < 0.001 one honest sequence in a thousand was), while dice that
    /// show only some faces still are (two faces alone: χ² ≥ 100 for 50 rolls).
    public static let chiSquareLimit = 35.89

    /// Published roll sequences that must never be used, however random they look: the worked example of
    /// `hf-signer(1)` (SeedSigner's `test_50_dice_rolls`), as SHA-256 of the ASCII rolls.
    public static let publishedExamples: Set<[UInt8]> = [
        // 12345612345612345612345612345612345612345612345612
        [
            0xee, 0x72, 0xae, 0x91, 0x5a, 0x4e, 0x6e, 0xa7, 0xcc, 0xbe, 0xb8, 0xe5, 0xe5, 0xee, 0xce, 0xf2,
            0x9a, 0x1d, 0x0d, 0x90, 0xf0, 0x53, 0x18, 0x37, 0x26, 0xa4, 0x24, 0xb6, 0xd3, 0xb0, 0x73, 0x25,
        ],
    ]

    /// The phrase length the rolls are for.
    public let length: Mnemonic.GeneratedLength

    /// The rolls as ASCII digits `1`–`6`, without whitespace.
    private let rolls: SecureBytes

    // MARK: - Initializers

    /// Parses and checks rolls for a phrase of `length`.
    ///
    /// - Parameters:
    ///   - text: the rolls as typed or read from a file: digits `1`–`6`, any whitespace between them. Secret: the
    ///     caller zeroizes its copy.
    ///   - length: 12 or 24 words.
    /// - Throws: `DiceError.notARoll` for the first other character, then `.tooFewRolls`, `.published`,
    ///   `.longRun`, `.unevenFaces`, `.repeating`, in that order.
    public init(text: [UInt8], length: Mnemonic.GeneratedLength) throws(DiceError) {
        var digits: [UInt8] = []
        digits.reserveCapacity(text.count)
        defer { Zeroization.zeroize(&digits) }
        for (offset, byte) in text.enumerated() {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "6"): digits.append(byte)
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: continue
            default: throw .notARoll(position: offset + 1)
            }
        }
        let needed = Self.minimumRolls(for: length)
        guard digits.count >= needed else { throw .tooFewRolls(count: digits.count, needed: needed) }
        var digest = Hash.sha256(digits)
        defer { Zeroization.zeroize(&digest) }
        guard !Self.publishedExamples.contains(digest) else { throw .published }
        let run = Self.longestRunLength(digits)
        guard run <= Self.longestRun else { throw .longRun(length: run) }
        let chiSquare = Self.chiSquare(digits)
        guard chiSquare <= Self.chiSquareLimit else { throw .unevenFaces(chiSquare: chiSquare) }
        let period = Self.shortestPeriod(digits)
        guard period * 3 > digits.count else { throw .repeating(period: period) }
        self.length = length
        rolls = SecureBytes(digits)
    }

    // MARK: - Properties

    /// The number of rolls. Not secret.
    public var count: Int { rolls.count }

    // MARK: - Methods

    /// The phrase of these rolls mixed with the system's random source (`SecureRandom`), or of the rolls alone.
    ///
    /// - Parameter diceOnly: true for the reproducible phrase of the rolls alone.
    public func mnemonic(diceOnly: Bool) -> Mnemonic {
        guard !diceOnly else { return mnemonic(mixing: nil) }
        var random = SecureRandom.bytes(length.entropyByteCount)
        defer { Zeroization.zeroize(&random) }
        return mnemonic(mixing: random)
    }

    /// The phrase of `SHA-256(rolls)` truncated to the entropy length, XORed with `random`.
    ///
    /// - Parameter random: exactly 16 (12 words) or 32 (24 words) bytes to XOR in, or nil for the rolls alone.
    ///   Secret. Injected so that tests are deterministic; commands use ``mnemonic(diceOnly:)``.
    public func mnemonic(mixing random: [UInt8]?) -> Mnemonic {
        let byteCount = length.entropyByteCount
        precondition(random == nil || random?.count == byteCount, "DiceEntropy: \(byteCount) random bytes expected")
        var entropy = rolls.withUnsafeBytes { Self.hashedEntropy(rolls: Array($0), byteCount: byteCount) }
        defer { Zeroization.zeroize(&entropy) }
        if let random {
            for index in 0..<byteCount { entropy[index] ^= random[index] }
        }
        return Mnemonic(validatedEntropy: entropy)
    }

    // MARK: - Static members

    /// The fewest rolls for a phrase of `length`: 50 for 12 words, 99 for 24 (128 and 256 bits at 2.585 bits each).
    public static func minimumRolls(for length: Mnemonic.GeneratedLength) -> Int {
        switch length {
        case .twelveWords: 50
        case .twentyFourWords: 99
        }
    }

    /// The first `byteCount` bytes of `SHA-256(rolls)`. Secret.
    static func hashedEntropy(rolls: [UInt8], byteCount: Int) -> [UInt8] {
        var digest = Hash.sha256(rolls)
        defer { Zeroization.zeroize(&digest) }
        return Array(digest[..<byteCount])
    }

    /// The length of the longest run of equal rolls.
    static func longestRunLength(_ rolls: [UInt8]) -> Int {
        var longest = 0
        var current = 0
        var previous: UInt8 = 0
        for roll in rolls {
            current = roll == previous ? current + 1 : 1
            previous = roll
            longest = max(longest, current)
        }
        previous = 0
        return longest
    }

    /// The shortest period `p` of `rolls`: `rolls[i] == rolls[i + p]` for every `i` (the length itself when the
    /// sequence does not repeat), from the prefix function.
    static func shortestPeriod(_ rolls: [UInt8]) -> Int {
        guard !rolls.isEmpty else { return 0 }
        var prefix = [Int](repeating: 0, count: rolls.count)
        var matched = 0
        for index in 1..<rolls.count {
            while matched > 0, rolls[index] != rolls[matched] { matched = prefix[matched - 1] }
            if rolls[index] == rolls[matched] { matched += 1 }
            prefix[index] = matched
        }
        return rolls.count - prefix[rolls.count - 1]
    }

    /// Pearson's χ² of the face counts against a fair die: Σ (observed − n/6)² / (n/6).
    static func chiSquare(_ rolls: [UInt8]) -> Double {
        var counts = [Int](repeating: 0, count: 6)
        for roll in rolls { counts[Int(roll - UInt8(ascii: "1"))] += 1 }
        let expected = Double(rolls.count) / 6
        let statistic = counts.reduce(0.0) { sum, observed in
            let difference = Double(observed) - expected
            return sum + difference * difference / expected
        }
        for index in counts.indices { counts[index] = 0 }
        return statistic
    }
}

extension Mnemonic.GeneratedLength {
    /// The bytes of BIP39 entropy: 16 for 12 words, 32 for 24.
    public var entropyByteCount: Int { rawValue * 4 / 3 }
}

extension DiceEntropy: CustomStringConvertible {
    /// The number of rolls only, never a roll.
    public var description: String { "DiceEntropy(\(count) rolls)" }
}
