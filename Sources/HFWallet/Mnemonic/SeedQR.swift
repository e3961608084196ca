import HFCrypto

/// The SeedQR payloads of a BIP39 phrase, as SeedSigner defines them (`docs/seed_qr/README.md`).
///
/// - **Standard**: each word's index in the English list as four zero-padded decimal digits, concatenated: 48 digits
///   for 12 words, 96 for 24; drawn in numeric mode, ECC L, as version 2 (25×25) or 3 (29×29).
/// - **Compact**: the BIP39 entropy, i.e. the 11-bit indexes without the final 4 or 8 checksum bits: 16 or 32 bytes;
///   drawn in byte mode, ECC L, as version 1 (21×21) or 2 (25×25).
///
/// Every payload and phrase here is secret; errors name positions only.
public enum SeedQR {
    /// The two kinds of SeedQR.
    public enum Kind: String, Sendable, CaseIterable {
        /// Four digits a word, numeric mode.
        case standard
        /// The raw entropy, byte mode.
        case compact

        /// The QR version the specification fixes for a phrase of `wordCount` (12 or 24) words.
        public func symbolVersion(wordCount: Int) -> Int {
            switch (self, wordCount) {
            case (.standard, 12): 2
            case (.standard, _): 3
            case (.compact, 12): 1
            case (.compact, _): 2
            }
        }
    }

    /// The word counts SeedQR is defined for.
    public static let wordCounts = [12, 24]

    // MARK: - Encoding

    /// The payload of `mnemonic` as `kind`: ASCII digits (Standard) or the entropy bytes (Compact). Secret: zeroize it.
    ///
    /// - Throws: `SeedQRError.unsupportedWordCount` unless the phrase has 12 or 24 words.
    public static func payload(_ mnemonic: Mnemonic, kind: Kind) throws(SeedQRError) -> [UInt8] {
        guard wordCounts.contains(mnemonic.wordCount) else { throw .unsupportedWordCount(mnemonic.wordCount) }
        var entropy = mnemonic.entropy
        switch kind {
        case .compact:
            return entropy
        case .standard:
            defer { Zeroization.zeroize(&entropy) }
            var indices = Mnemonic.indices(fromEntropy: entropy)
            defer { indices.withUnsafeMutableBytes { Zeroization.zeroize($0) } }
            var digits: [UInt8] = []
            digits.reserveCapacity(indices.count * 4)
            for index in indices {
                for divisor in [1000, 100, 10, 1] {
                    digits.append(UInt8(ascii: "0") + UInt8(index / divisor % 10))
                }
            }
            return digits
        }
    }

    // MARK: - Decoding

    /// The phrase of a scanned payload, with its kind: 16 or 32 bytes are Compact, anything else must be a Standard
    /// digit stream (the lengths cannot be confused: 16 and 32 against 48 and 96).
    ///
    /// - Parameter payload: the symbol's data exactly, as zbar returns it in binary mode. Secret.
    /// - Throws: `SeedQRError`.
    public static func decode(_ payload: [UInt8]) throws(SeedQRError) -> (mnemonic: Mnemonic, kind: Kind) {
        if payload.count == 16 || payload.count == 32 { return (try mnemonic(compact: payload), .compact) }
        guard !payload.isEmpty, payload.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .wrongByteCount(payload.count)
        }
        return (try mnemonic(standard: payload), .standard)
    }

    /// The phrase of a Standard SeedQR's digits.
    ///
    /// - Parameter digits: 48 or 96 ASCII digits. Secret.
    /// - Throws: `SeedQRError.wrongDigitCount`, `.notADigit`, `.indexOutOfRange`, then `.badChecksum`.
    public static func mnemonic(standard digits: [UInt8]) throws(SeedQRError) -> Mnemonic {
        guard digits.count == 48 || digits.count == 96 else { throw .wrongDigitCount(digits.count) }
        var indices: [Int] = []
        indices.reserveCapacity(digits.count / 4)
        defer { indices.withUnsafeMutableBytes { Zeroization.zeroize($0) } }
        var value = 0
        for (offset, digit) in digits.enumerated() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
                value = 0
                throw .notADigit(position: offset + 1)
            }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if offset % 4 == 3 {
                guard value < 2048 else {
                    value = 0
                    throw .indexOutOfRange(word: offset / 4 + 1)
                }
                indices.append(value)
                value = 0
            }
        }
        var entropy: [UInt8]
        do { entropy = try Mnemonic.entropy(fromIndices: indices) } catch { throw .badChecksum }
        defer { Zeroization.zeroize(&entropy) }
        return Mnemonic(validatedEntropy: entropy)
    }

    /// The phrase of a Compact SeedQR's bytes: they are the entropy, the checksum is recomputed.
    ///
    /// - Parameter bytes: 16 or 32 bytes. Secret.
    /// - Throws: `SeedQRError.wrongByteCount`.
    public static func mnemonic(compact bytes: [UInt8]) throws(SeedQRError) -> Mnemonic {
        guard bytes.count == 16 || bytes.count == 32 else { throw .wrongByteCount(bytes.count) }
        return Mnemonic(validatedEntropy: bytes)
    }
}
