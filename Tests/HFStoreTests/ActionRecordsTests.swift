import HFStore
import HFTestSupport
import Testing

/// Watcher schema 5: an application's description and labels per action (issue 29).
@Suite struct ActionRecordsTests {
    static let txid = String(repeating: "ab", count: 32)

    @Test func aSchemaFourHomeGainsTheActionTablesAndKeepsItsRows() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("watcher.sqlite"))
        try Migrator(Array(WatcherSchema.migrator.migrations.prefix(4))).migrate(database)
        try WatcherConfigTable(database: database).set("wallet-api.timeout", "900")
        try WatcherSchema.migrator.migrate(database)
        #expect(try database.userVersion() == 5)
        #expect(try WatcherConfigTable(database: database).all() == ["wallet-api.timeout": "900"])
        #expect(try ActionRecords(database: database, network: "regtest").all().isEmpty)
    }

    @Test func anActionKeepsItsDescriptionAndLabelsPerNetwork() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("watcher.sqlite"))
        try WatcherSchema.migrator.migrate(database)
        let records = ActionRecords(database: database, network: "regtest")
        try records.keep(.init(txid: Self.txid, description: "pay bob", labels: ["shop", "coffee", "shop"]))
        #expect(try records.all() == [Self.txid: .init(txid: Self.txid, description: "pay bob", labels: ["coffee", "shop"])])
        try records.keep(.init(txid: Self.txid, description: "pay carol", labels: ["tea"]))
        #expect(try records.all() == [Self.txid: .init(txid: Self.txid, description: "pay carol", labels: ["tea"])],
                "kept again, it is replaced, labels and all")
        #expect(try ActionRecords(database: database, network: "main").all().isEmpty, "another network holds none")
        #expect(throws: DatabaseError.self, "a txid is 64 hex") {
            try records.keep(.init(txid: "ab", description: "x", labels: []))
        }
        #expect(try records.all()[Self.txid]?.description == "pay carol", "a refused row changes nothing")
    }
}
