import Foundation
public import HFBundles
import HFCrypto
import HFPrimitives
import HFStore
import HFWallet

/// `export addrpack`: a signed pack of the addresses the watcher must watch (docs/design.md §4, §6).
public enum AddressPackExport {
    /// The pack and whether it extends what earlier packs covered.
    public struct Result {
        public internal(set) var bundle: AddressPackBundle
        /// False when earlier packs already reached the whole discovery range (20 unused past the last used).
        public let extendsRange: Bool
    }

    /// Builds the pack covering the discovery range plus `count` fresh receive addresses, and records its reach.
    ///
    /// The caller commits the returned pack to a file before the store's transaction ends.
    public static func make(book: AddressBook, count: Int) throws(SignerError) -> Result {
        var entries: [AddressPackEntry] = []
        var extends = false
        let ranges = try book.watchRange(extraReceive: count)
        for (scheme, chain, end) in ranges {
            if end > (try book.exportedIndex(scheme, chain)) { extends = true }
            let derived: [DerivedAddress]
            do { derived = try book.keys.derive(scheme: scheme, chain: chain, start: 0, count: end) } catch {
                throw .rejected(reason: "\(error)")
            }
            for entry in derived {
                guard let packEntry = try? AddressPackEntry(
                    address: entry.address, scheme: scheme == .type42 ? .type42 : .bip44, reference: entry.reference)
                else { throw .rejected(reason: "cannot pack address \(entry.reference)") }
                entries.append(packEntry)
            }
        }
        let bundle: AddressPackBundle
        do {
            let createdAt = try RFC3339Timestamp.now()
            bundle = try UnsignedAddressPack(
                network: book.keys.network, createdAt: createdAt, identityKey: book.keys.identityKey, entries: entries
            ).signed(with: book.keys.identityPrivateKey)
        } catch {
            throw .rejected(reason: "cannot build the address pack: \(error)")
        }
        for (scheme, chain, end) in ranges { try book.raiseExported(scheme, chain, to: end) }
        return Result(bundle: bundle, extendsRange: extends)
    }
}
