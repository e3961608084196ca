/// The description and labels of the actions an application asked for (`wallet_actions`, `action_labels`, watcher
/// schema 5): metadata kept beside the transactions, never the source of an action's amounts or status.
public struct ActionRecords {
    /// One action's metadata.
    public struct Row: Sendable, Equatable {
        /// The action's txid (64 hex, display order).
        public let txid: String
        /// The application's description.
        public let description: String
        /// Its labels, sorted, without repeats.
        public let labels: [String]

        /// A row from its columns.
        public init(txid: String, description: String, labels: [String]) {
            self.txid = txid
            self.description = description
            self.labels = labels
        }
    }

    private let database: Database
    private let network: String

    /// The actions of `network` in `database` (a watcher store).
    public init(database: Database, network: String) {
        self.database = database
        self.network = network
    }

    /// Keeps `row` in one transaction, replacing what was held for its txid.
    public func keep(_ row: Row) throws(DatabaseError) {
        try database.transaction { () throws(DatabaseError) in
            try database.execute(
                """
                INSERT INTO wallet_actions (network, txid, description) VALUES (?, ?, ?)
                ON CONFLICT (network, txid) DO UPDATE SET description = excluded.description
                """,
                bindings: [.text(network), .text(row.txid), .text(row.description)])
            try database.execute(
                "DELETE FROM action_labels WHERE network = ? AND txid = ?", bindings: [.text(network), .text(row.txid)])
            for label in Set(row.labels) {
                try database.execute(
                    "INSERT INTO action_labels (network, txid, label) VALUES (?, ?, ?)",
                    bindings: [.text(network), .text(row.txid), .text(label)])
            }
        }
    }

    /// Every action's metadata, by txid.
    public func all() throws(DatabaseError) -> [String: Row] {
        var descriptions: [String: String] = [:]
        let actions = try database.prepare("SELECT txid, description FROM wallet_actions WHERE network = ?")
        try actions.bind([.text(network)])
        while try actions.step() { descriptions[try actions.string(at: 0)] = try actions.string(at: 1) }
        var labels: [String: [String]] = [:]
        let labelled = try database.prepare("SELECT txid, label FROM action_labels WHERE network = ? ORDER BY label")
        try labelled.bind([.text(network)])
        while try labelled.step() { labels[try labelled.string(at: 0), default: []].append(try labelled.string(at: 1)) }
        var rows: [String: Row] = [:]
        for (txid, description) in descriptions {
            rows[txid] = Row(txid: txid, description: description, labels: labels[txid] ?? [])
        }
        return rows
    }
}
