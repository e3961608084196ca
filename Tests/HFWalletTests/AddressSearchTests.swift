import HFPrimitives
import Testing

@testable import HFWallet

/// `AddressSearch`: bounded, batched, nearer indexes first, every chain of both schemes; stops once all are found.
@Suite struct AddressSearchTests {
    static let keys = try! WalletKeys(mnemonic: Mnemonic(phrase: Fixtures.abandonPhrase), network: .regtest)

    static func entry(_ scheme: DerivationScheme, _ chain: KeyChainKind, _ index: UInt32) throws -> DerivedAddress {
        try keys.derivedAddress(scheme: scheme, chain: chain, index: index)
    }

    @Test func boundsAreExplicit() {
        #expect(AddressSearch(bound: 0) == nil)
        #expect(AddressSearch(bound: AddressSearch.maximumBound + 1) == nil)
        #expect(AddressSearch(bound: AddressSearch.maximumBound)?.bound == 100_000)
        #expect(AddressSearch.standard.bound == 10_000)
        #expect(AddressSearch.standard.maximumDerivations == 40_000)
    }

    @Test(arguments: [
        (DerivationScheme.type42, KeyChainKind.receive, UInt32(250)), (.type42, .change, 180), (.bip44, .receive, 0),
        (.bip44, .change, 1_999), (.type42, .receive, 9_999),
    ])
    func findsEachChainAtFarIndexes(_ scheme: DerivationScheme, _ chain: KeyChainKind, _ index: UInt32) throws {
        let wanted = try Self.entry(scheme, chain, index)
        let found = try AddressSearch.standard.find(wanted.address, in: Self.keys)
        #expect(found == wanted)
    }

    @Test func theBoundIsTheFirstIndexNotSearched() throws {
        let edge = try Self.entry(.bip44, .change, 299)
        let search = try #require(AddressSearch(bound: 300))
        #expect(try search.find(edge.address, in: Self.keys) == edge)
        let past = try Self.entry(.bip44, .change, 300)
        var calls: [Int] = []
        var totals: Set<Int> = []
        let missing = try search.find(past.address, in: Self.keys) { derived, total in
            calls.append(derived)
            totals.insert(total)
        }
        #expect(missing == nil)
        #expect(calls == [1_200], "one batch of 300 per chain, then the bound")
        #expect(totals == [1_200])
        // Another network's address is never the wallet's.
        let mainnet = try Address(hash160: edge.address.hash160, network: .main)
        #expect(try search.find(mainnet, in: Self.keys) == nil)
    }

    @Test func batchesGoRoundTheChainsAndStopWhenEverythingIsFound() throws {
        let search = try #require(AddressSearch(bound: 5_000))
        let near = try Self.entry(.bip44, .change, 10)
        let far = try Self.entry(.type42, .receive, 2_500)
        var progress: [Int] = []
        let outputs = try [near, far].map { try TransactionOutput(satoshis: 1, lockingScript: Script(p2pkhPaying: $0.address)) }
        let found = try search.find(payeesOf: outputs, in: Self.keys) { derived, _ in progress.append(derived) }
        #expect(found == [near, far], "the nearer index first, whatever the scheme")
        // Batch 0 (0..<1000) of all four chains finds `near`; batch 2's Type42 receive finds `far`, and the search
        // stops before the other chains of that batch.
        #expect(progress == [4_000, 8_000, 9_000])
    }

    @Test func inscriptionShapesAndForeignScriptsAreReadAsOwnedAddressesReadsThem() throws {
        let mine = try Self.entry(.type42, .change, 777)
        let envelope: [UInt8] = [0x00, 0x63, 0x03] + Array("ord".utf8) + [0x51, 0x68]
        let inscription = Script(bytes: envelope + Script(p2pkhPaying: mine.address).bytes)
        let foreign = try Address(hash160: [UInt8](repeating: 7, count: 20), network: .regtest)
        let search = try #require(AddressSearch(bound: 1_000))
        let outputs = try [
            TransactionOutput(satoshis: 1, lockingScript: inscription),
            TransactionOutput(satoshis: 5, lockingScript: Script(p2pkhPaying: foreign)),
            TransactionOutput(satoshis: 0, lockingScript: Script(bytes: [0x00, 0x6a, 0x01, 0x01])),
        ]
        #expect(try search.find(payeesOf: outputs, in: Self.keys) == [mine])
        #expect(try search.find(payeesOf: Array(outputs.dropFirst()), in: Self.keys).isEmpty)
        #expect(try search.find(payeesOf: [], in: Self.keys).isEmpty)
    }
}
