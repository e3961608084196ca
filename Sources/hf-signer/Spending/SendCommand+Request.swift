import HFBundles
import HFCommandLine
import HFPrimitives
import HFProtocols
import HFSignerCore
import HFWallet

extension SendCommand {
    /// `send --request FILE`: pays a paymail payment request (`.hfpayreq`).
    func payRequest(_ path: String, context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let (request, recipients) = try signerOperation { () throws(SignerError) in
            let request = try PaymentRequestPayment.read(path, network: network)
            return (request, try PaymentRequestPayment.recipients(request))
        }
        // The paymail and the reference come from the receiver's host: shown escaped (a U+202E would reorder the line).
        let paymail = UntrustedText.escaped(request.paymail.description)
        Output.message(
            "payment request: \(AmountText.bsv(request.totalSatoshis)) to \(paymail) "
                + "(reference \(UntrustedText.escaped(request.reference)))")
        for recipient in recipients { Output.message("  \(AmountText.bsv(recipient.satoshis)) to \(recipient.address)") }
        let requested = recipients.map(PaymentOutput.recipient) + (try outputs.dataAndUploadOutputs())
        return try SpendOptions.pay(
            .pay(requested), selection: selection, feeRate: feeRate, limits: limits, out: out, yes: yes,
            context: context
        ) { review in
            "Pay \(AmountText.bsv(request.totalSatoshis)) to \(paymail) with a fee of \(AmountText.grouped(review.fee)) sat?"
        }
    }
}
