import HFCrypto
import HFTestSupport
import Testing
import QRFixtures

@testable import HFQR

/// The generated BBQr vectors (`bbqr/bbqr-generated-vectors.json`), or nil when absent and not required.
private func generated() throws -> [String: Any]? {
    try Vectors.json("bbqr/bbqr-generated-vectors.json") as? [String: Any]
}

/// The converted rules and tables (`bbqr/bbqr-vectors.json`).
private func rules() throws -> [String: Any]? {
    try Vectors.json("bbqr/bbqr-vectors.json") as? [String: Any]
}

/// The input bytes named `name`.
private func input(_ vectors: [String: Any], _ name: String) throws -> [UInt8] {
    let inputs = try #require(vectors["inputs"] as? [String: Any])
    let entry = try #require(inputs[name] as? [String: Any], "input \(name)")
    return hex(try #require(entry["hex"] as? String))
}

/// A part-count or version option, or its upstream default.
private func option(_ options: [String: Any], _ name: String, _ fallback: Int) -> Int {
    (options[name] as? Int) ?? fallback
}

/// The `BBQrError` a join fails with, or nil if it succeeds.
private func joinError(_ parts: [String]) -> BBQrError? {
    do {
        _ = try BBQrJoiner.join(parts)
        return nil
    } catch {
        return error
    }
}

@Suite struct BBQrVectorTests {
    @Test func splitCasesReproduceUpstreamPartsExactly() throws {
        guard let vectors = try generated() else { return }
        let cases = try #require(vectors["split_cases"] as? [[String: Any]])
        #expect(cases.count == 42)
        for entry in cases {
            let id = entry["id"] as? String ?? "?"
            let bytes = try input(vectors, try #require(entry["input"] as? String))
            let fileType = try BBQrFileType(Character(try #require(entry["file_type"] as? String)))
            let requested = (entry["requested_encoding"] as? String).flatMap(BBQrEncoding.init(rawValue:)) ?? .zlib
            let options = try #require(entry["split_options"] as? [String: Any])
            let expected = try #require(entry["expected"] as? [String: Any])
            let series = try BBQrSplitter.split(bytes, fileType: fileType, options: BBQrSplitOptions(
                encoding: requested,
                versions: option(options, "min_version", 5)...option(options, "max_version", 40),
                parts: option(options, "min_split", 1)...option(options, "max_split", 1295), layout: .fill))
            #expect(series.parts == expected["parts"] as? [String], "\(id)")
            #expect(series.version == expected["version"] as? Int, "\(id)")
            #expect(series.encoding.rawValue == expected["encoding"] as? String, "\(id)")
            if let deflate = expected["deflate_hex"] as? String {
                #expect(Zlib.deflate(bytes) == hex(deflate), "\(id)")
            }
            let joined = try BBQrJoiner.join(shuffled(series.parts, seed: 7) + series.parts.prefix(1))
            #expect(joined.bytes == bytes && joined.fileType == fileType, "\(id)")
        }
    }

    @Test func joinCasesDecode() throws {
        guard let vectors = try generated() else { return }
        let cases = try #require(vectors["join_cases"] as? [[String: Any]])
        #expect(cases.count == 5)
        for entry in cases {
            let expected = try #require(entry["expected"] as? [String: Any])
            let parts = try #require(entry["parts"] as? [String])
            let joined = try BBQrJoiner.join(parts)
            #expect(joined.bytes == (try input(vectors, try #require(expected["input"] as? String))))
            #expect(joined.fileType.description == expected["file_type"] as? String)
            // The session reads them too, line by line, with the repeats reported as duplicates.
            var session = ScanSession()
            let events = session.add(lines: parts.joined(separator: "\n"))
            #expect(events.allSatisfy { if case .rejected = $0 { false } else { true } })
            #expect(try session.completed { _ in }?.bytes == joined.bytes)
        }
    }

    @Test func joinErrorCasesFail() throws {
        guard let vectors = try generated() else { return }
        let cases = try #require(vectors["join_error_cases"] as? [[String: Any]])
        let expected: [String: BBQrError] = [
            "missing_part": .missingParts([1]),
            "mixed_series": .mixedSeries,
            "bad_prefix": .missingPrefix,
            "bad_encoding": .unknownEncoding("X"),
            "index_out_of_range": .indexOutOfRange(index: 4, count: 4),
            "dup_index_different_content": .conflictingPart(index: 0),
            "zero_parts": .invalidCount("00"),
            "odd_hex_single": .oddHexLength(3),
            "odd_hex_split_across_parts": .partNotWholeBytes(index: 0, length: 3, modulus: 2),
            "base32_bad_length": .invalidBase32Length(9),
        ]
        #expect(cases.count == 11)
        for entry in cases {
            let id = try #require(entry["id"] as? String)
            let error = joinError(try #require(entry["parts"] as? [String]))
            if id == "z_not_deflate" {
                guard case .invalidDeflate = error else {
                    Issue.record("z_not_deflate: \(String(describing: error))")
                    continue
                }
            } else {
                #expect(error == expected[id], "\(id)")
            }
        }
    }

    @Test func theOneKiBWindowIsEnforced() throws {
        guard let vectors = try generated() else { return }
        let cases = try #require(vectors["nonconforming_cases"] as? [[String: Any]])
        let parts = try #require(cases.first?["parts"] as? [String])
        #expect(joinError(parts) == .invalidDeflate(reason: "invalid distance too far back"))
    }

    @Test func realCameraCaptureJoins() throws {
        guard let data = try Vectors.data("bbqr/test_data/real-scan.txt"),
            let decoded = try Vectors.data("bbqr/real-scan.decoded.txt")
        else { return }
        var session = ScanSession()
        let events = session.add(lines: String(decoding: data, as: UTF8.self))
        #expect(events.count == 26)
        #expect(events.filter { if case .accepted = $0 { true } else { false } }.count == 8)
        let payload = try #require(try session.completed { _ in })
        #expect(payload.bytes == [UInt8](decoded))
        #expect(payload.fileType == .text)
        #expect(hex(payload.sha256) == "cbd1d2094510a863397872d156dd76c4017b059ea638a37137699bea558e990e")
    }

    @Test func compressionMatchesUpstreamZlib() throws {
        guard let table = try rules()?["test_data_files"] as? [String: Any] else { return }
        let files = try #require(table["files"] as? [[String: Any]])
        for file in files {
            let name = try #require(file["file"] as? String)
            guard let data = try Vectors.data("bbqr/" + name) else { continue }
            let deflated = Zlib.deflate([UInt8](data))
            #expect(deflated.count == file["deflate_length"] as? Int, "\(name)")
            #expect(hex(Hash.sha256(deflated)) == file["deflate_sha256"] as? String, "\(name)")
            #expect(try Zlib.inflate(deflated, limit: data.count) == [UInt8](data), "\(name)")
        }
    }

    @Test func capacityTableMatchesBBQr() throws {
        guard let table = try rules()?["qr_alnum_capacity_L"] as? [String: Any] else { return }
        let byVersion = try #require(table["by_version"] as? [String: Int])
        for version in 1...40 {
            #expect(QRCapacity.alphanumericCharacters(version: version, level: .low) == byVersion[String(version)])
        }
    }

    @Test func base36Cases() throws {
        guard let table = try rules()?["base36"] as? [String: Any] else { return }
        for entry in try #require(table["cases"] as? [[String: Any]]) {
            let value = try #require(entry["n"] as? Int)
            let text = try #require(entry["s"] as? String)
            #expect(Base36.encode(value) == text)
            let bytes = utf8(text)
            #expect(Base36.decode(bytes[0], bytes[1]) == value)
        }
    }

    @Test func largestSeriesFits() throws {
        // 1295 parts of version 40: 2680 bytes each in Base32 (upstream test_maxsize), split and joined back.
        let bytes = noise(1295 * 2680, seed: 3)
        let series = try BBQrSplitter.split(
            bytes, fileType: .binary, options: BBQrSplitOptions(encoding: .base32, versions: 40...40, layout: .fill))
        #expect(series.count == 1295 && series.version == 40)
        #expect(series.parts.last?.hasPrefix("B$2BZZZY") == true)
        #expect(try BBQrJoiner.join(series.parts).bytes == bytes)
        #expect(throws: BBQrError.doesNotFit(characters: Base32.encodedLength(bytes.count + 1), versions: 40...40,
                                             parts: 1...1295)) {
            try BBQrSplitter.split(
                bytes + [0], fileType: .binary, options: BBQrSplitOptions(encoding: .base32, versions: 40...40))
        }
    }
}
