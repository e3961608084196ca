public import HFBundles
import HFCrypto
import HFPrimitives
import HFWallet

/// The public facts of a backup document, for `backup verify` (never a phrase or passphrase).
public struct BackupSummary: Encodable, Sendable {
    public struct Wallet: Encodable, Sendable {
        public let walletId: String
        public let title: String
        public let network: String
        public let receipts: Int
        /// The txids of the pending transactions the backup carries for this wallet (version 4; empty before).
        public let pending: [String]
        /// The answered BRC-100 calls it carries ("pays once" records).
        public let answeredCalls: Int
    }

    public let createdAt: String
    public let wallets: [Wallet]

    /// The summary of `document` (its phrases were checked by `BackupService.open`).
    public init(_ document: BackupDocument) {
        createdAt = document.createdAt.text
        wallets = document.wallets.map { wallet in
            let walletID = (try? Mnemonic(phrase: String(decoding: wallet.mnemonic.bytes, as: UTF8.self)))
                .flatMap { try? WalletKeys(mnemonic: $0, passphrase: String(decoding: wallet.passphrase.bytes, as: UTF8.self), network: wallet.network) }
                .map(\.walletIDHex) ?? ""
            return Wallet(
                walletId: walletID, title: wallet.title, network: wallet.network.rawValue,
                receipts: wallet.receipts.count, pending: wallet.pending.transactions.map(\.txid.displayHex),
                answeredCalls: wallet.pending.answeredCalls.count)
        }
    }
}
