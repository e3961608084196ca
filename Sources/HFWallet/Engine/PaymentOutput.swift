public import HFPrimitives

/// One output a payment asks for (the pay view of docs/requirements/wallet.md): a payment to an address, a custom locking script, a data
/// output or a B:// upload. Every kind goes through `PaymentBuilder`, the same checks and the same size ceiling.
public enum PaymentOutput: Hashable, Sendable {
    /// A P2PKH payment (at least 1 satoshi).
    case recipient(PaymentRecipient)
    /// A custom locking script paid `satoshis` (at least 1); the script must parse (`Script.operations()`) and must
    /// not be a data output (those carry no satoshis: use `.data`).
    case script(Script, satoshis: UInt64)
    /// One `OP_FALSE OP_RETURN <push>…` output of 0 satoshis with these pushes, in order (each at least one byte).
    case data([[UInt8]])
    /// One B:// upload output of 0 satoshis (`Script(bUpload:mediaType:filename:)`).
    case upload(UploadFile)

    // MARK: - Properties

    /// The satoshis the output carries: 0 for data and uploads.
    public var satoshis: UInt64 {
        switch self {
        case .recipient(let recipient): recipient.satoshis
        case .script(_, let satoshis): satoshis
        case .data, .upload: 0
        }
    }

    /// The locking script the output gets.
    public var lockingScript: Script {
        switch self {
        case .recipient(let recipient): Script(p2pkhPaying: recipient.address)
        case .script(let script, _): script
        case .data(let pushes): Script(dataOutput: pushes)
        case .upload(let file):
            Script(bUpload: file.data, mediaType: file.mediaType.name, filename: file.filename)
        }
    }
}
