// Detection of the 1Sat Ordinals inscription envelope, to keep ordinals from being spent as plain coins.

extension Script {
    /// The protocol tag of a 1Sat Ordinals envelope: the ASCII bytes `ord`.
    public static let inscriptionTag: [UInt8] = Array("ord".utf8)

    /// Whether the script contains a 1Sat Ordinals inscription envelope `OP_FALSE OP_IF "ord" … OP_ENDIF` anywhere
    /// (before or after a P2PKH part, or in bytes after an `OP_RETURN`).
    ///
    /// Detection is deliberately conservative, since a miss could spend an ordinal as an ordinary coin: it looks for
    /// the three operations `OP_FALSE` (or any push of zero bytes), `OP_IF`, and a push of exactly `ord` (with any
    /// push opcode), in sequence. The closing `OP_ENDIF` and the envelope's fields are not required, and a script
    /// that stops parsing part-way counts if the pattern occurs before that point.
    public var containsInscriptionEnvelope: Bool {
        var tokenizer = ScriptTokenizer(bytes)
        // How many operations of the pattern the preceding operations matched: 0, 1 (false) or 2 (false, if).
        var matched = 0
        while let operation = try? tokenizer.next() {
            let isEmptyPush = operation.pushedData?.isEmpty == true
            switch matched {
            case 1 where operation == .opcode(.if):
                matched = 2
            case 2 where operation.pushedData == Self.inscriptionTag:
                return true
            default:
                matched = isEmptyPush ? 1 : 0
            }
        }
        return false
    }
}
