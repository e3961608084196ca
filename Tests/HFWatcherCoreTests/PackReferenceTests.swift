import HFBundles
@testable import HFWatcherCore
import Testing

/// The watcher reads a pack entry's reference back into its chain and index (to ask the signer for more addresses past
/// a used one): Type42 invoices, the signer's own BIP44 paths, and another application's PREFIX/C/N paths (issue 32).
@Suite struct PackReferenceTests {
    @Test func readsOurReferencesAndOtherWalletsPaths() {
        let cases: [(String, String, PackChain, UInt32)] = [
            ("type42", "1-wallet-7", .receive, 7),
            ("type42", "0-change-0", .change, 0),
            ("bip44", "m/44'/236'/0'/0/5", .receive, 5),
            ("bip44", "m/44'/236'/0'/1/12", .change, 12),
            ("bip44", "m/44'/0/0/3", .receive, 3),  // centbee
            ("bip44", "m/44'/0/1/2", .change, 2),
            ("bip44", "m/44'/0'/0'/1/9", .change, 9),  // electrumsv
            ("bip44", "m/0/0", .receive, 0),  // twetch
        ]
        for (scheme, reference, chain, index) in cases {
            let used = PackReference.parse(scheme: scheme, reference: reference)
            #expect(used?.chain == chain && used?.index == index, "\(reference)")
            #expect(used?.scheme.rawValue == scheme)
        }
    }

    @Test func anythingElseIsNotAChainIndex() {
        for (scheme, reference) in [
            ("bip44", "m/44'/0/2/3"), ("bip44", "m/44'/0/0/3'"), ("bip44", "m/0"), ("bip44", "x/0/1"),
            ("bip44", "m/0'/5"), ("bip44", "m/0/2147483648"), ("sweep", "sweep"), ("type42", "2-other-1"),
        ] {
            #expect(PackReference.parse(scheme: scheme, reference: reference) == nil, "\(reference)")
        }
    }
}
