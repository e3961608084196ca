import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// The review of a transaction as the terminal shows it before signing (and `bundle inspect` after): one line per
/// output with its full address or script, then the inputs, fee, size, lock time, sighash type and warnings.
///
/// ```
/// review: 2 outputs, 1 input
///   output 0: 0.0006 BSV (60,000 sat) to mtaQ…(full address) (p2pkh), external, label "Rent"
///   output 1: 0.00039774 BSV (39,774 sat) to n2Fk…(full address) (p2pkh), change type42 0-change-0
///   inputs: 1, 0.001 BSV (100,000 sat), confirmed at heights 1 to 1
///   fee: 226 sat (1000.00 sat/kB); size 226 bytes; nLockTime 1; sighash ALL|FORKID
///   leaving the wallet: 0.00060226 BSV (60,226 sat) (0.0006 BSV (60,000 sat) to others and a fee of 226 sat)
///   balance after: 0.00039774 BSV (39,774 sat) once it confirms (now 0.001 BSV (100,000 sat) confirmed)
///   warning feeAboveCap: the fee of … satoshis is above the cap of … satoshis (--max-fee)
/// ```
/// Untrusted text (data pushes, file names and media types) goes through `UntrustedText`.
enum ReviewDisplay {
    /// Data pushes longer than this many bytes are shown cut, with their length.
    static let pushShown = 64
    /// Disassemblies longer than this many characters are shown cut, with the script's length.
    static let disassemblyShown = 400

    /// The review's lines; with the paying wallet's `facts`, its address labels on the output lines and, after the
    /// fee, the total leaving the wallet and the confirmed balance after the payment.
    static func lines(_ review: PaymentReview, facts: ReviewWalletFacts? = nil) -> [String] {
        let count = review.outputs.count
        var lines = [
            "review: \(count) output\(count == 1 ? "" : "s"), \(review.inputs.count) input"
                + (review.inputs.count == 1 ? "" : "s")
        ]
        lines += review.outputs.map { output in
            let label = output.address.flatMap { facts?.labels[$0.string] }
            return "  " + line(output) + (label.map { ", label \"" + UntrustedText.escaped($0) + "\"" } ?? "")
        }
        var inputs = "  inputs: \(review.inputs.count), \(AmountText.bsv(review.inputs.satoshis))"
        if let oldest = review.inputs.oldestHeight, let youngest = review.inputs.youngestHeight {
            inputs += ", confirmed at heights \(oldest) to \(youngest)"
        } else {
            inputs += ", confirmation heights unknown to this wallet"
        }
        lines.append(inputs)
        lines.append(
            "  fee: \(AmountText.grouped(review.fee)) sat (\(rate(review.feeRate)) sat/kB); size \(review.size) bytes; "
                + "nLockTime \(review.nLockTime); sighash \(review.sighash)")
        if let facts { lines += leaving(review, facts: facts) }
        for warning in review.warnings {
            lines.append("  warning \(warning.code.rawValue): \(warning.message)")
        }
        return lines
    }

    /// Writes the review to stderr, one line at a time.
    static func show(_ review: PaymentReview, facts: ReviewWalletFacts? = nil) {
        for line in lines(review, facts: facts) { Output.message(line) }
    }

    /// `leaving the wallet: T (E to others and a fee of F sat)` and `balance after: B once it confirms (now C)`:
    /// what the wallet loses is what its external outputs get plus the fee; its change comes back.
    static func leaving(_ review: PaymentReview, facts: ReviewWalletFacts) -> [String] {
        let moved = review.externalSatoshis.addingReportingOverflow(review.otherWalletSatoshis)
        let (total, overflow) = moved.partialValue.addingReportingOverflow(review.fee)
        let leaving = overflow || moved.overflow ? UInt64.max : total
        let after = facts.confirmedBefore >= leaving ? AmountText.bsv(facts.confirmedBefore - leaving) : "unknown"
        let toWallets = review.otherWalletSatoshis > 0
            ? ", \(AmountText.bsv(review.otherWalletSatoshis)) to another wallet of this home" : ""
        return [
            "  leaving the wallet: \(AmountText.bsv(leaving)) (\(AmountText.bsv(review.externalSatoshis)) to others"
                + toWallets + " and a fee of \(AmountText.grouped(review.fee)) sat)",
            "  balance after: \(after) once it confirms (now \(AmountText.bsv(facts.confirmedBefore)) confirmed)",
        ]
    }

    /// One output: `output N: S satoshis <what> (<kind>), <owner>` (for another wallet of the home:
    /// `wallet <ID> <scheme> <reference>`).
    static func line(_ output: ReviewedOutput) -> String {
        let what: String =
            switch output.script {
            case .p2pkh: "to " + (output.address?.string ?? "?")
            case .data(let pushes): pushes.isEmpty ? "no pushes" : pushes.map(push).joined(separator: " ")
            case .bcat(let upload): file(upload)
            case .script(let disassembly): disassembly.isEmpty ? "(no operations)" : cut(disassembly)
            case .nonstandard(let reason): "(\(reason))"
            }
        var owner = output.owner.rawValue
        if let walletID = output.walletID { owner += " \(walletID)" }
        if let derivation = output.derivation {
            owner += " \(derivation.scheme.rawValue) \(derivation.reference)"
        }
        return "output \(output.index): \(AmountText.bsv(output.satoshis)) \(what) (\(output.kind.rawValue)), \(owner)"
    }

    /// A data push: quoted text when it is printable UTF-8, else hex; cut after `pushShown` bytes.
    static func push(_ bytes: [UInt8]) -> String {
        let shown = Array(bytes.prefix(pushShown))
        let suffix = bytes.count > pushShown ? "…(\(bytes.count) bytes)" : ""
        if let text = String(validating: shown, as: UTF8.self), !text.isEmpty,
            !text.unicodeScalars.contains(where: { UntrustedText.needsEscape($0) })
        {
            return "\"" + text.replacingQuotes() + "\"" + suffix
        }
        return (shown.isEmpty ? "OP_0" : Hex.encode(shown)) + suffix
    }

    /// An upload: the protocol, then the file name and media type (escaped), then the size or the parts.
    static func file(_ upload: ScriptClassification.FileUpload) -> String {
        var parts = [upload.protocol.rawValue]
        if let name = upload.fileName { parts.append("name \"" + UntrustedText.escaped(bytes: name) + "\"") }
        if let type = upload.mediaType { parts.append("type \"" + UntrustedText.escaped(bytes: type) + "\"") }
        if let size = upload.size { parts.append("\(size) bytes") }
        if let count = upload.parts { parts.append("\(count) part\(count == 1 ? "" : "s")") }
        return parts.joined(separator: " ")
    }

    private static func cut(_ text: String) -> String {
        text.count > disassemblyShown ? String(text.prefix(disassemblyShown)) + "…" : text
    }

    /// `1000.00`.
    static func rate(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}

extension String {
    /// The text with `"` and `\` shown as `\"` and `\\`, so a quoted push cannot fake the end of its quotes.
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
