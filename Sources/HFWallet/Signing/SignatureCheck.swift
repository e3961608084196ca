public import HFPrimitives

/// Every input of a signed transaction checked against the previous outputs a bundle names for it (a `.hftx`'s
/// `inputs`): each input must spend the outpoint named for it, and a P2PKH output's unlocking script must verify
/// as a node would (``P2PKHVerifier``). An input spending any other kind of script is not verified (no script
/// interpreter here) and is counted as such, never as verified.
///
/// Both programs use it before they trust a `.hftx`: `hf-signer bundle inspect` and `hf-watcher broadcast`.
public struct SignatureCheck: Sendable, Equatable {
    /// What the check found for one input.
    public enum Outcome: Sendable, Equatable {
        /// A P2PKH input whose signature verifies for the named previous output.
        case verified
        /// The named previous output is not P2PKH: the input was not checked.
        case notVerified
        /// The input fails: the reason in words.
        case failed(String)
    }

    /// One input's outcome.
    public struct Input: Sendable, Equatable {
        public let index: Int
        /// The outpoint the transaction's input spends.
        public let outpoint: OutPoint
        public let outcome: Outcome
    }

    /// Each input in order; empty when the input counts differ (see `countMismatch`).
    public let inputs: [Input]
    /// Set when the bundle names a different number of previous outputs than the transaction has inputs.
    public let countMismatch: (named: Int, inputs: Int)?

    /// Inputs whose signature verified.
    public var verified: Int { inputs.count { $0.outcome == .verified } }
    /// Inputs that were not checked (not P2PKH).
    public var notVerified: Int { inputs.count { $0.outcome == .notVerified } }
    /// The inputs that failed, with their reasons.
    public var failures: [(index: Int, reason: String)] {
        inputs.compactMap { input in
            if case .failed(let reason) = input.outcome { return (input.index, reason) }
            return nil
        }
    }
    /// Whether nothing failed (inputs not verified do not fail).
    public var passed: Bool { countMismatch == nil && failures.isEmpty }

    /// `signatures: N of M verified`, with what was not verified or failed.
    public var summary: String {
        if let countMismatch {
            return "signatures: not checked: the bundle names \(countMismatch.named) previous outputs for "
                + "\(countMismatch.inputs) inputs"
        }
        var text = "signatures: \(verified) of \(inputs.count) verified"
        if notVerified > 0 { text += ", \(notVerified) not verified (not P2PKH)" }
        if !failures.isEmpty { text += ", \(failures.count) FAILED" }
        return text
    }

    /// Checks `transaction` against `previousOutputs` (one per input, in input order: the outpoint the bundle
    /// names and the output it says is there).
    public init(transaction: Transaction, previousOutputs: [(outpoint: OutPoint, output: TransactionOutput)]) {
        guard previousOutputs.count == transaction.inputs.count else {
            inputs = []
            countMismatch = (previousOutputs.count, transaction.inputs.count)
            return
        }
        countMismatch = nil
        let cache = SighashCache(transaction: transaction)
        inputs = transaction.inputs.enumerated().map { index, input in
            let named = previousOutputs[index]
            let outcome: Outcome
            if named.outpoint != input.previousOutput {
                outcome = .failed("the bundle names \(named.outpoint) for an input that spends \(input.previousOutput)")
            } else if named.output.lockingScript.p2pkhHash160 == nil {
                outcome = .notVerified
            } else {
                do throws(P2PKHVerificationError) {
                    try P2PKHVerifier.verify(input: index, of: cache, sourceOutput: named.output)
                    outcome = .verified
                } catch {
                    outcome = .failed(error.description)
                }
            }
            return Input(index: index, outpoint: input.previousOutput, outcome: outcome)
        }
    }

    public static func == (lhs: SignatureCheck, rhs: SignatureCheck) -> Bool {
        lhs.inputs == rhs.inputs && lhs.countMismatch?.named == rhs.countMismatch?.named
            && lhs.countMismatch?.inputs == rhs.countMismatch?.inputs
    }
}
