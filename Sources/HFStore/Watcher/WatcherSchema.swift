/// The watcher database's schema versions (`watcher.sqlite`). The watcher holds no secrets: addresses it watches,
/// the identity keys it trusts per wallet, transactions with their proofs, and its configuration.
public enum WatcherSchema {
    /// The migrator of `watcher.sqlite`.
    public static let migrator = Migrator([
        Migration(
            version: 1,
            sql: """
                CREATE TABLE watcher_config (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;
                CREATE TABLE watched_wallets (
                    wallet_id TEXT PRIMARY KEY NOT NULL CHECK (length(wallet_id) = 64),
                    network TEXT NOT NULL CHECK (network IN ('main', 'test', 'regtest')),
                    identity_key TEXT NOT NULL CHECK (length(identity_key) = 66),
                    trusted_at TEXT NOT NULL) STRICT;
                CREATE TABLE watched_addresses (
                    address TEXT NOT NULL,
                    network TEXT NOT NULL,
                    wallet_id TEXT NOT NULL REFERENCES watched_wallets (wallet_id),
                    scheme TEXT NOT NULL CHECK (scheme IN ('type42', 'bip44')),
                    reference TEXT NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1)),
                    PRIMARY KEY (network, address)) STRICT;
                CREATE TABLE watched_transactions (
                    network TEXT NOT NULL,
                    txid TEXT NOT NULL CHECK (length(txid) = 64),
                    raw BLOB NOT NULL,
                    block_height INTEGER,
                    block_hash TEXT,
                    proof BLOB,
                    seen_at TEXT NOT NULL,
                    PRIMARY KEY (network, txid)) STRICT;
                CREATE TABLE address_transactions (
                    network TEXT NOT NULL, address TEXT NOT NULL, txid TEXT NOT NULL,
                    PRIMARY KEY (network, address, txid)) STRICT;
                CREATE TABLE known_outpoints (
                    network TEXT NOT NULL, outpoint TEXT NOT NULL, satoshis INTEGER NOT NULL,
                    PRIMARY KEY (network, outpoint)) STRICT;
                CREATE TABLE broadcasts (
                    network TEXT NOT NULL, txid TEXT NOT NULL, status TEXT NOT NULL, via TEXT NOT NULL,
                    hftx BLOB NOT NULL, at TEXT NOT NULL, PRIMARY KEY (network, txid)) STRICT;
                """)
    ])
}
