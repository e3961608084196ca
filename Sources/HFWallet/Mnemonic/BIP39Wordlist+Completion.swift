import HFCrypto

extension BIP39Wordlist {
    /// The number of leading letters that name an English word: no two words share their first four.
    public static let distinguishingPrefixLength = 4

    /// The English word that `typed` names, as a person types it on a prompt: the whole word, or at least its first
    /// four letters (``distinguishingPrefixLength``) followed by any further letters of that same word.
    ///
    /// Upper-case ASCII letters are read as lower-case and surrounding spaces and tabs are ignored. A shorter prefix
    /// (`aban` names `abandon`, `aba` names nothing), a prefix of no word (`abanx`), or anything not ASCII names
    /// nothing. The comparison works on bytes and zeroizes its own copy, so no `String` of the secret is made.
    /// - Parameter typed: what was typed, as UTF-8. Secret: the caller zeroizes it.
    /// - Returns: the word's index in ``english`` (secret), or nil.
    public static func completion(of typed: [UInt8]) -> Int? {
        var letters: [UInt8] = []
        letters.reserveCapacity(typed.count)
        defer { Zeroization.zeroize(&letters) }
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let start = typed.firstIndex { !isBlank($0) } ?? typed.endIndex
        let end = typed.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? start
        for byte in typed[start..<end] {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): letters.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters.append(byte | 0x20)
            default: return nil
            }
        }
        guard !letters.isEmpty else { return nil }
        // The first word not sorted before `letters`: the word itself, or the only word it can be a prefix of.
        var low = 0
        var high = english.count
        while low < high {
            let middle = (low + high) / 2
            if english[middle].utf8.lexicographicallyPrecedes(letters) { low = middle + 1 } else { high = middle }
        }
        guard low < english.count else { return nil }
        let word = english[low].utf8
        guard word.starts(with: letters) else { return nil }
        return word.count == letters.count || letters.count >= distinguishingPrefixLength ? low : nil
    }
}
