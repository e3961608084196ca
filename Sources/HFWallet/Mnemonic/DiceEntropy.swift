import HFCrypto

/// Dice rolls as the entropy of a new BIP39 phrase (issue 18).
///
/// The rolls are the digits `1`–`6`; whitespace between them is ignored. A phrase of 12 words needs at least 50
/// rolls, one of 24 words at least 99 (a fair die gives log2(6) ≈ 2.585 bits a roll). Rolls that are obviously not
/// random are refused: the same roll more than ``longestRun`` times in a row, or face counts whose χ² statistic
/// (5 degrees of freedom) is above ``chiSquareLimit`` (p < 0.001).
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

    /// The χ² value (5 degrees of freedom) above which the face counts are refused: p < 0.001.
    public static let chiSquareLimit = 20.52

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
    /// - Throws: `DiceError.notARoll` for the first other character, then `.tooFewRolls`, `.longRun`,
    ///   `.unevenFaces`, in that order.
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
        let run = Self.longestRunLength(digits)
        guard run <= Self.longestRun else { throw .longRun(length: run) }
        let chiSquare = Self.chiSquare(digits)
        guard chiSquare <= Self.chiSquareLimit else { throw .unevenFaces(chiSquare: chiSquare) }
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
