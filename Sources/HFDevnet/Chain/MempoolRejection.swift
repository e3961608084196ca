public import HFPrimitives
public import HFWallet

/// Why the devnet's mempool refused a transaction, with the ARC status an ARC client would see for it.
///
/// Every case is data, not HTTP: `arcStatus`, `arcTitle` and `arcDetail` are what ARC's `ErrorFields` carry for that
/// code (ARC `pkg/api/status.go`), and `description` is a sentence for `extraInfo`, prefixed `arc error <code>: ` by
/// `arcExtraInfo`. Inputs and outputs are numbered from 0. "Already known" is not a rejection (ARC answers it with the
/// stored status): see `DevnetSubmission.alreadyKnown`.
public enum MempoolRejection: Error, Equatable, Sendable {
    /// The bytes are not a transaction (ARC 463).
    case malformed(TransactionError)
    /// A plain transaction while the policy accepts only the extended format (ARC 460).
    case notExtendedFormat
    /// The transaction is exactly 64 bytes, the size of an inner merkle node (`InclusionProofCheck`) (ARC 463).
    case sixtyFourByteTransaction
    /// The transaction is larger than `maxTxSizePolicy` (ARC 474).
    case tooLarge(size: Int, limit: Int)
    /// An input has the coinbase outpoint (null txid, index 0xffffffff) (ARC 462).
    case coinbaseInput(input: Int)
    /// Two inputs spend the same outpoint (ARC 462).
    case duplicateInput(input: Int, outpoint: OutPoint)
    /// An input spends an output that neither the chain nor the mempool has ever had (ARC 462).
    case missingInput(input: Int, outpoint: OutPoint)
    /// An input spends an output that a mined transaction already spent (ARC 462).
    case inputSpentInBlock(input: Int, outpoint: OutPoint, spentBy: Txid)
    /// An input spends an output that a transaction in the mempool already spends (ARC 466).
    case conflictsWithMempool(input: Int, outpoint: OutPoint, competingTxid: Txid)
    /// An input spends a coinbase output with fewer than `required` confirmations at the next block (ARC 462).
    case immatureCoinbase(input: Int, outpoint: OutPoint, confirmations: Int, required: Int)
    /// An extended-format source output differs from the output actually spent (ARC 462).
    case sourceOutputMismatch(input: Int)
    /// A zero-value output that is not a data output, a data output carrying satoshis, or a locking script larger
    /// than `maxScriptSizePolicy` (ARC 464).
    case invalidOutput(output: Int)
    /// The outputs add up to more than the inputs (ARC 465, as ARC's fee check reports it).
    case outputsExceedInputs(inputSatoshis: UInt64, outputSatoshis: UInt64)
    /// The fee is below `DevnetPolicy.minimumFee(forSize:)` (ARC 465).
    case feeTooLow(fee: UInt64, minimum: UInt64)
    /// An input spends an output whose locking script is not P2PKH, which the devnet cannot check (ARC 461).
    case nonP2PKHInput(input: Int)
    /// An input's unlocking script does not satisfy the P2PKH output it spends (ARC 461).
    case invalidUnlockingScript(input: Int, reason: P2PKHVerificationError)

    // MARK: - Properties

    /// The ARC status code (`ErrorFields.status`, also the HTTP status ARC answers with).
    public var arcStatus: Int {
        switch self {
        case .notExtendedFormat: 460
        case .nonP2PKHInput, .invalidUnlockingScript: 461
        case .coinbaseInput, .duplicateInput, .missingInput, .inputSpentInBlock, .immatureCoinbase,
            .sourceOutputMismatch:
            462
        case .malformed, .sixtyFourByteTransaction: 463
        case .invalidOutput: 464
        case .outputsExceedInputs, .feeTooLow: 465
        case .conflictsWithMempool: 466
        case .tooLarge: 474
        }
    }

    /// ARC's title for `arcStatus` (`ErrorFields.title`).
    public var arcTitle: String {
        switch arcStatus {
        case 460: "Not extended format"
        case 461, 463: "Malformed transaction"
        case 462: "Invalid inputs"
        case 464: "Invalid outputs"
        case 465: "Fee too low"
        case 466: "Conflicting tx found"
        default: "Transaction size validation failed"
        }
    }

    /// ARC's fixed detail text for `arcStatus` (`ErrorFields.detail`).
    public var arcDetail: String {
        switch arcStatus {
        case 460: "Transaction is not in extended format, missing input scripts"
        case 461, 463: "Transaction is malformed and cannot be processed"
        case 462: "Transaction is invalid because the inputs are non-existent or spent"
        case 464: "Transaction is invalid because the outputs are non-existent or invalid"
        case 465: "Fees are too low"
        case 466: "Transaction is valid, but there is a conflicting tx in the block template"
        default: "Transaction size is too large"
        }
    }

    /// `arc error <code>: <description>`, the shape of ARC's `extraInfo`.
    public var arcExtraInfo: String { "arc error \(arcStatus): \(description)" }

    /// The reject text a BSV node would give, for WhatsOnChain's `POST /tx/raw` imitation (clients classify those
    /// bodies by substring: `Missing inputs`, `txn-mempool-conflict`, …).
    public var nodeRejectReason: String {
        switch self {
        case .malformed: "TX decode failed"
        case .sixtyFourByteTransaction: "64: bad-txns-undersize"
        case .notExtendedFormat: "16: not-extended-format"
        case .tooLarge: "64: tx-size"
        case .coinbaseInput: "16: coinbase"
        case .duplicateInput: "16: bad-txns-inputs-duplicate"
        case .missingInput, .inputSpentInBlock, .sourceOutputMismatch: "Missing inputs"
        case .conflictsWithMempool: "258: txn-mempool-conflict"
        case .immatureCoinbase: "16: bad-txns-premature-spend-of-coinbase"
        case .invalidOutput: "64: dust"
        case .outputsExceedInputs: "16: bad-txns-in-belowout"
        case .feeTooLow: "66: mempool min fee not met"
        case .nonP2PKHInput: "64: scriptpubkey"
        case .invalidUnlockingScript: "16: mandatory-script-verify-flag-failed"
        }
    }

    /// The transactions this one conflicts with (ARC `competingTxs`): the mempool spender for
    /// `conflictsWithMempool`, else empty.
    public var competingTxids: [Txid] {
        if case .conflictsWithMempool(_, _, let competing) = self { return [competing] }
        return []
    }
}

// MARK: - CustomStringConvertible

extension MempoolRejection: CustomStringConvertible {
    /// A sentence naming the problem, fit for ARC's `extraInfo` and for a person.
    public var description: String {
        switch self {
        case .malformed(let error): "the bytes are not a valid transaction: \(error)"
        case .notExtendedFormat:
            "the transaction is not in extended format (BRC-30) and this devnet is set to require it"
        case .sixtyFourByteTransaction:
            "the transaction is 64 bytes, the size of an inner merkle node, so no proof of it could be trusted; "
                + "64-byte transactions are not relayed (add an output or a longer script)"
        case .tooLarge(let size, let limit): "the transaction has \(size) bytes, more than the policy's \(limit)"
        case .coinbaseInput(let input): "input \(input) is a coinbase input; coinbase transactions are not relayed"
        case .duplicateInput(let input, let outpoint): "input \(input) spends \(outpoint) a second time"
        case .missingInput(let input, let outpoint):
            "input \(input) spends \(outpoint), which does not exist (missing inputs)"
        case .inputSpentInBlock(let input, let outpoint, let spender):
            "input \(input) spends \(outpoint), already spent by mined transaction \(spender)"
        case .conflictsWithMempool(let input, let outpoint, let competing):
            "input \(input) spends \(outpoint), already spent by mempool transaction \(competing) (txn-mempool-conflict)"
        case .immatureCoinbase(let input, let outpoint, let confirmations, let required):
            "input \(input) spends coinbase output \(outpoint), which would have \(confirmations) confirmations; "
                + "coinbase outputs need \(required)"
        case .sourceOutputMismatch(let input):
            "input \(input)'s extended-format source output differs from the output it spends"
        case .invalidOutput(let output):
            "output \(output) is invalid: zero satoshis without being a data output, satoshis in a data output, "
                + "or a script above the size policy"
        case .outputsExceedInputs(let inputs, let outputs):
            "the outputs (\(outputs) sat) exceed the inputs (\(inputs) sat)"
        case .feeTooLow(let fee, let minimum):
            "transaction fee of \(fee) sat is too low - minimum expected fee is \(minimum) sat"
        case .nonP2PKHInput(let input):
            "input \(input) spends an output that is not P2PKH; this devnet accepts only P2PKH spends"
        case .invalidUnlockingScript(let input, let reason): "input \(input) does not verify: \(reason)"
        }
    }
}
