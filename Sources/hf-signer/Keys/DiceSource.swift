import HFCommandLine
import HFCrypto
import HFSignerCore
import HFWallet

/// The `--dice`, `--dice-file` and `--dice-only` options of `keys generate-mnemonic` and `wallet create`: the new
/// phrase's entropy from dice rolls (``DiceEntropy``), mixed with the system's random source unless `--dice-only`.
struct DiceSource: Sendable {
    static let options = [
        Option.dice,
        Option.diceFile,
        Option.diceOnly,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let dice = OptionHelp(
            flag: "--dice", help: "Take the entropy from dice rolls (1-6) typed on the terminal, mixed with CSPRNG.")
        static let diceFile = OptionHelp(
            "--dice-file", value: "file", help: "Read the dice rolls from this file (mode 0600); implies --dice.")
        static let diceOnly = OptionHelp(
            flag: "--dice-only", help: "Use the rolls alone: anyone with the rolls can recompute the phrase.")
    }

    /// The rolls file, or nil to ask on the terminal.
    let file: String?
    /// Whether the system's random bytes are left out.
    let diceOnly: Bool

    /// The dice options on the line, or nil when neither `--dice` nor `--dice-file` is given.
    /// - Throws: `UsageError` for `--dice-only` without `--dice`.
    static func parse(_ arguments: inout Arguments) throws(UsageError) -> DiceSource? {
        let dice = try arguments.flag(Option.dice)
        let file = try arguments.option(Option.diceFile)
        let diceOnly = try arguments.flag(Option.diceOnly)
        guard dice || file != nil else {
            if diceOnly { throw UsageError("--dice-only needs --dice or --dice-file") }
            return nil
        }
        return DiceSource(file: file, diceOnly: diceOnly)
    }

    /// The health-tested generator a phrase needs (``KeyEntropy``), or nil with `--dice-only` (no generator bytes
    /// are drawn then, so none are tested).
    /// - Throws: `CommandError` 70 naming the failed test.
    static func entropy(for dice: DiceSource?) throws(CommandError) -> KeyEntropy? {
        guard dice?.diceOnly != true else { return nil }
        return try signerOperation { () throws(SignerError) in try KeyEntropy.checked() }
    }

    /// Reads and checks the rolls, and makes the phrase of `length`: the rolls' entropy XORed with as many bytes of
    /// `entropy` (``entropy(for:)``), or the rolls alone with `--dice-only`.
    /// - Throws: `CommandError`: 66/77 for a missing or too open rolls file, 64 without a terminal to ask on, 65 for
    ///   rolls that are too few, not rolls, or do not look random; 70 when the generator fails a health test.
    func mnemonic(_ length: Mnemonic.GeneratedLength, entropy: KeyEntropy?) throws(CommandError) -> Mnemonic {
        let needed = DiceEntropy.minimumRolls(for: length)
        var text: [UInt8]
        if let file { text = try SecretInput.readFile(file) } else { text = try Self.promptRolls(needed: needed) }
        defer { Zeroization.zeroize(&text) }
        let rolls: DiceEntropy
        do { rolls = try DiceEntropy(text: text, length: length) } catch {
            throw .dataError("\(error); no phrase was made")
        }
        if diceOnly { return rolls.mnemonic(mixing: nil) }
        guard let entropy else { throw CommandError(.software, "no tested generator for the dice phrase") }
        return try signerOperation { () throws(SignerError) in try entropy.mnemonic(mixing: rolls) }
    }

    /// Asks for rolls on the terminal without echo, line after line, until at least `needed` are given.
    private static func promptRolls(needed: Int) throws(CommandError) -> [UInt8] {
        var rolls: [UInt8] = []
        // Room for every byte accepted, so the buffer never grows and leaves an unzeroized copy behind.
        rolls.reserveCapacity(SecretInput.maximumSecretSize)
        var count = 0
        while count < needed {
            var line = try SecretInput.prompt(
                "Dice rolls (1-6; \(count) of at least \(needed) so far; not shown): ",
                fileOption: Option.diceFile.names[0])
            defer { Zeroization.zeroize(&line) }
            guard !line.isEmpty else { continue }
            guard rolls.count + line.count + 1 <= SecretInput.maximumSecretSize else {
                Zeroization.zeroize(&rolls)
                throw .dataError("more than \(SecretInput.maximumSecretSize) bytes of rolls; no phrase was made")
            }
            rolls.append(contentsOf: line)
            rolls.append(0x20)
            count += line.filter { (UInt8(ascii: "1")...UInt8(ascii: "6")).contains($0) }.count
        }
        return rolls
    }
}
