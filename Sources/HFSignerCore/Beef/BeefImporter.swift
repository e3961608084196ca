import HFBundles
public import HFPrimitives
public import HFSPV
import HFStore
public import HFWallet

/// Imports a BEEF file (V1, V2 or Atomic) into a wallet by way of the receipt path (docs/design.md §4, docs/reference/bsv-protocols.md §6).
///
/// In order: the file decodes strictly (`BeefFile`: structure, BUMPs, parents before children); every BUMP's
/// computed root is the merkle root of the signer's own validated header at the BUMP's height, else the whole
/// file is refused; then each *subject* (the Atomic BEEF's subject, or every tip of a plain BEEF) must be proven by
/// a BUMP, and becomes an `.hfreceipt` (the transaction, the local header, the TSC proof derived from the BUMP) that
/// `ReceiptImporter` verifies and checks for ownership exactly as an imported receipt. All subjects are stored in
/// one store transaction: if any is refused, nothing is stored. Headers are never written.
public struct BeefImporter {
    /// What an accepted BEEF did.
    public struct Outcome: Sendable, Equatable {
        /// Whether the file was an Atomic BEEF.
        public let isAtomic: Bool
        /// How many BUMP roots were found in the local chain.
        public let bumpsVerified: Int
        /// One receipt outcome per subject, in BEEF order.
        public let receipts: [ReceiptImporter.Outcome]
    }

    let receipts: ReceiptImporter
    let home: SignerHome
    let chain: HeaderChain

    /// An importer into `book`'s wallet, verifying against `chain`; `search` bounds the search for a subject's unknown
    /// payees, as for a receipt.
    public init(home: SignerHome, book: AddressBook, chain: HeaderChain, search: AddressSearch = .standard) {
        var receipts = ReceiptImporter(home: home, book: book, chain: chain)
        receipts.search = search
        self.receipts = receipts
        self.home = home
        self.chain = chain
    }

    /// Decodes, verifies and imports the bytes of a BEEF file (binary or hex text).
    ///
    /// - Throws: `SignerError.rejected` naming the failed check; the store is unchanged then.
    public func importBeef(_ bytes: [UInt8]) throws(SignerError) -> Outcome {
        let file: BeefFile
        do { file = try BeefFile(decoding: bytes) } catch { throw .rejected(reason: "\(error)") }
        return try importBeef(file)
    }

    /// Verifies and imports a decoded BEEF file.
    ///
    /// - Throws: `SignerError.rejected` naming the failed check; the store is unchanged then.
    public func importBeef(_ file: BeefFile) throws(SignerError) -> Outcome {
        let beef = file.beef
        let headers = try beef.bumps.enumerated().map { (index, bump) throws(SignerError) in
            try localHeader(for: bump, index: index)
        }
        let subjects = try file.subjects.map { entry throws(SignerError) in
            try receipt(for: entry, beef: beef, headers: headers)
        }
        let outcomes = try home.database.transaction { () throws(SignerError) in
            try subjects.map { receipt throws(SignerError) in try receipts.importReceipt(receipt) }
        }
        let isAtomic = if case .atomic = file { true } else { false }
        return Outcome(isAtomic: isAtomic, bumpsVerified: headers.count, receipts: outcomes)
    }

    /// The local validated header whose merkle root is `bump`'s root.
    private func localHeader(for bump: MerklePath, index: Int) throws(SignerError) -> BlockHeader {
        let height = Int(bump.blockHeight)
        guard let header = chain.header(at: height) else {
            throw .rejected(
                reason: "BUMP \(index) is for block \(height), which is not in the local validated chain "
                    + "(\(chain.checkpoint.height)…\(chain.validatedTipHeight)); import newer headers and try again")
        }
        guard header.merkleRoot == bump.root else {
            throw .rejected(
                reason: "BUMP \(index) leads to the merkle root \(bump.root.displayHex), which is not the root of the "
                    + "local block at height \(height); the BEEF is not proven by this chain")
        }
        return header
    }

    /// The receipt of a subject, from its BUMP and the local header.
    private func receipt(
        for entry: BeefTransaction, beef: Beef, headers: [BlockHeader]
    ) throws(SignerError) -> ReceiptBundle {
        let txid = entry.txid.displayHex
        guard let raw = entry.rawTx else {
            throw .rejected(reason: "the BEEF's transaction \(txid) is given by txid only; there is nothing to import")
        }
        guard let bumpIndex = entry.bumpIndex else {
            throw .rejected(
                reason: "transaction \(txid) is not mined yet (the BEEF has no BUMP for it); the signer credits only "
                    + "transactions proven in its own header chain: export it again once it is mined")
        }
        let header = headers[bumpIndex]
        do {
            let proof = try beef.bumps[bumpIndex].tscProof(txid: entry.txid, target: .blockHash(header.hash))
            return try ReceiptBundle(
                network: chain.network, rawTx: raw, blockHeight: beef.bumps[bumpIndex].blockHeight, header: header,
                merkleProof: proof)
        } catch {
            throw .rejected(reason: "transaction \(txid): cannot form its receipt: \(error)")
        }
    }
}
