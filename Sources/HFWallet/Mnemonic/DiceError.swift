/// Why a sequence of dice rolls was refused as the entropy of a new phrase.
///
/// No case carries a roll: even refused rolls are left out of messages, so an error on screen or in a terminal's
/// scrollback tells nothing about the dice. Positions are 1-based, as a person counts characters.
public enum DiceError: Error, Equatable, Sendable {
    /// The character at `position` (1-based, whitespace included) is neither a roll `1`–`6` nor whitespace.
    case notARoll(position: Int)
    /// `count` rolls were given; a phrase of this length needs at least `needed` (2.585 bits each).
    case tooFewRolls(count: Int, needed: Int)
    /// The same roll `length` times in a row, more than ``DiceEntropy/longestRun`` allows.
    case longRun(length: Int)
    /// The face counts are too uneven for a fair die: χ² with 5 degrees of freedom is `chiSquare`, above
    /// ``DiceEntropy/chiSquareLimit`` (p < 0.000001).
    case unevenFaces(chiSquare: Double)
    /// The rolls are a published example (``DiceEntropy/publishedExamples``): anyone can recompute their phrase.
    case published
    /// The rolls repeat a pattern of `period` rolls over the whole sequence (a period at most a third of it).
    case repeating(period: Int)
}

extension DiceError: CustomStringConvertible {
    /// A sentence naming the problem and what to do, without any roll.
    public var description: String {
        switch self {
        case .notARoll(let position):
            "character \(position) of the rolls is not a roll 1 to 6 or whitespace; give only the digits 1-6"
        case .tooFewRolls(let count, let needed):
            "\(count) dice rolls are too few: this phrase needs at least \(needed) (2.585 bits each); roll more"
        case .longRun(let length):
            "the same roll appears \(length) times in a row (at most \(DiceEntropy.longestRun) are allowed): "
                + "these rolls do not look random; roll a real die again"
        case .unevenFaces(let chiSquare):
            "the six faces are too unevenly spread for a fair die (chi-square \(Self.rounded(chiSquare)), above "
                + "\(DiceEntropy.chiSquareLimit), p < 0.000001): use a fair die and roll again"
        case .published:
            "these are the published example rolls (hf-signer(1)): anyone can recompute their phrase; never use "
                + "them, roll a real die"
        case .repeating(let period):
            "the rolls repeat a pattern of \(period) rolls from start to end: anyone could guess them; roll a real "
                + "die again"
        }
    }

    /// `chiSquare` with two decimals.
    private static func rounded(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
