import Foundation
import HFCommandLine
import HFWallet

/// Shows a new phrase once on the terminal and asks for three of its words (the 3-word quiz of docs/requirements/wallet.md).
///
/// The screen is cleared before the questions, and an answer is echoed as one `*` per key.
enum RecoveryQuiz {
    static func run(_ mnemonic: Mnemonic) throws(CommandError) {
        let words = mnemonic.words
        var lines = ["", "Write down these \(words.count) words, in order. They are shown only now:", ""]
        for row in stride(from: 0, to: words.count, by: 4) {
            lines.append(
                (row..<min(row + 4, words.count)).map { pad("\($0 + 1). \(words[$0])") }.joined())
        }
        Output.message(lines.joined(separator: "\n") + "\n")
        guard SecretInput.confirm("Have you written them down?") else {
            throw CommandError(.failure, "cancelled; nothing was stored")
        }
        // The words leave the screen (and the terminal's scrollback) before the check, so it tests the sheet.
        Output.clearScreen()
        Output.message("Check: type the words asked for (a * is shown for each key, never the word).")
        for position in Array(0..<words.count).shuffled().prefix(3).sorted() {
            var answer = try SecretInput.promptMasked("Word \(position + 1): ")
            defer { SecretInput.zeroize(&answer) }
            let typed = String(decoding: answer, as: UTF8.self).lowercased().trimmingCharacters(in: .whitespaces)
            guard typed == words[position] else {
                throw CommandError(.dataError, "word \(position + 1) does not match; nothing was stored, run create again")
            }
        }
    }

    private static func pad(_ text: String) -> String {
        text + String(repeating: " ", count: max(1, 18 - text.count))
    }
}
