/// Splits a file into BBQr parts (coinkite BBQr, docs/reference/qr-transport.md §4.2).
public enum BBQrSplitter {
    /// Splits `bytes` into parts.
    ///
    /// `Z` compresses the whole file once (raw DEFLATE, 1 KiB window, zlib level 6 as upstream) and falls back to
    /// `2` when the compressed data is not shorter than the input. With `.fill` layout the parts are exactly upstream
    /// BBQr's for the same options.
    /// - Parameters:
    ///   - bytes: the file, not empty.
    ///   - fileType: the header's file-type letter.
    ///   - options: encoding, versions, part counts, level and layout.
    /// - Throws: `BBQrError.emptyInput`, `.invalidOptions` or `.doesNotFit`.
    public static func split(
        _ bytes: [UInt8], fileType: BBQrFileType, options: BBQrSplitOptions = BBQrSplitOptions()
    ) throws(BBQrError) -> BBQrSeries {
        guard !bytes.isEmpty else { throw .emptyInput }
        try options.validate()
        let (encoding, text) = encode(bytes, as: options.encoding)
        let (version, partLength) = try layout(characters: text.count, modulus: encoding.splitModulus,
                                               options: options)
        let count = (text.count + partLength - 1) / partLength
        var parts: [String] = []
        parts.reserveCapacity(count)
        for index in 0..<count {
            let start = index * partLength
            let header = "B$" + encoding.rawValue + fileType.description + Base36.encode(count) + Base36.encode(index)
            parts.append(header + String(decoding: text[start..<min(start + partLength, text.count)], as: UTF8.self))
        }
        return BBQrSeries(
            encoding: encoding, fileType: fileType, version: version, errorCorrection: options.errorCorrection,
            partLength: partLength, parts: parts)
    }

    /// The encoding used and the payload characters of the whole file.
    static func encode(_ bytes: [UInt8], as encoding: BBQrEncoding) -> (BBQrEncoding, [UInt8]) {
        switch encoding {
        case .hex: return (.hex, UpperHex.encode(bytes))
        case .base32: return (.base32, Base32.encode(bytes))
        case .zlib:
            let compressed = Zlib.deflate(bytes)
            return compressed.count < bytes.count ? (.zlib, Base32.encode(compressed)) : (.base32, Base32.encode(bytes))
        }
    }

    /// The version and the length of every part but the last, for `characters` of payload.
    static func layout(characters: Int, modulus: Int, options: BBQrSplitOptions) throws(BBQrError)
        -> (version: Int, partLength: Int)
    {
        /// Parts needed at `version`, and their length.
        func plan(_ version: Int) -> (count: Int, length: Int) {
            let capacity = QRCapacity.alphanumericCharacters(version: version, level: options.errorCorrection) - 8
            if characters <= capacity { return (1, characters) }
            let whole = capacity - capacity % modulus
            guard whole > 0 else { return (Int.max, 0) }
            return ((characters + whole - 1) / whole, whole)
        }
        let fail = BBQrError.doesNotFit(characters: characters, versions: options.versions, parts: options.parts)
        switch options.layout {
        case .fill:
            let best = options.versions.map { ($0, plan($0)) }.filter { options.parts.contains($0.1.count) }
                .min { $0.1.count < $1.1.count }
            guard let (version, (_, length)) = best else { throw fail }
            return (version, length)
        case .even:
            let needed = plan(options.versions.upperBound).count
            guard needed <= options.parts.upperBound else { throw fail }
            let count = max(needed, options.parts.lowerBound)
            let length = count == 1 ? characters : roundUp((characters + count - 1) / count, to: modulus)
            guard options.parts.contains((characters + length - 1) / length) else { throw fail }
            let target = (count == 1 ? characters : length) + 8
            guard let version = QRCapacity.smallestVersion(
                alphanumeric: target, level: options.errorCorrection, in: options.versions)
            else { throw fail }
            return (version, length)
        }
    }

    /// `value` rounded up to a multiple of `modulus`.
    private static func roundUp(_ value: Int, to modulus: Int) -> Int { (value + modulus - 1) / modulus * modulus }
}
