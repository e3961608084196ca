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
                """),
        // Sweep addresses (`.hfsweep`) are watched like the wallet's own, under scheme `sweep`.
        Migration(
            version: 2,
            sql: """
                CREATE TABLE watched_addresses_v2 (
                    address TEXT NOT NULL,
                    network TEXT NOT NULL,
                    wallet_id TEXT NOT NULL REFERENCES watched_wallets (wallet_id),
                    scheme TEXT NOT NULL CHECK (scheme IN ('type42', 'bip44', 'sweep')),
                    reference TEXT NOT NULL,
                    used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1)),
                    PRIMARY KEY (network, address)) STRICT;
                INSERT INTO watched_addresses_v2 (address, network, wallet_id, scheme, reference, used)
                    SELECT address, network, wallet_id, scheme, reference, used FROM watched_addresses ORDER BY rowid;
                DROP TABLE watched_addresses;
                ALTER TABLE watched_addresses_v2 RENAME TO watched_addresses;
                """),
        // Deposit seeding per address, so per wallet and per pack (issue 17): an address's outpoints are announced as
        // deposits only once a poll has seen it. An upgraded home whose network was already polled keeps its
        // addresses seeded; a network never polled seeds on its next poll, as on a first launch.
        Migration(
            version: 3,
            sql: """
                CREATE TABLE deposit_seeded_addresses (
                    network TEXT NOT NULL, address TEXT NOT NULL, PRIMARY KEY (network, address)) STRICT;
                INSERT INTO deposit_seeded_addresses (network, address)
                    SELECT network, address FROM watched_addresses
                    WHERE network IN (SELECT DISTINCT network FROM known_outpoints);
                """),
        // The newest signer state per wallet (issue 26): what the signer holds, as its last bundle said, so that
        // `export update` carries exactly what it lacks. `state` is the canonical `.hfstate` bytes (its pack
        // removed); `created_at` and `sequence` order two states of one wallet.
        Migration(
            version: 4,
            sql: """
                CREATE TABLE signer_states (
                    network TEXT NOT NULL,
                    wallet_id TEXT NOT NULL CHECK (length(wallet_id) = 64),
                    created_at INTEGER NOT NULL,
                    sequence INTEGER NOT NULL,
                    state BLOB NOT NULL,
                    PRIMARY KEY (network, wallet_id)) STRICT;
                """),
        // The description and labels an application gave a createAction (issue 29), kept when `wallet-api deliver`
        // broadcasts its payment, so that `listActions` can find an action by label. Metadata only: the action
        // itself is derived from the stored transactions.
        Migration(
            version: 5,
            sql: """
                CREATE TABLE wallet_actions (
                    network TEXT NOT NULL,
                    txid TEXT NOT NULL CHECK (length(txid) = 64),
                    description TEXT NOT NULL,
                    PRIMARY KEY (network, txid)) STRICT;
                CREATE TABLE action_labels (
                    network TEXT NOT NULL, txid TEXT NOT NULL, label TEXT NOT NULL,
                    PRIMARY KEY (network, txid, label)) STRICT;
                """),
    ])
}
