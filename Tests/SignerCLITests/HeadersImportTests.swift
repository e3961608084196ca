import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import Testing

/// `hf-signer init`, `headers status` and `import` of `.hfheaders` on the real BSV run after the checkpoint.
@Suite struct HeadersImportTests {
    struct Status: Decodable, Equatable {
        let network: String
        let checkpointHeight: Int
        let checkpointHash: String
        let validatedTipHeight: Int
        let validatedTipHash: String
    }

    func status(_ f: SignerFixtures) throws -> Status {
        let result = try f.run(["headers", "status", "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(Status.self, from: Data(result.stdout.utf8))
    }

    /// The header file's bytes: what "the store is unchanged" is checked against.
    func storeBytes(_ f: SignerFixtures) -> Data? {
        FileManager.default.contents(atPath: f.home + "/headers-main.dat")
    }

    @Test func initCreatesAPrivateHomeAtTheCheckpoint() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: f.home)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(try status(f) == Status(
            network: "main", checkpointHeight: 887_000,
            checkpointHash: "00000000000000000c7212aaf757a0e27454fded346baa40e8bd96ef01a83327",
            validatedTipHeight: 887_000,
            validatedTipHash: "00000000000000000c7212aaf757a0e27454fded346baa40e8bd96ef01a83327"))
        #expect(try f.run(["init"]).exitCode == 0, "init again changes nothing")
    }

    @Test func commandsRefuseAMissingOrOpenHome() throws {
        let f = try SignerFixtures()
        let missing = try f.run(["headers", "status"])
        #expect(missing.exitCode == 66)
        #expect(missing.stderr.contains("hf-signer init"))
        #expect(try f.run(["init"]).exitCode == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: f.home)
        let open = try f.run(["headers", "status"])
        #expect(open.exitCode == 77)
        #expect(open.stderr.contains("chmod 700"))
    }

    @Test func importsTheThousandRealHeadersInBothEncodings() throws {
        guard let headers = try SignerFixtures.mainnetHeaders() else { return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let first = try f.write("a.hfheaders", SignerFixtures.mainnetBundle(headers, from: 887_001, to: 887_500, encoding: .full80))
        let second = try f.write("b.hfheaders", SignerFixtures.mainnetBundle(headers, from: 887_501, to: 888_000, encoding: .noPrev48))
        let result = try f.run(["import", first, second, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == """
            {"accepted":true,"kind":"hfheaders","validatedTipHeight":887500}
            {"accepted":true,"kind":"hfheaders","validatedTipHeight":888000}

            """)
        let after = try status(f)
        #expect(after.validatedTipHeight == 888_000)
        #expect(after.validatedTipHash == headers[headers.count - 1].hash.displayHex)
        // Importing the same bundle again is a no-op, not a conflict.
        #expect(try f.run(["import", second]).exitCode == 0)
        #expect(try status(f) == after)
    }

    /// Each rejection: exit 65, an `error:` line naming the problem, and the header file byte for byte unchanged.
    @Test func everyRejectionLeavesTheStoreUnchanged() throws {
        guard let headers = try SignerFixtures.mainnetHeaders() else { return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let base = try f.write("base", SignerFixtures.mainnetBundle(headers, from: 887_001, to: 887_010, encoding: .full80))
        #expect(try f.run(["import", base]).exitCode == 0)
        let before = storeBytes(f)
        let good = try SignerFixtures.mainnetBundle(headers, from: 887_011, to: 887_020, encoding: .full80)
        let goodText = String(decoding: good, as: UTF8.self)

        // Flip one bit of the nonce of 887015 inside the encoded noPrev48 bundle (the writer refuses broken runs).
        let compact = String(decoding: try SignerFixtures.mainnetBundle(headers, from: 887_011, to: 887_020, encoding: .noPrev48), as: UTF8.self)
        let nonceHex = Hex.encode(headers[887_015 - 886_001].noPrev48Bytes)
        var flippedHex = Array(nonceHex)
        flippedHex[flippedHex.count - 1] = flippedHex[flippedHex.count - 1] == "0" ? "1" : "0"
        let flipped = Array(compact.replacingOccurrences(of: nonceHex, with: String(flippedHex)).utf8)

        var wrongBits = headers
        let real = headers[887_011 - 886_001]
        wrongBits[887_011 - 886_001] = BlockHeader(
            version: real.version, previousBlockHash: real.previousBlockHash, merkleRoot: real.merkleRoot,
            time: real.time, bits: real.bits &+ 1, nonce: real.nonce)
        let wrongBitsBundle = try SignerFixtures.mainnetBundle(wrongBits, from: 887_011, to: 887_011, encoding: .noPrev48)

        let cases: [(String, [UInt8], String)] = [
            ("flipped nonce", flipped, "header at height 887015"),
            ("changed bits", wrongBitsBundle, "header at height 887011"),
            ("not anchored", try SignerFixtures.mainnetBundle(headers, from: 887_100, to: 887_110, encoding: .noPrev48),
             "validated tip is 887010"),
            ("other network", Array(goodText.replacingOccurrences(of: "\"network\":\"main\"", with: "\"network\":\"test\"").utf8),
             "network"),
            ("other checkpoint", Array(goodText.replacingOccurrences(of: "\"height\":887000", with: "\"height\":886999").utf8),
             "checkpoint"),
            ("truncated", Array(good.dropLast(7)), "ends too early"),
            ("trailing bytes", good + Array("{}".utf8), "followed by more data"),
            ("extra field", Array(goodText.replacingOccurrences(of: "{\"checkpoint\"", with: "{\"extra\":1,\"checkpoint\"").utf8),
             "extra"),
            ("oversize header count", try tooManyHeaders(goodText), "10001"),
            ("not a bundle", Array("hello".utf8), "not a bundle"),
        ]
        for (label, content, mention) in cases {
            let path = try f.write(label.replacingOccurrences(of: " ", with: "-"), content)
            let result = try f.run(["import", path])
            #expect(result.exitCode == 65, "\(label): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(label)")
            #expect(result.stderr.contains(mention), "\(label): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(label)")
            #expect(storeBytes(f) == before, "\(label): store changed")
        }
        #expect(try status(f).validatedTipHeight == 887_010)
    }

    /// With `--json` a failed command's result is one JSON object on stdout naming the cause by its stable code
    /// (docs/design.md §8), beside the one `error:` line on stderr.
    @Test func aRejectionWithJSONEndsWithTheErrorObject() throws {
        guard let headers = try SignerFixtures.mainnetHeaders() else { return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let base = try f.write("base", SignerFixtures.mainnetBundle(headers, from: 887_001, to: 887_010, encoding: .full80))
        #expect(try f.run(["import", base]).exitCode == 0)
        let gap = try f.write("gap", SignerFixtures.mainnetBundle(headers, from: 887_100, to: 887_110, encoding: .noPrev48))
        let result = try f.run(["import", gap, "--json"])
        #expect(result.exitCode == 65)
        #expect(result.stdout.split(separator: "\n").count == 1, "one JSON object: \(result.stdout)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any])
        #expect(error["code"] as? String == "notAnchored")
        #expect(error["exit"] as? Int == 65)
        #expect((error["message"] as? String)?.contains("validated tip is 887010") == true)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains("validated tip is 887010"))
        // A usage error with --json has its object too.
        let usage = try f.run(["import", "--json"])
        #expect(usage.exitCode == 64)
        #expect(usage.stdout.contains("{\"error\":{\"code\":\"usage\",\"exit\":64,"))
    }

    /// 10,001 header entries: over the bundle limit.
    func tooManyHeaders(_ goodText: String) throws -> [UInt8] {
        let entry = "\"" + String(repeating: "00", count: 80) + "\""
        let many = "[" + Array(repeating: entry, count: 10_001).joined(separator: ",") + "]"
        let start = goodText.range(of: "\"headers\":[")!.upperBound
        let end = goodText[start...].range(of: "]")!.upperBound
        return Array((String(goodText[..<goodText.index(before: start)]) + many + String(goodText[end...])).utf8)
    }
}
