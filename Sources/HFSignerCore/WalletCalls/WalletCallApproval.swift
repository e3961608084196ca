public import HFBundles
import HFCrypto
import HFStore
public import HFPrimitives
import HFWallet

/// The signer's side of a BRC-100 call carried across the air gap (`hf-signer call review|answer`): the call is
/// decoded strictly, checked to be for this wallet, described in words for the user, and answered with a
/// `.hfanswer` signed by the wallet's identity key and bound to the call (its ID and digest).
public enum WalletCallApproval {
    /// What the user is shown before answering, with the answer it leads to already worked out.
    public struct Review: Sendable {
        /// The call.
        public let call: WalletCallBundle
        /// What it will do, one sentence per line (originator and argument text are the application's: escape
        /// them when printing).
        public let lines: [String]
        /// What answering it gives: the refusal, the payment to sign, or the result computed once, here.
        let planned: Planned

        /// The answer a review leads to.
        enum Planned: Sendable {
            /// Refused whatever the user says.
            case refusal(WalletCallRefusal)
            /// A `createAction`: the payment to sign when approved.
            case payment(PreparedPayment)
            /// Any other method: its result, sent when approved.
            case result([String: JSONValue])
            /// A `createAction` this wallet already paid: its answer is written again from the store (the txid and
            /// the stored `.hftx`); nothing new is signed or paid.
            case answered(txid: String, hftx: [UInt8])
        }

        /// Set when the signer refuses the call whatever the user says (a bad argument, a method it does not offer,
        /// a payment the spending policy or the coins refuse).
        public var refusal: WalletCallRefusal? {
            if case .refusal(let refusal) = planned { refusal } else { nil }
        }

        /// For `createAction`: the payment prepared from the wallet's coins, with the review `send` shows.
        public var payment: PreparedPayment? {
            if case .payment(let payment) = planned { payment } else { nil }
        }

        /// For a `createAction` already answered: the txid of the payment that answered it (its answer is written
        /// again, nothing new is paid).
        public var answeredWith: String? {
            if case .answered(let txid, _) = planned { txid } else { nil }
        }
    }

    /// The call in `bytes` (read from `source`), for `network`.
    /// - Throws: `SignerError.rejected` for another kind of bundle (naming the command that takes it), `.bundle`
    ///   naming what is malformed.
    public static func call(_ bytes: [UInt8], source: String, network: Network) throws(SignerError) -> WalletCallBundle {
        try SignerBundleGate.admit(bytes, as: .walletCall, source: source)
        do { return try WalletCallBundle(decoding: bytes, expectedNetwork: network) } catch { throw .bundle(error) }
    }

    /// The review of `call` for `wallet`. A `createAction` is prepared as `send` prepares a payment (nothing written;
    /// when answered, its `.hftx` goes to `transactionFile`, which must not exist), an output paying one of `others`
    /// (the home's other wallets) named as that wallet's.
    /// - Throws: `SignerError.rejected` when the call is for another wallet (another identity key);
    ///   `.cannotCreate` when `transactionFile` is taken.
    public static func review(
        _ call: WalletCallBundle, wallet: SignerWallet, transactionFile: String,
        others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> Review {
        let keys = wallet.keys
        guard call.identityKey == keys.identityPrivateKey.publicKey else {
            throw .rejected(
                reason: "the call is for the wallet of identity key \(call.identityKey.compressed.hex), not this one "
                    + "(\(keys.identityPrivateKey.publicKey.compressed.hex)); choose the wallet with --wallet")
        }
        let arguments = WalletCallArguments(values: call.arguments)
        let planned: Review.Planned
        if call.method == .createAction {
            let answered: String?
            do { answered = try AnsweredCallRecords(database: wallet.home.database).txid(callID: call.callIDHex) } catch {
                throw .database(error)
            }
            if let txid = answered {
                planned = try storedAnswer(call, txid: txid, wallet: wallet)
            } else { do {
                let outputs = try WalletCallAction.outputs(arguments)
                planned = .payment(
                    try wallet.preparePayment(.pay(outputs), feeRate: nil, out: transactionFile, others: others))
            } catch let error as WalletCallRefusal {
                planned = .refusal(error)
            } catch let error as SignerError {
                switch error {
                case .policy: planned = .refusal(WalletCallRefusal(code: "WERR_POLICY_REFUSED", description: error.description))
                case .payment:
                    planned = .refusal(WalletCallRefusal(code: "WERR_INSUFFICIENT_FUNDS", description: error.description))
                default: throw error
                }
            } catch {
                throw .rejected(reason: "\(error)")
            } }
        } else {
            do {
                planned = .result(
                    try WalletCallComputation.result(call.method, arguments, deriver: KeyDeriver(rootKey: keys.identityPrivateKey)))
            } catch { planned = .refusal(error) }
        }
        var lines = ["\(call.originator) asks: \(describe(call.method, arguments))"]
        lines.append("call \(call.callIDHex), made \(call.createdAt.text)")
        if case .refusal(let refusal) = planned {
            lines.append("the signer refuses it: \(refusal.description) (\(refusal.code))")
        }
        if case .answered(let txid, _) = planned {
            lines.append("already answered with payment \(txid): the same answer is written again from the store; "
                + "nothing new is signed or paid (a call pays once)")
        }
        return Review(call: call, lines: lines, planned: planned)
    }

    /// The signed answer to `review`'s call for the new file `answerFile`: its result when `approved` and nothing
    /// refuses it, else the refusal (`WERR_USER_REFUSED` when the user said no). An approved `createAction` is signed
    /// and kept as pending, as `send` keeps a payment, and its `.hftx` written; the result carries the txid and that
    /// `.hftx` (base64) for the watcher, which broadcasts it and gives the application the txid and the Atomic BEEF.
    /// - Throws: `SignerError.cannotCreate` when `answerFile` is taken (before anything is signed or kept);
    ///   `SignerError` when signing or keeping fails, or the answer cannot be made.
    public static func answer(
        _ review: Review, wallet: SignerWallet, approved: Bool, answerFile: String
    ) throws(SignerError) -> WalletAnswerBundle {
        try CommittedFile.refuseExisting(answerFile)
        let outcome: WalletAnswerBundle.Outcome
        switch (review.planned, approved) {
        case (.refusal(let refusal), _):
            outcome = .refused(code: refusal.code, description: refusal.description)
        case (.answered(let txid, let hftx), true):
            outcome = .result(["txid": .string(txid), "hftx": .string(Base64.encode(hftx))])
        case (.answered, false):
            throw .rejected(reason: "not written again: the call stays answered with its payment")
        case (_, false):
            outcome = .refused(code: WalletCallRefusal.userRefused.code, description: WalletCallRefusal.userRefused.description)
        case (.payment(let payment), true):
            let signed = try wallet.sign(payment)
            try wallet.keep(signed, answering: review.call.callIDHex)
            outcome = .result([
                "txid": .string(signed.txid), "hftx": .string(Base64.encode(signed.signed.bundle.encoded())),
            ])
        case (.result(let result), true):
            outcome = .result(result)
        }
        var answer: WalletAnswerBundle
        do {
            answer = try WalletAnswerBundle(
                answering: review.call, createdAt: try RFC3339Timestamp.now(), outcome: outcome,
                signingWith: wallet.keys.identityPrivateKey)
        } catch { throw .rejected(reason: "the answer could not be made: \(error)") }
        answer.signerState = try wallet.state()
        return answer
    }

    /// The answer of a `createAction` already paid by `txid`, from the store: the payment's stored `.hftx`.
    /// - Throws: `SignerError.rejected` when the payment was cancelled (it will never be broadcast, and its inputs
    ///   are free again: the call stays paid once, unanswerable) or has no stored `.hftx`; `.database`.
    static func storedAnswer(_ call: WalletCallBundle, txid: String, wallet: SignerWallet) throws(SignerError) -> Review.Planned {
        let record: TransactionRecord?
        do {
            record = try TransactionRecords(database: wallet.home.database).find(
                walletID: wallet.info.walletID, txid: try Txid(displayHex: txid))
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .rejected(reason: "the store names payment \(txid) for call \(call.callIDHex), which is not a txid")
        }
        guard let record, let hftx = record.hftx else {
            throw .rejected(reason: "call \(call.callIDHex) was answered with payment \(txid), which this wallet does "
                + "not hold; a call pays once")
        }
        guard record.state != .cancelled else {
            throw .rejected(reason: "call \(call.callIDHex) was answered with payment \(txid), which was cancelled; "
                + "a call pays once, so it is not answered again")
        }
        return .answered(txid: txid, hftx: hftx)
    }

    /// What a call will do, in words.
    static func describe(_ method: WalletCallMethod, _ arguments: WalletCallArguments) -> String {
        let invoice = (try? arguments.invoice()).map { "protocol \"\($0.protocolName)\" (level \($0.securityLevel.rawValue)), key ID \"\($0.keyID)\"" }
            ?? "an unreadable protocol or key ID"
        func party(_ fallback: Counterparty) -> String {
            switch try? arguments.counterparty(default: fallback) {
            case .selfKey?: "yourself (self)"
            case .anyone?: "anyone"
            case .key(let key)?: "the counterparty \(key.compressed.hex)"
            case nil: "an unreadable counterparty"
            }
        }
        func size(_ name: String) -> String {
            ((try? arguments.optionalBytes(name)) ?? nil).map { "\($0.count) bytes" } ?? "no \(name)"
        }
        switch method {
        case .getPublicKey:
            return "reveal the public key of \(invoice) for \(party(.selfKey)) (no secret leaves the signer)"
        case .createSignature:
            let what = (try? arguments.optionalBytes("data")) ?? nil != nil ? size("data") : "a 32-byte hash it chose"
            return "sign \(what) with the key of \(invoice) for \(party(.anyone))"
        case .verifySignature:
            return "check a signature over \(size("data")) with the key of \(invoice) for \(party(.selfKey))"
        case .encrypt:
            return "encrypt \(size("plaintext")) (BRC-2) with the key of \(invoice) shared with \(party(.selfKey))"
        case .decrypt:
            return "decrypt \(size("ciphertext")) with the key of \(invoice) shared with \(party(.selfKey)); the "
                + "plaintext goes into the answer file and to the application"
        case .createHmac:
            return "compute an HMAC of \(size("data")) with the key of \(invoice) shared with \(party(.selfKey))"
        case .verifyHmac:
            return "check an HMAC of \(size("data")) with the key of \(invoice) shared with \(party(.selfKey))"
        case .revealCounterpartyKeyLinkage:
            return "reveal the key linkage with \(party(.selfKey))"
        case .createAction:
            let count: Int
            if case .array(let outputs)? = arguments.values["outputs"] { count = outputs.count } else { count = 0 }
            let description: String
            if case .string(let text)? = arguments.values["description"] { description = text } else { description = "" }
            return "pay \(count) output\(count == 1 ? "" : "s") from this wallet (\"\(description)\"); the payment's "
                + "review follows"
        }
    }
}
