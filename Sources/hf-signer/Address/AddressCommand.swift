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
            try wallet.addresses(chain: chain, start: start, count: count)
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

/// `hf-signer address find ADDR [--save] [--max N]`.
struct AddressFindCommand: Command {
    static let name = "find"
    static let abstract = "Search both schemes and both chains of the wallet for an address; --save records it as used."
    static let discussion: String? = """
        Pure local computation: indexes 0 to N-1 (--max, default 10000) of Type42 receive and change, then BIP44 \
        receive and change, derived in batches of 1000, nearer indexes first. Exit 65 when the address is not the \
        wallet's within the bound; nothing is recorded then. With --save the found index is recorded as used: the \
        balance, receipt imports and the next address pack (`export addrpack`) cover it and the gap after it. \
        Progress goes to stderr when the search takes over a second. With --json: the same object as `address list`.
        """
    static let arguments = [ArgumentHelp("address", help: "A P2PKH address of --network.")]
    static let options = [WalletOption.help, Option.save, AddressSearchOption.help]
    /// The options, declared once for help and parsing.
    enum Option {
        static let save = OptionHelp(flag: "--save", help: "Record the found index as used.")
    }

    let selection: WalletSelection
    let address: String
    let save: Bool
    let search: AddressSearch

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        save = try arguments.flag(Option.save)
        search = try AddressSearchOption.parse(&arguments)
        address = try arguments.positional("address")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let parsed: Address
        do { parsed = try Address(string: address, network: network) } catch {
            throw CommandError(.dataError, "'\(address)' is not a \(network.rawValue) address: \(error)")
        }
        let wallet = try context.openWallet(selection)
        let progress = SearchProgress(context)
        let found = try signerOperation { () throws(SignerError) in
            try wallet.findAddress(parsed, search: search, save: save, progress: progress.handler)
        }
        guard let found else {
            throw CommandError(
                .dataError,
                "\(address) is not an address of wallet \(wallet.info.walletID.prefix(16)) at indexes 0 to "
                    + "\(search.bound - 1) of any chain\(save ? "; nothing was recorded" : ""); if it is this wallet's "
                    + "further out, search wider with --max (up to \(AddressSearch.maximumBound))")
        }
        try AddressOutput.print([found.entry], context: context, single: true)
        if save {
            Output.message(
                found.recorded
                    ? "recorded \(found.entry.reference) as used: the balance, receipts and the next address pack "
                        + "(`hf-signer export addrpack`) cover it"
                    : "\(found.entry.reference) was already in the wallet's used range; nothing changed")
        }
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
