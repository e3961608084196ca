import Foundation
public import HFBundles
public import HFPrimitives

/// BIP-329's JSON Lines form of labels: one object `{"type":…,"ref":…,"label":…}` per line.
///
/// Writing gives `{"label":"…","ref":"…","type":"addr"|"tx"|"output"}` lines (sorted keys, no whitespace), each
/// ending in a newline. Reading is lenient where BIP-329 asks it to be and strict about what is kept: members other
/// than `type`, `ref` and `label` (`origin`, `spendable`, `height`, …) are ignored, blank lines are skipped, and
/// every other line becomes either a label or a ``LabelImportReport/Skip`` saying why it was not (a line that is
/// not a JSON object or lacks a string `type`/`ref`, a malformed reference, a label over 255 bytes or holding a
/// control character, BIP-329's `pubkey`/`input`/`xpub`, a record without a label).
public enum LabelLines {
    /// One non-blank line read: the label it gives, or why it gives none.
    public enum Entry: Sendable, Equatable {
        /// Line `line` (1-based) gives `label`.
        case label(line: Int, WalletLabel)
        /// Line `skip.line` is skipped.
        case skip(LabelImportReport.Skip)
    }

    /// The longest line read, in bytes: a label of 255 bytes with BIP-329's optional members fits many times over.
    public static let maxLineBytes = 64 * 1024

    /// The lines of `bytes` for a wallet on `network`, in order (blank lines left out).
    public static func parse(_ bytes: [UInt8], network: Network) -> [Entry] {
        var entries: [Entry] = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var content = line[...]
            if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
            guard content.contains(where: { ![0x20, 0x09].contains($0) }) else { continue }
            entries.append(entry(Array(content), line: number, network: network))
        }
        return entries
    }

    /// The BIP-329 lines of `labels`, in their order.
    public static func encode(_ labels: [WalletLabel]) -> [UInt8] {
        var bytes: [UInt8] = []
        for label in labels {
            bytes += label.jsonValue.canonicalBytes
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Reads one non-blank line.
    private static func entry(_ line: [UInt8], line number: Int, network: Network) -> Entry {
        func skip(_ reason: LabelImportReport.Reason, _ detail: String) -> Entry {
            .skip(LabelImportReport.Skip(line: number, reason: reason, detail: detail))
        }
        guard line.count <= maxLineBytes else { return skip(.badLine, "the line is longer than 64 KiB") }
        guard String(validating: line, as: UTF8.self) != nil else { return skip(.badLine, "the line is not UTF-8") }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            return skip(.badLine, "the line is not a JSON object")
        }
        guard let type = object["type"] as? String else { return skip(.badLine, "no string \"type\"") }
        guard let ref = object["ref"] as? String else { return skip(.badLine, "no string \"ref\"") }
        guard let kind = WalletLabel.Kind(rawValue: type) else {
            if ["pubkey", "input", "xpub"].contains(type) {
                return skip(.unsupportedType, "type \"\(type)\" (the signer labels addr, tx and output)")
            }
            return skip(.badLine, "unknown type \"\(UntrustedPrefix.of(type))\"")
        }
        let value = object["label"]
        if let value, !(value is NSNull), !(value is String) { return skip(.badLine, "the label is not a string") }
        guard let text = value as? String, !text.isEmpty else {
            return skip(.noLabel, "\(type) \(UntrustedPrefix.of(ref)) has no label")
        }
        do {
            return .label(line: number, try WalletLabel(kind: kind, ref: ref, label: text, network: network))
        } catch .invalidAddress(_, .wrongNetwork(_, _)) {
            return skip(.unknownReference, "addr \(UntrustedPrefix.of(ref)) is not a \(network.rawValue) address")
        } catch {
            return skip(.badLine, LabelProblem.describe(error, kind: kind))
        }
    }
}

/// A short, printable prefix of text read from a file, for a skip's detail.
enum UntrustedPrefix {
    /// At most 80 characters of `text`, control characters replaced by `?`.
    static func of(_ text: String) -> String {
        let prefix = text.unicodeScalars.prefix(80).map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) }
        return String(prefix) + (text.unicodeScalars.count > 80 ? "…" : "")
    }
}
