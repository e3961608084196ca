import HFStore

/// The signer database's schema versions, applied in order by `Migrator` (one transaction each).
enum SignerSchema {
    static let migrator = Migrator([
        Migration(
            version: 1,
            sql: """
                CREATE TABLE signer_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;
                INSERT INTO signer_meta (key, value) VALUES ('schema', 'hf-signer/1');
                """)
    ])
}
