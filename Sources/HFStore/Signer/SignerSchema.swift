/// The signer database's schema versions, applied in order by `Migrator`, each in one transaction (docs/design.md §7).
///
/// Invariants enforced here, in one place: a wallet's transactions are never deleted or shrunk except by removing the
/// wallet (the `wallet_removals` marker), and every wallet-scoped row names its wallet with a foreign key.
public enum SignerSchema {
    /// The migrator of `signer.sqlite`.
    public static let migrator = Migrator([
        Migration(
            version: 1,
            sql: """
                CREATE TABLE signer_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;
                INSERT INTO signer_meta (key, value) VALUES ('schema', 'hf-signer/1');
                """),
        Migration(
            version: 2,
            sql: """
                CREATE TABLE wallets (
                    wallet_id TEXT PRIMARY KEY NOT NULL CHECK (length(wallet_id) = 64),
                    network TEXT NOT NULL CHECK (network IN ('main', 'test', 'regtest')),
                    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 256),
                    derivation TEXT NOT NULL CHECK (derivation IN ('type42', 'bip44')),
                    identity_key TEXT NOT NULL CHECK (length(identity_key) = 66),
                    vault_id TEXT NOT NULL UNIQUE,
                    is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
                    created_at TEXT NOT NULL) STRICT;
                CREATE UNIQUE INDEX one_default_per_network ON wallets (network) WHERE is_default = 1;
                CREATE TABLE address_indexes (
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id) ON DELETE CASCADE,
                    scheme TEXT NOT NULL CHECK (scheme IN ('type42', 'bip44')),
                    chain TEXT NOT NULL CHECK (chain IN ('receive', 'change')),
                    next_index INTEGER NOT NULL CHECK (next_index BETWEEN 0 AND 2147483648),
                    exported_index INTEGER NOT NULL DEFAULT 0 CHECK (exported_index BETWEEN 0 AND 2147483648),
                    PRIMARY KEY (wallet_id, scheme, chain)) STRICT;
                CREATE TABLE transactions (
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id),
                    txid TEXT NOT NULL CHECK (length(txid) = 64),
                    raw BLOB NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('confirmed', 'pending', 'cancelled', 'unconfirmed')),
                    block_height INTEGER,
                    block_hash TEXT,
                    receipt BLOB,
                    hftx BLOB,
                    created_at TEXT NOT NULL,
                    PRIMARY KEY (wallet_id, txid)) STRICT;
                CREATE TABLE wallet_removals (wallet_id TEXT PRIMARY KEY NOT NULL) STRICT;
                CREATE TRIGGER transactions_never_deleted BEFORE DELETE ON transactions
                    WHEN NOT EXISTS (SELECT 1 FROM wallet_removals WHERE wallet_id = OLD.wallet_id)
                    BEGIN SELECT RAISE(ABORT, 'a wallet''s transactions are never deleted'); END;
                CREATE TABLE preferences (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT;
                """),
        Migration(
            version: 3,
            sql: """
                CREATE TABLE sweep_keys (
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id) ON DELETE CASCADE,
                    address TEXT NOT NULL CHECK (length(address) BETWEEN 26 AND 35),
                    vault_id TEXT NOT NULL UNIQUE,
                    compressed INTEGER NOT NULL CHECK (compressed IN (0, 1)),
                    created_at TEXT NOT NULL,
                    PRIMARY KEY (wallet_id, address)) STRICT;
                """),
        // Vault items to delete once the commit that forgot their wallet or sweep key is durable (docs/requirements/vaults.md: never a
        // live wallet whose seed is gone; a stray item is deleted on the next open).
        Migration(
            version: 4,
            sql: """
                CREATE TABLE vault_deletions (vault_id TEXT PRIMARY KEY NOT NULL) STRICT;
                """),
        // The spending policy (issue 16): one policy per home with its allowlist and passphrase verifier, and the
        // ledger of external outputs of every transaction signed here (no foreign key: it outlives a removed
        // wallet; deletable only once no wallet is left, i.e. by a wipe). Transactions signed before this version
        // are noted in `spending_outflows_before`, so the window counts them too.
        Migration(
            version: 5,
            sql: """
                CREATE TABLE spending_policy (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    max_per_tx INTEGER CHECK (max_per_tx >= 0),
                    max_per_window INTEGER CHECK (max_per_window >= 0),
                    window_blocks INTEGER CHECK (window_blocks > 0),
                    allowlist_only INTEGER NOT NULL CHECK (allowlist_only IN (0, 1)),
                    max_fee INTEGER CHECK (max_fee >= 0),
                    salt BLOB NOT NULL CHECK (length(salt) = 16),
                    iterations INTEGER NOT NULL,
                    verifier BLOB NOT NULL CHECK (length(verifier) = 32),
                    updated_at TEXT NOT NULL,
                    CHECK ((max_per_window IS NULL) = (window_blocks IS NULL))) STRICT;
                CREATE TABLE spending_policy_allow (
                    address TEXT PRIMARY KEY NOT NULL CHECK (length(address) BETWEEN 26 AND 35)) STRICT;
                CREATE TABLE spending_outflows (
                    network TEXT NOT NULL CHECK (network IN ('main', 'test', 'regtest')),
                    txid TEXT NOT NULL CHECK (length(txid) = 64),
                    vout INTEGER NOT NULL CHECK (vout >= 0),
                    wallet_id TEXT NOT NULL,
                    lock_time INTEGER NOT NULL CHECK (lock_time >= 0),
                    address TEXT,
                    satoshis INTEGER NOT NULL CHECK (satoshis >= 0),
                    PRIMARY KEY (network, txid, vout)) STRICT;
                CREATE TRIGGER spending_outflows_kept BEFORE DELETE ON spending_outflows
                    WHEN EXISTS (SELECT 1 FROM wallets)
                    BEGIN SELECT RAISE(ABORT, 'the spending policy''s outflows are kept while a wallet exists'); END;
                CREATE TABLE spending_outflows_before (
                    wallet_id TEXT NOT NULL, txid TEXT NOT NULL, PRIMARY KEY (wallet_id, txid)) STRICT;
                INSERT INTO spending_outflows_before (wallet_id, txid)
                    SELECT wallet_id, txid FROM transactions WHERE hftx IS NOT NULL;
                """),
        // A wider gap limit per wallet (`wallet rescan --gap`, issue 17): absent means the default of 20.
        Migration(
            version: 6,
            sql: """
                CREATE TABLE wallet_gap_limits (
                    wallet_id TEXT PRIMARY KEY NOT NULL REFERENCES wallets (wallet_id) ON DELETE CASCADE,
                    gap_limit INTEGER NOT NULL CHECK (gap_limit BETWEEN 1 AND 1000)) STRICT;
                """),
        // Labels (issue 18, BIP-329's `addr`, `tx` and `output` records): one label per wallet, type and reference,
        // at most 255 bytes of UTF-8; they go with their wallet.
        Migration(
            version: 7,
            sql: """
                CREATE TABLE wallet_labels (
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id) ON DELETE CASCADE,
                    type TEXT NOT NULL CHECK (type IN ('addr', 'tx', 'output')),
                    ref TEXT NOT NULL CHECK (length(ref) BETWEEN 1 AND 80),
                    label TEXT NOT NULL CHECK (length(CAST(label AS BLOB)) BETWEEN 1 AND 255),
                    PRIMARY KEY (wallet_id, type, ref)) STRICT;
                """),
        // The BRC-100 createAction calls a wallet paid (issue 19), one per call, written in the same transaction
        // as the pending payment: a call pays once.
        Migration(
            version: 8,
            sql: """
                CREATE TABLE answered_calls (
                    call_id TEXT PRIMARY KEY NOT NULL CHECK (length(call_id) = 32),
                    wallet_id TEXT NOT NULL REFERENCES wallets (wallet_id) ON DELETE CASCADE,
                    txid TEXT NOT NULL CHECK (length(txid) = 64)) STRICT;
                """),
        // Wallets brought from other applications keep those applications' BIP32 chains (issue 32): the receive
        // and change chain paths, one space between (HFWallet's `BIP32Chains.text`); NULL means ours,
        // m/44'/236'/0'/0 and m/44'/236'/0'/1.
        Migration(
            version: 9,
            sql: """
                ALTER TABLE wallets ADD COLUMN bip32_chains TEXT
                    CHECK (bip32_chains IS NULL OR length(bip32_chains) BETWEEN 5 AND 8192);
                """),
    ])
}
