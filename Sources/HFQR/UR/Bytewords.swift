/// Bytewords (BCR-2020-012), minimal style as UR uses it: each byte is the first and last letter of its word, and the
/// body ends with the CRC-32 of the bytes (4 bytes, big-endian).
public enum Bytewords {
    /// The 256 words, in byte order.
    public static let words: [String] = {
        let letters = Array(
            "ableacidalsoapexaquaarchatomauntawayaxisbackbaldbarnbeltbetabias"
                + "bluebodybragbrewbulbbuzzcalmcashcatschefcityclawcodecolacookcost"
                + "cruxcurlcuspcyandarkdatadaysdelidicedietdoordowndrawdropdrumdull"
                + "dutyeacheasyechoedgeepicevenexamexiteyesfactfairfernfigsfilmfish"
                + "fizzflapflewfluxfoxyfreefrogfuelfundgalagamegeargemsgiftgirlglow"
                + "goodgraygrimgurugushgyrohalfhanghardhawkheathelphighhillholyhope"
                + "hornhutsicedideaidleinchinkyintoirisironitemjadejazzjoinjoltjowl"
                + "judojugsjumpjunkjurykeepkenokeptkeyskickkilnkingkitekiwiknoblamb"
                + "lavalazyleaflegsliarlimplionlistlogoloudloveluaulucklungmainmany"
                + "mathmazememomenumeowmildmintmissmonknailnavyneednewsnextnoonnote"
                + "numbobeyoboeomitonyxopenovalowlspaidpartpeckplaypluspoempoolpose"
                + "puffpumapurrquadquizraceramprealredorichroadrockroofrubyruinruns"
                + "rustsafesagascarsetssilkskewslotsoapsolosongstubsurfswantacotask"
                + "taxitenttiedtimetinytoiltombtoystriptunatwinuglyundouniturgeuser"
                + "vastveryvetovialvibeviewvisavoidvowswallwandwarmwaspwavewaxywebs"
                + "whatwhenwhizwolfworkyankyawnyellyogayurtzapszerozestzinczonezoom")
        return (0..<256).map { String(letters[($0 * 4)..<($0 * 4 + 4)]) }
    }()

    /// The two letters of each byte's minimal form, as ASCII.
    private static let minimal: [[UInt8]] = words.map { word in
        let ascii = Array(word.utf8)
        return [ascii[0], ascii[3]]
    }

    /// Byte of each minimal pair: index `(first − 'a') × 26 + (second − 'a')`, or -1.
    private static let decodeTable: [Int16] = {
        var table = [Int16](repeating: -1, count: 26 * 26)
        for (byte, pair) in minimal.enumerated() {
            table[Int(pair[0] - 97) * 26 + Int(pair[1] - 97)] = Int16(byte)
        }
        return table
    }()

    /// The minimal-style text of `bytes` and their CRC-32, lower case.
    public static func encodeMinimal(_ bytes: [UInt8]) -> String {
        var ascii: [UInt8] = []
        ascii.reserveCapacity((bytes.count + 4) * 2)
        for byte in bytes + CRC32.bytes(CRC32.checksum(bytes)) { ascii += minimal[Int(byte)] }
        return String(decoding: ascii, as: UTF8.self)
    }

    /// The bytes of a minimal-style body (either case), after checking its CRC-32.
    /// - Throws: `URError.invalidBytewords` for an odd length, a letter pair that is no word, or a body shorter than
    ///   its checksum; `.bytewordsChecksum` when the CRC-32 does not match.
    public static func decodeMinimal<Text: Collection<UInt8>>(_ text: Text) throws(URError) -> [UInt8] {
        guard text.count % 2 == 0 else { throw .invalidBytewords("an odd number of letters") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var iterator = text.makeIterator()
        while let first = iterator.next(), let second = iterator.next() {
            guard let a = letter(first), let b = letter(second) else {
                throw .invalidBytewords("a character that is not a letter")
            }
            let value = decodeTable[a * 26 + b]
            guard value >= 0 else { throw .invalidBytewords("a letter pair that is no byteword") }
            bytes.append(UInt8(value))
        }
        guard bytes.count > 4 else { throw .invalidBytewords("a body shorter than its checksum") }
        let body = Array(bytes.dropLast(4))
        guard CRC32.bytes(CRC32.checksum(body)) == Array(bytes.suffix(4)) else { throw .bytewordsChecksum }
        return body
    }

    /// 0…25 for an ASCII letter of either case.
    private static func letter(_ byte: UInt8) -> Int? {
        switch byte {
        case 97...122: Int(byte - 97)
        case 65...90: Int(byte - 65)
        default: nil
        }
    }
}
