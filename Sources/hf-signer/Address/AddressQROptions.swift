import HFCommandLine
import HFPrimitives
import HFQRCommands
import HFWallet

/// `--qr` and `--amount` of `address next` and `address show`: the address (or a BIP 21 `bitcoin:` URI asking for
/// an amount) drawn as one static QR code with the renderer of `qr show`, above the usual line.
struct AddressQROptions {
    /// The option help lines.
    static let help = [Option.qr, Option.amount]
    /// The options, declared once for help and parsing.
    enum Option {
        static let qr = OptionHelp(
            flag: "--qr", help: "Also draw the address (or the bitcoin: URI) as a QR code, as `qr show` draws.")
        static let amount = OptionHelp(
            "--amount", value: "amount",
            help: "Ask for this many satoshis: the URI bitcoin:ADDRESS?amount=BSV (e.g. 60000 → amount=0.0006).")
    }

    /// Whether to draw the QR code.
    let qr: Bool
    /// The amount asked for, if any.
    let amount: Amount?

    /// Reads the options.
    /// - Throws: `UsageError` for an amount that is not a whole number of satoshis from 1 to 21 000 000 BSV.
    init(parsing arguments: inout Arguments) throws(UsageError) {
        qr = try arguments.flag(Option.qr)
        guard let text = try arguments.option(Option.amount) else {
            amount = nil
            return
        }
        let satoshis = try AmountArgument.satoshis(text, option: "--amount")
        guard let value = try? Amount(satoshis: satoshis) else {
            throw UsageError("--amount must be at most \(Amount.maxMoney) satoshis, not '\(text)'")
        }
        amount = value
    }

    /// Prints `entry`: the QR code first (text output with `--qr` only), then the line `address list` prints, then
    /// the URI when an amount is asked for. With `--json`: the `keys derive` object, plus `"uri"` and `"amount"`
    /// (satoshis) when an amount is asked for; never a drawing.
    func print(_ entry: DerivedAddress, context: CommandContext) throws(CommandError) {
        let uri = amount.map { PaymentURI(address: entry.address, amount: $0).string }
        if context.globals.json {
            guard let uri, let amount else { return try AddressOutput.print([entry], context: context, single: true) }
            return try Output.json(Requested(entry: Derive.Entry(entry), uri: uri, amount: amount.satoshis))
        }
        if qr { try TextQR.show(uri ?? entry.address.string) }
        try AddressOutput.print([entry], context: context, single: true)
        if let uri { Output.result(uri) }
    }

    /// The `--json` object with an amount: the entry's keys and `amount`, `uri`.
    struct Requested: Encodable {
        let entry: Derive.Entry
        let uri: String
        let amount: UInt64

        enum CodingKeys: String, CodingKey { case uri, amount }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(uri, forKey: .uri)
            try container.encode(amount, forKey: .amount)
        }
    }
}
