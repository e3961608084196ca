import Foundation
import HFBundles
import HFCommandLine
import HFWatcherCore

/// `hf-watcher import FILE… [--trust-identity HEX]`.
struct WatcherImport: Command {
    static let name = "import"
    static let abstract = "Import signed address packs and sweep requests from the signer."
    static let discussion: String? = """
        The signature must verify, and the identity key must be the one trusted for the wallet: the first pack of a \
        wallet needs --trust-identity with the key `hf-signer wallet show` prints; later packs must match it. A \
        .hfsweep (from `hf-signer sweep add` or `scan` of a private key) is accepted only for a wallet already \
        trusted and signed by its identity key; its addresses are then watched like the wallet's own, so `sync` \
        and `export receipts` cover payments to them. With --json one line per file: \
        {"accepted","addresses","kind","walletId"} (kind "hfaddrpack" or "hfsweep").
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfaddrpack and .hfsweep files.", repeating: true)]
    static let options = [Option.trustIdentity]
    /// The options, declared once for help and parsing.
    enum Option {
        static let trustIdentity = OptionHelp(
            "--trust-identity", value: "hex", help: "Trust this identity key for a new wallet.")
    }

    let files: [String]
    let trust: String?

    init(parsing arguments: inout Arguments) throws {
        trust = try arguments.option(Option.trustIdentity)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        for file in files {
            let outcome = try watcherOperation { () throws(WatcherError) in
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw .rejected(reason: "cannot read '\(file)'")
                }
                let bytes = [UInt8](data)
                if (try? BundleKind.detect(bytes)) == .sweepRequest {
                    let request: SweepRequestBundle
                    do { request = try SweepRequestBundle(decoding: bytes, expectedNetwork: context.network) } catch {
                        throw .rejected(reason: "\(file): \(error)")
                    }
                    return try SweepRequestImporter.importRequest(request, home: home)
                }
                let pack: AddressPackBundle
                do { pack = try AddressPackBundle(decoding: bytes, expectedNetwork: context.network) } catch {
                    throw .rejected(reason: "\(file): \(error)")
                }
                return try AddressPackImporter.importPack(pack, trustIdentity: trust, home: home)
            }
            if context.globals.json {
                try Output.json(Accepted(kind: outcome.kind, accepted: true, walletId: outcome.walletId, addresses: outcome.addresses))
            } else {
                Output.result("\(file): watching \(outcome.addresses) addresses of wallet \(outcome.walletId.prefix(16)) (\(outcome.added) new)")
            }
        }
        return .success
    }

    struct Accepted: Encodable {
        let kind: String
        let accepted: Bool
        let walletId: String
        let addresses: Int
    }
}
