public import HFPrimitives

/// Why a payment could not be built or signed.
public enum PaymentError: Error, Equatable, Sendable {
    /// The payment asks for no output at all.
    case noOutputs
    /// Payment `index` (from 0, among the requested outputs) has an amount of 0 satoshis.
    case zeroAmount(index: Int)
    /// Recipient `index` has an amount above 21 million BSV, or the amounts add up to more.
    case amountTooLarge(index: Int)
    /// An address (recipient or change) belongs to another network than the wallet's.
    case wrongNetwork(address: String, expected: Network)
    /// A data output has no pushes, or a push of no bytes.
    case emptyData
    /// The custom locking script of output `index` does not parse (a push runs past its end).
    case unparsableScript(index: Int, ScriptError)
    /// The custom locking script of output `index` is a data output (`OP_RETURN …`), which carries no satoshis.
    case scriptIsDataOutput(index: Int)
    /// The file to upload is empty.
    case emptyUpload(filename: String)
    /// The lock time must be a block height, below 500,000,000; it was `lockTime`.
    case lockTimeNotHeight(UInt32)
    /// The plan needs `needed` fresh change addresses but `given` were supplied.
    case notEnoughChangeAddresses(needed: Int, given: Int)
    /// A change address is on the receive chain; change goes to the change chain.
    case changeAddressNotOnChangeChain(reference: String)
    /// The same fresh address was supplied twice.
    case duplicateAddress(String)
    /// No inputs could be chosen.
    case selection(CoinSelectionError)
    /// The key lookup had no key for the address that input `inputIndex` spends from.
    case missingKey(inputIndex: Int, address: String)
    /// Signing failed.
    case signing(SigningError)
}

extension PaymentError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .noOutputs: "nothing to send: give at least one recipient and amount, or data"
        case .zeroAmount(let index): "payment \(index + 1) is 0 satoshis; give a positive amount"
        case .amountTooLarge(let index):
            "payment \(index + 1) makes the total exceed 21,000,000 BSV; check the amounts"
        case .wrongNetwork(let address, let expected):
            "address \(address) is not a \(expected.rawValue) address; use an address of the wallet's network"
        case .emptyData: "the data output is empty; give at least one byte of data or leave the data out"
        case .unparsableScript(let index, let error):
            "the locking script of output \(index + 1) does not parse (\(error)); check the script's hex"
        case .scriptIsDataOutput(let index):
            "the locking script of output \(index + 1) is a data output (OP_RETURN), which must carry 0 satoshis; "
                + "give its pushes as data instead"
        case .emptyUpload(let filename): "the file to upload, \(filename), is empty; upload a file with content"
        case .lockTimeNotHeight(let lockTime):
            "lock time \(lockTime) is not a block height (it must be below 500000000); pass the chain height"
        case .notEnoughChangeAddresses(let needed, let given):
            "the payment needs \(needed) fresh change addresses but \(given) were supplied; supply \(needed)"
        case .changeAddressNotOnChangeChain(let reference):
            "\(reference) is a receive address; change must go to a fresh address of the change chain"
        case .duplicateAddress(let address):
            "fresh address \(address) was supplied twice; supply distinct addresses"
        case .selection(let error): error.description
        case .missingKey(let index, let address):
            "no signing key for \(address), which input \(index) spends from; check that the wallet owns it"
        case .signing(let error): "signing failed: \(error); the transaction was not signed"
        }
    }
}
