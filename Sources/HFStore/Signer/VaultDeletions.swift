/// The queue of vault items whose wallet row or sweep key was removed (schema 4): the removal commits the rows and
/// the queue entries together, then the items are deleted and dequeued. A crash in between leaves a stray item that
/// the next ``finish(vault:)`` deletes, never a live wallet without its seed (docs/requirements/vaults.md).
public struct VaultDeletions {
    private let database: Database

    /// The queue of `database` (a signer store at schema 4 or later).
    public init(database: Database) { self.database = database }

    /// Queues `vaultIDs` for deletion; call inside the transaction that removes their rows.
    public func enqueue(_ vaultIDs: [String]) throws(DatabaseError) {
        for id in vaultIDs {
            try database.execute("INSERT OR IGNORE INTO vault_deletions (vault_id) VALUES (?)", bindings: [.text(id)])
        }
    }

    /// The queued vault IDs.
    public func queued() throws(DatabaseError) -> [String] {
        let statement = try database.prepare("SELECT vault_id FROM vault_deletions ORDER BY vault_id")
        var ids: [String] = []
        while try statement.step() { ids.append(try statement.string(at: 0)) }
        return ids
    }

    /// Deletes every queued item that no wallet or sweep key names any more (one imported again since is kept),
    /// then dequeues it.
    ///
    /// - Returns: the ids of the items deleted from the vault.
    @discardableResult
    public func finish(vault: any KeyshareVault) throws(VaultError) -> [String] {
        var deleted: [String] = []
        let ids: [String]
        do { ids = try queued() } catch { throw .database(error) }
        for id in ids {
            let referenced: Bool
            do { referenced = try isReferenced(id) } catch { throw .database(error) }
            if !referenced {
                if (try? vault.read(id: id)) != nil { deleted.append(id) }
                try vault.delete(id: id)
            }
            do {
                try database.execute("DELETE FROM vault_deletions WHERE vault_id = ?", bindings: [.text(id)])
            } catch {
                throw .database(error)
            }
        }
        return deleted
    }

    private func isReferenced(_ id: String) throws(DatabaseError) -> Bool {
        let statement = try database.prepare(
            """
            SELECT EXISTS (SELECT 1 FROM wallets WHERE vault_id = ?1)
                OR EXISTS (SELECT 1 FROM sweep_keys WHERE vault_id = ?1)
            """)
        try statement.bind([.text(id)])
        _ = try statement.step()
        return try statement.int(at: 0) != 0
    }
}
