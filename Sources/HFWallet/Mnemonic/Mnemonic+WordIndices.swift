import HFCrypto

extension Mnemonic {
    /// A mnemonic from the indices of its words in ``BIP39Wordlist/english``, as a prompt collects them word by
    /// word, with its checksum verified.
    ///
    /// - Parameter wordIndices: 12, 15, 18, 21 or 24 indices, each below 2048. Secret: the caller zeroizes its copy.
    /// - Throws: `MnemonicError.invalidWordCount`, `.unknownWord(position:)` for an index out of the list, then
    ///   `.badChecksum`.
    public init(wordIndices: [Int]) throws(MnemonicError) {
        guard Self.validWordCounts.contains(wordIndices.count) else {
            throw .invalidWordCount(wordIndices.count)
        }
        if let bad = wordIndices.firstIndex(where: { !BIP39Wordlist.english.indices.contains($0) }) {
            throw .unknownWord(position: bad + 1)
        }
        var entropy = try Self.entropy(fromIndices: wordIndices)
        defer { Zeroization.zeroize(&entropy) }
        self.init(validatedEntropy: entropy)
    }
}
