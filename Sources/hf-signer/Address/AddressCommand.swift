import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer address`: the wallet's addresses.
struct AddressCommand: CommandGroup {
    static let name = "address"
    static let abstract = "List, rotate and find the wallet's addresses."
    static let subcommands: [any Command.Type] = [
        AddressListCommand.self, AddressNextCommand.self, AddressShowCommand.self, AddressFindCommand.self,
    ]
}

/// `hf-signer address list`.
struct AddressListCommand: Command {
    static let name = "list"
    static let abstract = "List addresses of the wallet's scheme, from index 0 unless --start says otherwise."
    static let discussion: String? = """
        With --json: the same objects as `keys derive`: {"address","index","publicKey","reference","scheme"}.
        """
    static let options = [
        WalletOption.help,
        Option.chain,
        IndexRange.start,
        IndexRange.count,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let chain = OptionHelp("--chain", value: "receive|change", help: "Chain (default receive).")
    }

    let selection: WalletSelection
    let chain: KeyChainKind
    let start: UInt32
    let count: Int

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        let chainName = try arguments.option(Option.chain) ?? "receive"
        guard let chain = KeyChainKind(rawValue: chainName) else {
            throw UsageError("--chain must be receive or change, not '\(chainName)'")
        }
        self.chain = chain
        (start, count) = try IndexRange.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let entries = try signerOperation { () throws(SignerError) in
            try wallet.book.list(chain: chain, start: start, count: count)
        }
        try AddressOutput.print(entries, context: context)
        return .success
    }
}

/// `hf-signer address next`.
struct AddressNextCommand: Command {
    static let name = "next"
    static let abstract = "Show the fresh receive address and rotate to the next one."
    static let discussion: String? = """
        --qr draws the address (or, with --amount, the BIP 21 URI bitcoin:ADDRESS?amount=BSV) as a QR code above \
        the usual line, as `address show` does.
        """
    static let options = [WalletOption.help] + AddressQROptions.help

    let selection: WalletSelection
    let display: AddressQROptions

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        display = try AddressQROptions(parsing: &arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let entry = try signerOperation { () throws(SignerError) in try wallet.nextAddress() }
        try display.print(entry, context: context)
        return .success
    }
}

/// `hf-signer address find ADDR`.
struct AddressFindCommand: Command {
    static let name = "find"
    static let abstract = "Search both schemes and both chains of the wallet for an address."
    static let discussion: String? = """
        Pure local computation: Type42 first, then BIP44, receive and change, up to 1000 past the known range. \
        Exit 65 when the address is not the wallet's.
        """
    static let arguments = [ArgumentHelp("address", help: "A P2PKH address of --network.")]
    static let options = [WalletOption.help]

    let selection: WalletSelection
    let address: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        address = try arguments.positional("address")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let parsed: Address
        do { parsed = try Address(string: address, network: network) } catch {
            throw CommandError(.dataError, "'\(address)' is not a \(network.rawValue) address: \(error)")
        }
        let wallet = try context.openWallet(selection)
        guard let entry = try signerOperation({ () throws(SignerError) in try wallet.book.find(parsed) }) else {
            throw CommandError(.dataError, "\(address) is not an address of wallet \(wallet.info.walletID.prefix(16))")
        }
        try AddressOutput.print([entry], context: context, single: true)
        return .success
    }
}

/// `--start` and `--count` of the address listings.
enum IndexRange {
    static let start = OptionHelp("--start", value: "n", help: "First index (default 0).")
    static let count = OptionHelp("--count", value: "n", help: "How many, 1 to 100000 (default 20).")

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> (UInt32, Int) {
        let startText = try arguments.option(start) ?? "0"
        guard let start = UInt32(startText), start < 0x8000_0000 else {
            throw UsageError("--start must be a whole number below 2147483648, not '\(startText)'")
        }
        let countText = try arguments.option(count) ?? "20"
        guard let count = Int(countText), (1...100_000).contains(count) else {
            throw UsageError("--count must be a whole number from 1 to 100000, not '\(countText)'")
        }
        guard UInt64(start) + UInt64(count) <= 0x8000_0000 else {
            throw UsageError("--start plus --count must not pass index 2147483647")
        }
        return (start, count)
    }
}
