import HFCommandLine
import HFSignerCore

/// `hf-signer vault list`: the ids of the active vault, never their values.
struct VaultListCommand: Command {
    static let name = "list"
    static let abstract = "List the ids of the active vault (never the secrets)."
    static let discussion: String? = """
        Needs no passphrase. With --json: {"ids":[…],"kind":"encrypted"|"file"|"single-file","migration":null|\
        "from>to>phase"}.
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let listing = try signerOperation { () throws(SignerError) in try session.vaultListing() }
        if context.globals.json {
            try Output.json(Result(kind: listing.kind, ids: listing.ids, migration: listing.migration))
        } else {
            Output.message("active vault: \(listing.kind)" + (listing.migration.map { " (unfinished migration \($0))" } ?? ""))
            for id in listing.ids { Output.result(id) }
        }
        return .success
    }

    struct Result: Encodable {
        let kind: String
        let ids: [String]
        let migration: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(ids, forKey: .ids)
            try container.encode(migration, forKey: .migration)
        }

        enum CodingKeys: String, CodingKey { case kind, ids, migration }
    }
}
