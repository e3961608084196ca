import Testing

@testable import HFQR

/// `count` bytes of the reference tests' message: xoshiro256** seeded with SHA-256("Wolf").
private func message(_ count: Int, seed: String = "Wolf") -> [UInt8] {
    var random = Xoshiro256(seed: utf8(seed))
    return random.nextBytes(count: count)
}

/// The published test vectors of BlockchainCommons' reference implementations (URKit `FountainCodesTests`,
/// `BytewordsTests`, `URTests`; the same values are in bc-ur's C++ tests), which BCR-2020-005 requires a codec to pass.
@Suite struct URVectorTests {
    @Test func crc32() {
        #expect(CRC32.checksum(utf8("Wolf")) == 0x598c_84dc)
    }

    @Test func xoshiroFromAString() {
        var random = Xoshiro256(seed: utf8("Wolf"))
        let numbers = (0..<100).map { _ in Int(random.next() % 100) }
        #expect(numbers == [42, 81, 85, 8, 82, 84, 76, 73, 70, 88, 2, 74, 40, 48, 77, 54, 88, 7, 5, 88, 37, 25, 82, 13,
            69, 59, 30, 39, 11, 82, 19, 99, 45, 87, 30, 15, 32, 22, 89, 44, 92, 77, 29, 78, 4, 92, 44, 68, 92, 69, 1,
            42, 89, 50, 37, 84, 63, 34, 32, 3, 17, 62, 40, 98, 82, 89, 24, 43, 85, 39, 15, 3, 99, 29, 20, 42, 27, 10,
            85, 66, 50, 35, 69, 70, 70, 74, 30, 13, 72, 54, 11, 5, 70, 55, 91, 52, 10, 43, 43, 52])
    }

    @Test func xoshiroFromACRC() {
        var random = Xoshiro256(seed: CRC32.bytes(CRC32.checksum(utf8("Wolf"))))
        let numbers = (0..<100).map { _ in Int(random.next() % 100) }
        #expect(numbers == [88, 44, 94, 74, 0, 99, 7, 77, 68, 35, 47, 78, 19, 21, 50, 15, 42, 36, 91, 11, 85, 39, 64,
            22, 57, 11, 25, 12, 1, 91, 17, 75, 29, 47, 88, 11, 68, 58, 27, 65, 21, 54, 47, 54, 73, 83, 23, 58, 75, 27,
            26, 15, 60, 36, 30, 21, 55, 57, 77, 76, 75, 47, 53, 76, 9, 91, 14, 69, 3, 95, 11, 73, 20, 99, 68, 61, 3, 98,
            36, 98, 56, 65, 14, 80, 74, 57, 63, 68, 51, 56, 24, 39, 53, 80, 57, 51, 81, 3, 1, 30])
    }

    @Test func xoshiroIntegersInARange() {
        var random = Xoshiro256(seed: utf8("Wolf"))
        let numbers = (0..<100).map { _ in random.nextInt(in: 1...10) }
        #expect(numbers == [6, 5, 8, 4, 10, 5, 7, 10, 4, 9, 10, 9, 7, 7, 1, 1, 2, 9, 9, 2, 6, 4, 5, 7, 8, 5, 4, 2, 3, 8,
            7, 4, 5, 1, 10, 9, 3, 10, 2, 6, 8, 5, 7, 9, 3, 1, 5, 2, 7, 1, 4, 4, 4, 4, 9, 4, 5, 5, 6, 9, 5, 1, 2, 8, 3,
            3, 2, 8, 4, 3, 2, 1, 10, 8, 9, 3, 10, 8, 5, 5, 6, 7, 10, 5, 8, 9, 4, 6, 4, 2, 10, 2, 1, 7, 9, 6, 7, 4, 2,
            5])
    }

    @Test func fragmentLength() {
        #expect(URFountainEncoder.fragmentLength(messageLength: 12_345, minimum: 1_005, maximum: 1_955) == 1_764)
        #expect(URFountainEncoder.fragmentLength(messageLength: 12_345, minimum: 1_005, maximum: 30_000) == 12_345)
    }

    @Test func randomSamplerFirstSamples() {
        let sampler = URRandomSampler([1, 2, 4, 8])
        var random = Xoshiro256(seed: utf8("Wolf"))
        let samples = (0..<40).map { _ in sampler.next(&random) }
        #expect(samples == [3, 3, 3, 3, 3, 3, 3, 0, 2, 3, 3, 3, 3, 1, 2, 2, 1, 3, 3, 2, 3, 3, 1, 1, 2, 1, 1, 3, 1, 3,
            1, 2, 0, 2, 1, 0, 3, 3, 3, 1])
    }

    @Test func shuffle() {
        var random = Xoshiro256(seed: utf8("Wolf"))
        let result = (0..<10).map { _ in URFragmentChooser.shuffled(Array(1...10), random: &random) }
        #expect(result == [
            [6, 4, 9, 3, 10, 5, 7, 8, 1, 2], [10, 8, 6, 5, 1, 2, 3, 9, 7, 4], [6, 4, 5, 8, 9, 3, 2, 1, 7, 10],
            [7, 3, 5, 1, 10, 9, 4, 8, 2, 6], [8, 5, 7, 10, 2, 1, 4, 3, 9, 6], [4, 3, 5, 6, 10, 2, 7, 8, 9, 1],
            [5, 1, 3, 9, 4, 6, 2, 10, 7, 8], [2, 1, 10, 8, 9, 4, 7, 6, 3, 5], [6, 7, 10, 4, 8, 9, 2, 3, 1, 5],
            [10, 2, 1, 7, 9, 5, 6, 3, 4, 8],
        ])
    }

    @Test func partitionOf1024Bytes() {
        let bytes = message(1024)
        let length = URFountainEncoder.fragmentLength(messageLength: bytes.count, minimum: 10, maximum: 100)
        let encoder = URFountainEncoder(message: bytes, maximumFragmentLength: 100)
        #expect(encoder.fragmentCount == 11 && length == 94)
        #expect(hex(encoder.fragments[0]) == "916ec65cf77cadf55cd7f9cda1a1030026ddd42e905b77adc36e4f2d3ccba44f7f04f2de"
            + "44f42d84c374a0e149136f25b01852545961d55f7f7a8cde6d0e2ec43f3b2dcb644a2209e8c9e34af5c4747984a5e873c9cf5f965e"
            + "25ee29039f")
        #expect(hex(encoder.fragments[10]) == "170010067e2e75ebe2d2904aeb1f89d5dc98cd4a6f2faaa8be6d03354c990fd895a97feb"
            + "54668473e9d942bb99e196d897e8f1b01625cf48a7b78d249bb4985c065aa8cd1402ed2ba1b6f908f63dcd84b66425df0000000000"
            + "0000000000")
    }

    @Test func chooseDegree() {
        let degrees = (1...30).map { nonce -> Int in
            var random = Xoshiro256(seed: utf8("Wolf-\(nonce)"))
            return URFragmentChooser.degree(count: 11, random: &random)
        }
        #expect(degrees == [11, 3, 6, 5, 2, 1, 2, 11, 1, 3, 9, 10, 10, 4, 2, 1, 1, 2, 1, 1, 5, 2, 4, 10, 3, 2, 1, 1, 3,
            11])
    }

    @Test func chooseFragments() {
        let checksum = CRC32.checksum(message(1024))
        let indexes = (1...30).map { URFragmentChooser.fragments(sequence: UInt32($0), count: 11, checksum: checksum) }
        #expect(indexes == [
            [0], [1], [2], [3], [4], [5], [6], [7], [8], [9], [10], [9], [2, 5, 6, 8, 9, 10], [8], [1, 5], [1],
            [0, 2, 4, 5, 8, 10], [5], [2], [2], [0, 1, 3, 4, 5, 7, 9, 10], [0, 1, 2, 3, 5, 6, 8, 9, 10],
            [0, 2, 4, 5, 7, 8, 9, 10], [3, 5], [4], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [0, 1, 3, 4, 5, 6, 7, 9, 10],
            [6], [5, 6], [7],
        ])
    }

    @Test func encoderParts() {
        var encoder = URFountainEncoder(message: message(256), maximumFragmentLength: 30)
        let parts = (0..<20).map { _ in hex(encoder.nextPart().cbor) }
        #expect(parts.first == "8501091901001a0167aa07581d916ec65cf77cadf55cd7f9cda1a1030026ddd42e905b77adc36e4f2d3c")
        #expect(parts[8] == "8509091901001a0167aa07581d951e65305b56a3706e3e86eb01c803bbf915d80edcd64d4d0000000000")
        #expect(parts[9] == "850a091901001a0167aa07581d330f0f33a05eead4f331df229871bee733b50de71afd2e5a79f196de09")
        #expect(parts[14] == "850f091901001a0167aa07581d73f021c0e6f65b05c0a494e50791270a0050a73ae69b6725505a2ec8a5")
        #expect(parts[19] == "8514091901001a0167aa07581de055c2433562184fa71b4be94f262e200f01c6f74c284b0dc6fae6673f")
    }

    @Test func partCBOR() throws {
        let cbor = hex("850c0818641a12345678450105030305")
        let fields = try URPart.fields(cbor)
        #expect(fields.numbers == [12, 8, 100, 0x1234_5678] && fields.data == [1, 5, 3, 3, 5])
        let part = URPart(sequence: 12, fragmentCount: 8, messageLength: 100, checksum: 0x1234_5678, data: [1, 5, 3, 3, 5])
        #expect(part.cbor == cbor)
        // As a part of a message it is inconsistent: 100 bytes in 8 fragments are fragments of 13 bytes.
        #expect(throws: URError.self) { try URPart(cbor: cbor, maximumFragments: 1295, maximumMessage: 1 << 20) }
    }

    @Test func bytewords() throws {
        // 255 is "zoom" (bc-ur, hummingbird, ur-rs and URKit's current tests; an old URKit test says "zero").
        #expect(Bytewords.encodeMinimal([0, 1, 2, 128, 255]) == "aeadaolazmjendeoti")
        #expect(try Bytewords.decodeMinimal(utf8("aeadaolazmjendeoti")) == [0, 1, 2, 128, 255])
        #expect(try Bytewords.decodeMinimal(utf8("AEADAOLAZMJENDEOTI")) == [0, 1, 2, 128, 255])
        #expect(throws: URError.bytewordsChecksum) { try Bytewords.decodeMinimal(utf8("aeadaolazojendeowf")) }
        #expect(throws: URError.self) { try Bytewords.decodeMinimal(utf8("wf")) }
        #expect(throws: URError.self) { try Bytewords.decodeMinimal(utf8("")) }
    }

    @Test func singlePartUR() throws {
        let text = "ur:bytes/hdeymejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhhpktpmsrjtgwdpfnsboxgwlbaawzuefywkdplrsrjynbv"
            + "ygabwjldapfcsdwkbrkch"
        #expect(URText.single(type: "bytes", message: URBytesMessage.wrap(message(50))) == text.uppercased())
        let parsed = try URText.parse(utf8(text), maximumFragments: 1295, maximumMessage: 1 << 20)
        #expect(parsed == .single(type: "bytes", message: URBytesMessage.wrap(message(50))))
    }

    @Test func multipartURTexts() throws {
        var encoder = URFountainEncoder(message: URBytesMessage.wrap(message(256)), maximumFragmentLength: 30)
        let parts = (0..<20).map { _ in URText.part(type: "bytes", encoder.nextPart()).lowercased() }
        #expect(parts[0] == "ur:bytes/1-9/lpadascfadaxcywenbpljkhdcahkadaemejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhh"
            + "pktpmsrjtdkgslpgh")
        #expect(parts[8] == "ur:bytes/9-9/lpasascfadaxcywenbpljkhdcajskecpmdckihdyhphfotjojtfmlnwmadspaxrkytbztpbauotbg"
            + "tgtaeaevtgavtny")
        #expect(parts[9] == "ur:bytes/10-9/lpbkascfadaxcywenbpljkhdcahkadaemejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmh"
            + "hpktpmsrjtwdkiplzs")
        #expect(parts[19] == "ur:bytes/20-9/lpbbascfadaxcywenbpljkhdcayapmrleeleaxpasfrtrdkncffwjyjzgyetdmlewtkpktgll"
            + "epfrltataztksmhkbot")
    }

    @Test func decoderOf32767BytesFromPartZero() throws {
        let bytes = message(32767)
        var encoder = URFountainEncoder(message: bytes, maximumFragmentLength: 1000)
        var decoder: URRankDecoder?
        var count = 0
        while decoder?.isComplete != true {
            let part = encoder.nextPart()
            if decoder == nil { decoder = URRankDecoder(for: part) }
            _ = decoder!.add(part)
            count += 1
        }
        #expect(try decoder?.message() == bytes)
        #expect(count == encoder.fragmentCount)
    }
}
