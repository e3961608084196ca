import Foundation
import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// The outputs `send` is asked to make, as its options give them (no file read yet).
///
/// Pairing: `--to ADDR` and `--script HEX` take their amount from the `--amount` options; the n-th `--amount`
/// belongs to the n-th `--to` or `--script`, counted together in command-line order, and the counts must match.
/// `--pay ADDR=N` carries its own amount and may not be mixed with `--to` (one way of naming recipients per
/// command line, so no amount can be read against the wrong address); `--script` may go with either.
/// Output order: the `--to`/`--pay`/`--script` outputs in command-line order, then the one data output of every
/// `--data` push in order, then the `--upload` output, then change.
struct SendOutputOptions {
    /// One `--to`, `--pay` or `--script` output with its amount.
    enum Destination {
        case address(String, satoshis: UInt64)
        case script(Script, satoshis: UInt64)
    }

    /// One `--data` push: bytes given as hex, or a file to read.
    enum DataItem {
        case bytes([UInt8])
        case file(String)
    }

    /// The `--upload` file, its media type and its B:// filename (the base name).
    struct Upload {
        let path: String
        let mediaType: MediaType
        let filename: String
    }

    /// The options, declared once for help and parsing.
    enum Option {
        static let to = OptionHelp(
            "--to", value: "address", help: "Pay this address (repeatable; each takes the next --amount).")
        static let amount = OptionHelp(
            "--amount", value: "amount",
            help: "The amount of the --to or --script in the same position (repeatable, at least 1).")
        static let pay = OptionHelp(
            "--pay", value: "address=amount", help: "Pay this address this amount (repeatable; not with --to).")
        static let script = OptionHelp(
            "--script", value: "hex", help: "Pay a custom locking script (repeatable; each takes the next --amount).")
        static let data = OptionHelp(
            "--data", value: "hex|@file",
            help: "A push of the one OP_FALSE OP_RETURN output (repeatable, in order; @file reads a file).")
        static let upload = OptionHelp("--upload", value: "file", help: "Upload this file with B:// (0 satoshis).")
        static let mime = OptionHelp(
            "--mime", value: "type", help: "The upload's media type (else guessed from a known extension).")

        /// All of them, in the order help lists them.
        static let all = [to, amount, pay, script, data, upload, mime]
    }

    /// The `--to`/`--pay`/`--script` outputs in command-line order.
    let destinations: [Destination]
    /// The pushes of the data output (none: no data output).
    let data: [DataItem]
    /// The file to upload, if any.
    let upload: Upload?

    /// Whether no output at all was asked for.
    var isEmpty: Bool { destinations.isEmpty && data.isEmpty && upload == nil }

    // MARK: - Parsing

    /// Reads the output options (see the type's discussion for the pairing).
    init(parsing arguments: inout Arguments) throws(UsageError) {
        let given = try arguments.optionValues(inOrder: [Option.to, Option.amount, Option.pay, Option.script])
        let amounts = given.filter { $0.option == Option.amount }
        let paired = given.filter { $0.option == Option.to || $0.option == Option.script }
        if given.contains(where: { $0.option == Option.pay }), given.contains(where: { $0.option == Option.to }) {
            throw UsageError("give recipients either as --to ADDR --amount N or as --pay ADDR=N, not both")
        }
        guard amounts.count == paired.count else {
            throw UsageError(
                "\(paired.count) --to/--script output(s) but \(amounts.count) --amount value(s); give one --amount "
                    + "for each --to and --script, in the same order")
        }
        var amountIterator = amounts.makeIterator()
        var destinations: [Destination] = []
        for (option, value) in given where option != Option.amount {
            if option == Option.pay {
                destinations.append(try Self.pay(value))
                continue
            }
            let satoshis = try Self.satoshis(amountIterator.next()?.value ?? "", option: "--amount")
            if option == Option.to {
                destinations.append(.address(value, satoshis: satoshis))
            } else {
                guard let script = try? Script(hex: value), !script.isEmpty else {
                    throw UsageError("--script must be a locking script in hex, not '\(value)'")
                }
                destinations.append(.script(script, satoshis: satoshis))
            }
        }
        self.destinations = destinations
        data = try arguments.optionValues(Option.data).map(Self.dataItem)
        upload = try Self.upload(&arguments)
    }

    /// `--pay ADDR=N`.
    private static func pay(_ value: String) throws(UsageError) -> Destination {
        guard let equals = value.lastIndex(of: "="), equals != value.startIndex else {
            throw UsageError("--pay takes ADDRESS=AMOUNT, not '\(value)'")
        }
        let amount = try satoshis(String(value[value.index(after: equals)...]), option: "--pay")
        return .address(String(value[..<equals]), satoshis: amount)
    }

    /// An amount of a payment above 0 (`AmountArgument`: `60000`, `60000sat`, `0.0006BSV`).
    private static func satoshis(_ text: String, option: String) throws(UsageError) -> UInt64 {
        try AmountArgument.satoshis(text, option: option)
    }

    /// One `--data` value: `@FILE`, or non-empty hex.
    private static func dataItem(_ value: String) throws(UsageError) -> DataItem {
        if value.hasPrefix("@") {
            guard value.count > 1 else { throw UsageError("--data @FILE needs a file name after the @") }
            return .file(String(value.dropFirst()))
        }
        guard let bytes = try? Hex.decode(value), !bytes.isEmpty else {
            throw UsageError("--data must be non-empty hex or @FILE, not '\(value)'")
        }
        return .bytes(bytes)
    }

    /// `--upload FILE [--mime TYPE]`: the media type given or guessed from the name, the base name.
    private static func upload(_ arguments: inout Arguments) throws(UsageError) -> Upload? {
        let mime = try arguments.option(Option.mime)
        guard let path = try arguments.option(Option.upload) else {
            guard mime == nil else { throw UsageError("--mime describes an --upload; give --upload FILE with it") }
            return nil
        }
        let filename = URL(fileURLWithPath: path).lastPathComponent
        guard !filename.isEmpty, filename != "/" else { throw UsageError("--upload needs a file, not '\(path)'") }
        guard !filename.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw UsageError("the name of the file to upload has control characters; rename it first")
        }
        let mediaType: MediaType
        if let mime {
            guard let type = MediaType(mime) else {
                throw UsageError("--mime '\(mime)' is not a media type; give TYPE/SUBTYPE, for example image/png")
            }
            mediaType = type
        } else {
            guard let type = MediaType(guessingFrom: filename) else {
                throw UsageError(
                    "cannot tell the media type of '\(filename)' from its name; give it with --mime TYPE "
                        + "(for example --mime image/png)")
            }
            mediaType = type
        }
        return Upload(path: path, mediaType: mediaType, filename: filename)
    }

    // MARK: - Resolving

    /// The outputs for the builder: addresses parsed on `network` (65 when one is not an address of it) and files
    /// read (bounded by the 100 KB ceiling).
    func outputs(network: Network) throws -> [PaymentOutput] {
        var outputs: [PaymentOutput] = []
        for destination in destinations {
            switch destination {
            case .address(let text, let satoshis):
                outputs.append(.recipient(PaymentRecipient(address: try Self.address(text, network), satoshis: satoshis)))
            case .script(let script, let satoshis):
                outputs.append(.script(script, satoshis: satoshis))
            }
        }
        return outputs + (try dataAndUploadOutputs())
    }

    /// The data output and the upload output, files read.
    func dataAndUploadOutputs() throws -> [PaymentOutput] {
        var outputs: [PaymentOutput] = []
        if !data.isEmpty {
            let pushes = try data.map { item throws(CommandError) in
                switch item {
                case .bytes(let bytes): return bytes
                case .file(let path):
                    return try signerOperation { () throws(SignerError) in
                        try PaymentFile.read(path, purpose: "the data file")
                    }
                }
            }
            outputs.append(.data(pushes))
        }
        if let upload {
            let bytes = try signerOperation { () throws(SignerError) in
                try PaymentFile.read(upload.path, purpose: "the file to upload")
            }
            outputs.append(
                .upload(UploadFile(data: bytes, mediaType: upload.mediaType, filename: upload.filename)))
        }
        return outputs
    }

    /// `text` as an address of `network`.
    static func address(_ text: String, _ network: Network) throws(CommandError) -> Address {
        do { return try Address(string: text, network: network) } catch {
            throw CommandError(.dataError, "'\(text)' is not a \(network.rawValue) address: \(error)")
        }
    }
}
