extension JSONScanner {
    /// Parses an integer: `-?(0|[1-9][0-9]*)`, rejecting fractions, exponents, leading zeros and `-0`.
    mutating func parseNumber() throws(JSONError) -> JSONNumber {
        let start = offset
        var isNegative = false
        if try peek() == UInt8(ascii: "-") {
            isNegative = true
            offset += 1
        }
        guard offset < input.count else { throw .unexpectedEnd }
        guard Self.isDigit(input[offset]) else { throw .invalidNumber(offset: start) }
        var magnitude: UInt64 = 0
        if input[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < input.count, Self.isDigit(input[offset]) { throw .invalidNumber(offset: start) }
        } else {
            while offset < input.count, Self.isDigit(input[offset]) {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(input[offset] &- UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { throw .numberOutOfRange(offset: start) }
                magnitude = sum
                offset += 1
            }
        }
        if offset < input.count {
            switch input[offset] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw .nonIntegerNumber(offset: start)
            default: break
            }
        }
        guard let number = JSONNumber(isNegative: isNegative, magnitude: magnitude) else {
            throw magnitude == 0 ? .invalidNumber(offset: start) : .numberOutOfRange(offset: start)
        }
        return number
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
