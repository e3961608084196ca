public import HFPrimitives

/// One unspent output paying the wallet: where it is, what it holds, which address it pays, and whether it is
/// protected from coin selection.
///
/// A UTXO is *protected* (docs/requirements/wallet.md "Ordinal Protection") when it holds exactly 1 satoshi (a 1Sat Ordinal may live
/// there even when no envelope is visible) or when its locking script contains an inscription envelope
/// (`Script.containsInscriptionEnvelope`). Coin selection and splitting never spend a protected UTXO; it still counts
/// in the balance.
public struct UTXO: Hashable, Sendable {
    /// The output's location.
    public let outpoint: OutPoint

    /// The output: value and locking script.
    public let output: TransactionOutput

    /// The wallet address it pays (scheme, chain and index, for finding the signing key).
    public let address: DerivedAddress

    /// The height of the block holding the producing transaction, or nil for change of a pending transaction.
    public let height: Int?

    /// Whether coin selection must never spend it: 1 satoshi, or an inscription envelope in its script.
    public let isProtected: Bool

    /// The value an output must have to be protected regardless of its script: 1 satoshi.
    public static let ordinalSatoshis: UInt64 = 1

    // MARK: - Initializers

    /// An unspent output; `isProtected` is computed from the output.
    ///
    /// - Parameters:
    ///   - outpoint: where it is.
    ///   - output: its value and locking script.
    ///   - address: the wallet address the script pays.
    ///   - height: the confirming block's height; nil for pending change.
    public init(outpoint: OutPoint, output: TransactionOutput, address: DerivedAddress, height: Int?) {
        self.outpoint = outpoint
        self.output = output
        self.address = address
        self.height = height
        isProtected = Self.isProtected(output)
    }

    // MARK: - Properties

    /// The value in satoshis.
    public var satoshis: UInt64 { output.satoshis }

    /// The locking script.
    public var lockingScript: Script { output.lockingScript }

    /// Whether the wallet can sign for it and selection may use it: not protected, and exactly P2PKH.
    public var isSelectable: Bool { !isProtected && Hash160Key.isP2PKH(output.lockingScript.bytes) }

    // MARK: - Methods

    /// Whether an output is protected: exactly `ordinalSatoshis`, or a script holding an inscription envelope.
    public static func isProtected(_ output: TransactionOutput) -> Bool {
        if output.satoshis == ordinalSatoshis { return true }
        // A bare P2PKH script has no room for an envelope after its five operations; skip the tokenizer.
        if Hash160Key.isP2PKH(output.lockingScript.bytes) { return false }
        return output.lockingScript.containsInscriptionEnvelope
    }
}
