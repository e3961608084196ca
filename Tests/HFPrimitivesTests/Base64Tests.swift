import HFPrimitives
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10 test vectors.
    @Test func rfc4648Vectors() throws {
        let pairs = [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in pairs {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Array(plain.utf8))
        }
        let all = (0...255).map { UInt8($0) }
        #expect(try Base64.decode(Base64.encode(all)) == all)
        #expect(Base64.encode([0xfb, 0xff]) == "+/8=")
    }

    @Test func strictDecoding() {
        #expect(throws: Base64Error.invalidLength(3)) { try Base64.decode("Zm9") }
        #expect(throws: Base64Error.invalidCharacter(offset: 0)) { try Base64.decode(" Zm8") }
        #expect(throws: Base64Error.invalidCharacter(offset: 2)) { try Base64.decode("Zm-v") }
        #expect(throws: Base64Error.invalidCharacter(offset: 1)) { try Base64.decode("Z===") }
        #expect(throws: Base64Error.invalidCharacter(offset: 3)) { try Base64.decode("Zg=A") }
        #expect(throws: Base64Error.invalidCharacter(offset: 2)) { try Base64.decode("Zg==Zm9v") }
        #expect(throws: Base64Error.nonCanonical) { try Base64.decode("Zh==") }
        #expect(throws: Base64Error.nonCanonical) { try Base64.decode("Zm9=") }
        #expect(throws: Base64Error.tooLong(maximum: 2)) { try Base64.decode("Zm9v", maxLength: 2) }
        #expect(throws: Base64Error.tooLong(maximum: 3)) { try Base64.decode(String(repeating: "A", count: 400), maxLength: 3) }
    }
}
