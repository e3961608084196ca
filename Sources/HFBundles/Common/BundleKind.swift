/// The kinds of file this module recognizes, told apart by content, never by file extension.
public enum BundleKind: String, Hashable, Sendable, CaseIterable {
    /// `.hfheaders`: a run of block headers (`"format":"hfheaders"`).
    case headers
    /// `.hfreceipt`: a transaction with its merkle proof and header (`"format":"hfreceipt"`).
    case receipt
    /// `.hfaddrpack`: signed pre-derived addresses (`"format":"hfaddrpack"`).
    case addressPack
    /// `.hftx`: a signed transaction with its previous outputs (`"format":"hftx"`).
    case transaction
    /// `.bep`: an encrypted backup (binary, starts with `HFBK1`).
    case encryptedBackup
    /// The decrypted plaintext of a `.bep` (`"format":"hf-backup"`).
    case backupDocument
    /// BEEF (BRC-62/96, starting `01 00 be ef` or `02 00 be ef`) or Atomic BEEF (BRC-95, starting `01 01 01 01`).
    /// Binary or hex text. Recognized only; `HFPrimitives.BeefFile` decodes it.
    case beef
    /// `.hfpayreq`: a resolved paymail payment request for the signer (`"format":"hfpayreq"`).
    case paymentRequest
    /// `.hfauth`: a signed answer to an `hfauth:` login request (`"format":"hfauth"`).
    case authResponse
    /// An encrypted wallet file (binary, starts with `HFWF1`).
    case walletFile
    /// The decrypted plaintext of a wallet file (`"format":"hf-walletfile"`).
    case walletFileDocument
    /// `.hfsweep`: signed addresses of imported private keys for the watcher to watch (`"format":"hfsweep"`).
    case sweepRequest
    /// `.hfcall`: a BRC-100 call that needs a wallet key, for the signer to review (`"format":"hfcall"`).
    case walletCall
    /// `.hfanswer`: the signer's signed answer to a `.hfcall` (`"format":"hfanswer"`).
    case walletAnswer
    /// `.hfstate`: one wallet's signed signer state, alone (`"format":"hfstate"`).
    case state
    /// `.hfupdate`: everything one wallet's signer lacks, from the watcher (`"format":"hfupdate"`).
    case update
    /// `.hfprobe`: the first addresses of a recovery phrase under each known wallet layout, for the watcher to look
    /// up (`"format":"hfprobe"`).
    case probe
    /// `.hfproberesult`: the watcher's answer to a `.hfprobe`, which of its addresses have history
    /// (`"format":"hfproberesult"`).
    case probeResult

    /// The `format` value of the JSON kinds; nil for the binary kinds.
    public var formatName: String? {
        switch self {
        case .headers: "hfheaders"
        case .receipt: "hfreceipt"
        case .addressPack: "hfaddrpack"
        case .transaction: "hftx"
        case .backupDocument: "hf-backup"
        case .paymentRequest: "hfpayreq"
        case .authResponse: "hfauth"
        case .walletFileDocument: "hf-walletfile"
        case .sweepRequest: "hfsweep"
        case .walletCall: "hfcall"
        case .walletAnswer: "hfanswer"
        case .state: "hfstate"
        case .update: "hfupdate"
        case .probe: "hfprobe"
        case .probeResult: "hfproberesult"
        case .encryptedBackup, .beef, .walletFile: nil
        }
    }

    /// The JSON kind whose `format` value is `name`, if any.
    public init?(formatName name: String) {
        guard let kind = Self.allCases.first(where: { $0.formatName == name }) else { return nil }
        self = kind
    }
}
