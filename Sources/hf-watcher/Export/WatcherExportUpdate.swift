import HFBundles
import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher export update --out F.hfupdate [--wallet ID]`.
struct WatcherExportUpdate: AsyncCommand {
    static let name = "update"
    static let abstract = "Write one .hfupdate with everything the signer lacks: headers, receipts, fee, addresses."
    static let discussion: String? = """
        Built from the newest signer state the watcher took (every bundle the signer writes carries one): the \
        validated headers from just above the last block both chains share to this watcher's tip (after a \
        reorganisation, from just above the fork point, so the signer follows it), the receipt of every payment and \
        spend of the wallet that the signer does not hold, the latest ARC fee quote, and — when the wallet's \
        activity comes within its gap limit of the end of what its address packs cover — a request for more \
        addresses, which the next bundle the signer writes answers. Nothing to type: no height, no --since. When \
        the state is older than what was sent since, the update overlaps what the signer has; the signer skips the \
        overlap. Run `sync` first. While the header sources disagree deep below the tip nothing is written (exit \
        65). With --json: {"bytes","file","headers":{"from","to"}|null,"receipts","reorganised","walletId"} \
        (from: the first height the update holds; to: the watcher's validated tip).
        """
    static let options = [Option.wallet, Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let wallet = OptionHelp(
            "--wallet", value: "id", help: "The wallet (8+ hex digits of its ID); needed when several are watched.")
        static let out = OptionHelp("--out", value: "file", help: "The new .hfupdate file.", required: true)
    }

    let wallet: String?
    let out: String

    init(parsing arguments: inout Arguments) throws {
        wallet = try arguments.option(Option.wallet)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        let result = try await watcherOperation { () async throws(WatcherError) in
            try await session.exportUpdate(wallet: wallet, out: out)
        }
        let bundle = result.bundle
        let bytes = bundle.encoded().count
        if context.globals.json {
            try Output.json(
                Report(
                    file: out, walletId: bundle.walletID.hex,
                    headers: bundle.headerRange.map { .init(from: Int($0.lowerBound), to: Int($0.upperBound)) },
                    receipts: bundle.receipts.count, bytes: bytes, reorganised: result.reorganised))
        } else {
            let headers = bundle.headerRange.map { HeaderRangeText.headers($0.lowerBound, $0.upperBound) } ?? "no new headers"
            Output.result("wrote \(out): \(headers), \(bundle.receipts.count) receipt\(bundle.receipts.count == 1 ? "" : "s") (\(bytes) bytes)")
            if result.reorganised {
                Output.message(
                    "the signer's tip is not on this watcher's best chain: the update starts above the fork at "
                        + "\(result.sharedHeight), and the signer will follow the heavier branch")
            }
            if !bundle.usedIndexes.isEmpty {
                Output.message("it asks the signer for more addresses: the next bundle the signer writes carries them")
            }
            Output.message("carry it to the signer: `hf-signer import \(out)` (or `hf-watcher qr show \(out)` and `hf-signer scan --camera`)")
        }
        return .success
    }

    /// `--json`.
    struct Report: Encodable {
        /// The header range.
        struct Headers: Encodable {
            let from: Int
            let to: Int
        }

        let file: String
        let walletId: String
        let headers: Headers?
        let receipts: Int
        let bytes: Int
        let reorganised: Bool

        enum CodingKeys: String, CodingKey { case file, walletId, headers, receipts, bytes, reorganised }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(walletId, forKey: .walletId)
            if let headers { try container.encode(headers, forKey: .headers) } else { try container.encodeNil(forKey: .headers) }
            try container.encode(receipts, forKey: .receipts)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(reorganised, forKey: .reorganised)
        }
    }
}
