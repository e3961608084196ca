/// The vault's two tables: `vault_parameters` (one row: salt, iterations, check item) and `vault_items`.
enum VaultTables {
    static let checkID = VaultID.reserved
    static let checkText = "hf-airgap vault check v1"

    struct Parameters {
        let salt: [UInt8]
        let iterations: Int
        let check: [UInt8]
    }

    static func create(in database: Database) throws(VaultError) {
        do {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS vault_parameters (
                    id INTEGER PRIMARY KEY CHECK (id = 1), salt BLOB NOT NULL, iterations INTEGER NOT NULL,
                    check_item BLOB NOT NULL) STRICT;
                CREATE TABLE IF NOT EXISTS vault_items (id TEXT PRIMARY KEY NOT NULL, item BLOB NOT NULL) STRICT;
                """)
        } catch { throw .database(error) }
    }

    static func validate(id: String) throws(VaultError) { try VaultID.validate(id) }

    static func parameters(in database: Database) throws(VaultError) -> Parameters? {
        do {
            let statement = try database.prepare("SELECT salt, iterations, check_item FROM vault_parameters WHERE id = 1")
            guard try statement.step() else { return nil }
            let parameters = Parameters(
                salt: try statement.blob(at: 0), iterations: try statement.int(at: 1), check: try statement.blob(at: 2))
            statement.reset()
            return parameters
        } catch { throw .database(error) }
    }

    static func insertParameters(salt: [UInt8], iterations: Int, check: [UInt8], in database: Database) throws(VaultError) {
        do {
            try database.execute(
                "INSERT INTO vault_parameters (id, salt, iterations, check_item) VALUES (1, ?, ?, ?)",
                bindings: [.blob(salt), .integer(Int64(iterations)), .blob(check)])
        } catch { throw .database(error) }
    }

    static func upsert(id: String, item: [UInt8], in database: Database) throws(VaultError) {
        do {
            try database.execute(
                "INSERT INTO vault_items (id, item) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET item = excluded.item",
                bindings: [.text(id), .blob(item)])
        } catch { throw .database(error) }
    }

    static func item(id: String, in database: Database) throws(VaultError) -> [UInt8]? {
        do {
            let statement = try database.prepare("SELECT item FROM vault_items WHERE id = ?")
            try statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            let item = try statement.blob(at: 0)
            statement.reset()
            return item
        } catch { throw .database(error) }
    }

    static func delete(id: String, in database: Database) throws(VaultError) {
        do { try database.execute("DELETE FROM vault_items WHERE id = ?", bindings: [.text(id)]) } catch {
            throw .database(error)
        }
    }

    static func ids(in database: Database) throws(VaultError) -> [String] {
        do {
            let statement = try database.prepare("SELECT id FROM vault_items ORDER BY id")
            var ids: [String] = []
            while try statement.step() { ids.append(try statement.string(at: 0)) }
            return ids
        } catch { throw .database(error) }
    }
}
