public import HFCrypto
import HFPrimitives

/// The plaintext of a `.bep` backup (docs/design.md §4): canonical JSON
/// `{"createdAt":…,"format":"hf-backup","policy":{…}?,"version":1|2|3,"wallets":[…]}`.
///
/// Version 2 adds three optional members: `sweepKeys` and `walletFileKey` in a wallet object, `policy` at the top
/// (see ``BackupSweepKey``, ``BackupPolicy``). Version 3 adds two optional members of a wallet object: `labels`
/// (`[{"label","ref","type"}]`, see ``WalletLabel``) and `gapLimit` (1 to 1000). Readers accept versions 1 to 3;
/// a document carrying a member of a later version than its own is refused as an unknown field. Version 4 adds
/// two optional members of a wallet object: `pending` (the `.hftx` objects of its signed, unconfirmed
/// transactions) and `answeredCalls` (`[{"callId","txid"}]`, the BRC-100 calls it paid), see ``WalletPending``.
/// Version 5 adds one optional member of a wallet object: `bip32Chains`, another application's BIP32 chains
/// (``BackupWallet/bip32Chains``). Readers accept versions 1 to 5.
///
/// Each wallet object has exactly these members:
/// ```
/// {"addressIndexes":{"bip44":{"change":0,"receive":0},"type42":{"change":2,"receive":5}},
///  "derivationType":"type42","isDefault":true,"mnemonic":"word … word","network":"main",
///  "passphrase":"","receipts":[<.hfreceipt objects>],"title":"Savings"}
/// ```
/// `addressIndexes` gives, per scheme and chain, the number of indexes in use (the next fresh index; see
/// `AddressIndexes`). `receipts` embeds whole `.hfreceipt` objects (with their own format, version and network,
/// which must be the wallet's), so a restore brings back the coins' proofs, not only the keys.
///
/// Secrets: `encoded()` writes into zeroizing storage without making Swift strings of the mnemonic or passphrase.
/// Decoding zeroizes its copy of the plaintext, but the parser necessarily makes Swift strings of every JSON string,
/// and their memory is released without being wiped.
public struct BackupDocument: Sendable, Equatable {
    /// When the backup was made.
    public let createdAt: RFC3339Timestamp
    /// The wallets, 1…1000, at most one default per network.
    public let wallets: [BackupWallet]
    /// The home's spending policy (version 2, only when the user asked for it).
    public let policy: BackupPolicy?

    /// The versions readers accept.
    public static let readableVersions: ClosedRange<Int64> = 1...5

    /// The version `encoded()` writes: the lowest that holds what is present, so a backup stays readable by older
    /// readers when it can: 5 when a wallet is on another application's BIP32 chains, else 4 when a wallet has
    /// pending transactions or answered calls, else 3 when a wallet has
    /// labels or a gap limit, else 2 when the document holds a version-2 field (sweep keys, a wallet-file key, the
    /// policy), else 1.
    public var version: Int64 {
        if wallets.contains(where: \.needsVersion5) { return 5 }
        if wallets.contains(where: \.needsVersion4) { return 4 }
        if wallets.contains(where: \.needsVersion3) { return 3 }
        return policy != nil || wallets.contains(where: \.needsVersion2) ? 2 : 1
    }

    // MARK: - Initializers

    /// A document of `wallets`.
    /// - Throws: `BundleError.countOutOfRange` (path `wallets`) or `.multipleDefaultWallets`.
    public init(createdAt: RFC3339Timestamp, wallets: [BackupWallet], policy: BackupPolicy? = nil) throws(BundleError) {
        guard BundleLimits.backupWalletCount.contains(wallets.count) else {
            throw .countOutOfRange(path: "wallets", count: wallets.count, allowed: BundleLimits.backupWalletCount)
        }
        var defaults: Set<Network> = []
        for wallet in wallets where wallet.isDefault {
            guard defaults.insert(wallet.network).inserted else { throw .multipleDefaultWallets(network: wallet.network) }
        }
        self.createdAt = createdAt
        self.wallets = wallets
        self.policy = policy
    }

    // MARK: - Methods

    /// The canonical JSON (sorted keys, no whitespace, lower-case hex, no trailing newline) in zeroizing storage,
    /// ready for `EncryptedBackup.seal(plaintext:password:)`.
    public func encoded() -> SecureBytes {
        let receipts: [[[UInt8]]] = wallets.map { $0.receipts.map { $0.encoded() } }
        var capacity = 256
        for (wallet, rendered) in zip(wallets, receipts) {
            capacity += 512 + 6 * (wallet.title.utf8.count + wallet.mnemonic.count + wallet.passphrase.count)
            capacity += rendered.reduce(0) { $0 + $1.count + 1 }
            capacity += 256 + 192 * wallet.sweepKeys.count
            capacity += 32
            for label in wallet.labels { capacity += 48 + label.ref.utf8.count + 6 * label.label.utf8.count }
            capacity += wallet.pending.encodedCapacity
        }
        capacity += policy.map { 512 + 40 * $0.allow.count } ?? 0
        // Reserving the whole size up front means the buffer never moves, so no stale copy of a secret is left in
        // freed memory.
        var writer = CanonicalJSONWriter(capacity: capacity)
        let version = version
        var members: [CanonicalJSONWriter.Member] = [
            ("format", { $0.write(.string(BundleKind.backupDocument.formatName ?? "")) }),
            ("version", { $0.write(.integer(version)) }),
            ("createdAt", { $0.write(.string(createdAt.text)) }),
            ("wallets", { writer in
                writer.writeArray(zip(wallets, receipts)) { writer, pair in
                    Self.write(pair.0, receipts: pair.1, to: &writer)
                }
            }),
        ]
        if let policy { members.append(("policy", { $0.write(policy.jsonValue) })) }
        writer.writeObject(members)
        return SecureBytes(consuming: &writer.bytes)
    }

    /// Writes one wallet object; the secrets go from `SecureBytes` straight into the output.
    private static func write(_ wallet: BackupWallet, receipts: [[UInt8]], to writer: inout CanonicalJSONWriter) {
        let indexes: (AddressIndexes) -> JSONValue = {
            .object(["receive": .integer(UInt64($0.receive)), "change": .integer(UInt64($0.change))])
        }
        var members: [CanonicalJSONWriter.Member] = [
            ("title", { $0.write(.string(wallet.title)) }),
            ("mnemonic", { writer in wallet.mnemonic.withUnsafeBytes { writer.writeString(utf8: $0) } }),
            ("passphrase", { writer in wallet.passphrase.withUnsafeBytes { writer.writeString(utf8: $0) } }),
            ("network", { $0.write(.string(wallet.network.rawValue)) }),
            ("derivationType", { $0.write(.string(wallet.derivationType.rawValue)) }),
            ("isDefault", { $0.write(.bool(wallet.isDefault)) }),
            ("addressIndexes", { writer in
                writer.write(.object([
                    "type42": indexes(wallet.addressIndexes.type42), "bip44": indexes(wallet.addressIndexes.bip44),
                ]))
            }),
            ("receipts", { writer in writer.writeArray(receipts) { $0.writeCanonical($1) } }),
        ]
        if !wallet.sweepKeys.isEmpty {
            members.append(("sweepKeys", { writer in
                writer.writeArray(wallet.sweepKeys) { writer, key in
                    writer.writeObject([
                        ("address", { $0.write(.string(key.address.string)) }),
                        ("compressed", { $0.write(.bool(key.compressed)) }),
                        ("privateKey", { BackupSecrets.writeHex(key.privateKey, to: &$0) }),
                    ])
                }
            }))
        }
        if let fileKey = wallet.walletFileKey {
            members.append(("walletFileKey", { BackupSecrets.writeHex(fileKey, to: &$0) }))
        }
        if !wallet.labels.isEmpty {
            members.append(("labels", { writer in writer.writeArray(wallet.labels) { $0.write($1.jsonValue) } }))
        }
        if let gapLimit = wallet.gapLimit { members.append(("gapLimit", { $0.write(.integer(gapLimit)) })) }
        members += wallet.pending.members()
        if let chains = wallet.bip32Chains { members.append(("bip32Chains", { $0.write(.string(chains)) })) }
        writer.writeObject(members)
    }
}
