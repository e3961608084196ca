extension BundleKind {
    /// What a file of this kind is, in words a person reads ("a signed transaction").
    public var spokenName: String {
        switch self {
        case .headers: "a run of block headers (.hfheaders)"
        case .receipt: "a payment receipt (.hfreceipt)"
        case .addressPack: "an address pack (.hfaddrpack)"
        case .transaction: "a signed transaction (.hftx)"
        case .encryptedBackup: "the signer's encrypted backup (.bep)"
        case .backupDocument: "the signer's decrypted backup"
        case .beef: "a transaction with its proofs (BEEF)"
        case .paymentRequest: "a payment request (.hfpayreq)"
        case .authResponse: "a signed login answer (.hfauth)"
        case .walletFile: "the signer's encrypted wallet file (.hfwallet)"
        case .walletFileDocument: "the signer's decrypted wallet file"
        case .sweepRequest: "a sweep request (.hfsweep)"
        case .walletCall: "a wallet call (.hfcall)"
        case .walletAnswer: "the signer's answer to a wallet call (.hfanswer)"
        case .state: "a signer state (.hfstate)"
        case .update: "an update for the signer (.hfupdate)"
        case .probe: "a probe of a recovery phrase's addresses (.hfprobe)"
        case .probeResult: "the answer to a probe (.hfproberesult)"
        }
    }

    /// The sentence that sends a file of this kind, given to `reader`'s `import`, to the command that takes it, or
    /// nil when that `import` takes it. `file` is the path as the user gave it.
    ///
    /// The kinds that hold the signer's secrets are directed on the signer and refused on the watcher by
    /// ``SignerSecret``.
    public func direction(importedBy reader: BundleReader, file: String) -> String? {
        switch (self, reader) {
        case (.addressPack, .watcher), (.sweepRequest, .watcher), (.state, .watcher): return nil
        case (.headers, .signer), (.receipt, .signer), (.beef, .signer), (.walletFile, .signer), (.update, .signer),
            (.probeResult, .signer):
            return nil
        case (.probe, .watcher):
            return "this is \(spokenName): look its addresses up with "
                + "`hf-watcher probe \(file) --out FILE.hfproberesult`"
        case (.probe, .signer):
            return "this is \(spokenName) for the watcher: carry it to the online machine and look its addresses up "
                + "with `hf-watcher probe \(file) --out FILE.hfproberesult`"
        case (.probeResult, .watcher):
            return "this is \(spokenName) for the signer: carry it to the offline machine and read it there "
                + "with `hf-signer import \(file)`"
        case (.transaction, .watcher): return "this is \(spokenName): broadcast it with `hf-watcher broadcast \(file)`"
        case (.transaction, .signer):
            return "this is \(spokenName): carry it to the online machine and broadcast it with "
                + "`hf-watcher broadcast \(file)`"
        case (.walletAnswer, .watcher):
            return "this is \(spokenName): deliver it with `hf-watcher wallet-api deliver \(file)`"
        case (.walletAnswer, .signer):
            return "this is \(spokenName): carry it to the online machine and deliver it with "
                + "`hf-watcher wallet-api deliver \(file)`"
        case (.authResponse, .watcher):
            return "this is \(spokenName): deliver it with `hf-watcher auth deliver \(file)`"
        case (.authResponse, .signer):
            return "this is \(spokenName): carry it to the online machine and deliver it with "
                + "`hf-watcher auth deliver \(file)`"
        case (.walletCall, .signer):
            return "this is \(spokenName): review it with `hf-signer call review \(file)` and answer it with "
                + "`hf-signer call answer \(file) --out FILE.hfanswer`"
        case (.walletCall, .watcher):
            return "this is \(spokenName) for the signer: carry it to the offline machine and answer it with "
                + "`hf-signer call answer \(file) --out FILE.hfanswer`"
        case (.paymentRequest, .signer):
            return "this is \(spokenName): pay it with `hf-signer send --request \(file) --out FILE.hftx`"
        case (.paymentRequest, .watcher):
            return "this is \(spokenName) for the signer: carry it to the offline machine and pay it with "
                + "`hf-signer send --request \(file) --out FILE.hftx`"
        case (.addressPack, .signer), (.sweepRequest, .signer), (.state, .signer):
            return "this is \(spokenName) for the watcher: carry it to the online machine and import it there "
                + "with `hf-watcher import \(file)`"
        case (.headers, .watcher), (.receipt, .watcher), (.beef, .watcher), (.update, .watcher):
            return "this is \(spokenName) for the signer: carry it to the offline machine and import it there "
                + "with `hf-signer import \(file)`"
        case (.encryptedBackup, _):
            return "this is \(spokenName): check it with `hf-signer backup verify \(file)` or restore it with "
                + "`hf-signer backup restore \(file)`"
        case (.walletFile, .watcher):
            return "this is \(spokenName): import it on the offline machine with `hf-signer import \(file)`"
        case (.backupDocument, _), (.walletFileDocument, _):
            return "this is \(spokenName) (a plaintext with the wallet's seed): the signer takes only the "
                + "encrypted file; delete this one"
        }
    }
}
