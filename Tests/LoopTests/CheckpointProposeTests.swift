import Foundation
import HFDevnet
import HFPrimitives
import HFTestSupport
import Synchronization
import Testing

/// `hf-watcher checkpoint propose` against two stub providers (JungleBus and WhatsOnChain over loopback HTTP)
/// serving the real mainnet headers 886001–888000 of the test vectors (`Tests/Vectors`): the services cannot be reached here, so the
/// stubs stand in for them with the real chain data.
@Suite struct CheckpointProposeTests {
    /// The real headers 886001…888000.
    static let first = 886_001
    let headers: [BlockHeader]
    let dir: TemporaryDirectory
    let watcherTool = BuiltTool("hf-watcher")

    init() throws {
        dir = try TemporaryDirectory()
        guard let data = try Vectors.data("chain/headers/bsv-mainnet-headers-886001-888000.bin") else {
            headers = []
            return
        }
        let bytes = [UInt8](data)
        headers = try stride(from: 0, to: bytes.count, by: 80).map {
            try BlockHeader(bytes: Array(bytes[$0..<($0 + 80)]))
        }
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try watcherTool.run(["--home", dir.path("watcher"), "--network", "main"] + arguments)
    }

    /// A mainnet watcher home whose two header sources are the stubs.
    func home(jungleBus: StubProvider, whatsOnChain: StubProvider) throws {
        #expect(try watch(["init"]).exitCode == 0)
        for (key, value) in [
            ("woc.url", whatsOnChain.url("/v1/bsv/main")), ("junglebus.url", jungleBus.url("/v1")),
            ("net.attempts", "1"),
        ] {
            let set = try watch(["config", "set", key, value])
            #expect(set.exitCode == 0, "stderr: \(set.stderr)")
        }
    }

    func repositoryFile(_ name: String) throws -> String {
        try String(
            contentsOf: Vectors.repositoryRoot.appendingPathComponent(
                "Sources/HFSPV/Checkpoints/\(name)"), encoding: .utf8)
    }

    @Test func height887000ReproducesTheCompiledInCheckpointSource() throws {
        guard !headers.isEmpty else { return }
        let jungleBus = try StubProvider(headers: headers, first: Self.first)
        let whatsOnChain = try StubProvider(headers: headers, first: Self.first)
        try home(jungleBus: jungleBus, whatsOnChain: whatsOnChain)
        let out = dir.path("MainnetCheckpointHeaders.swift")
        let result = try watch(["checkpoint", "propose", "--height", "887000", "--out", out, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == repositoryFile("MainnetCheckpointHeaders.swift"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["height"] as? Int == 887_000)
        #expect(report["tipHeight"] as? Int == 888_000)
        #expect(report["hash"] as? String == headers[887_000 - Self.first].hash.displayHex)
        let declaration = try #require(report["declaration"] as? String)
        #expect(declaration.contains("height: 887_000"))
        #expect(
            try repositoryFile("Checkpoint.swift").contains(declaration),
            "the declaration is Checkpoint.main's")
        // Both sources were asked: JungleBus in one bulk call, WhatsOnChain for every one of the 294 heights.
        #expect(jungleBus.requests.filter { $0.contains("block_header/list") }.count == 1)
        #expect(whatsOnChain.requests.filter { $0.hasSuffix("/header") }.count == 294)
    }

    @Test func theDefaultDepthTakesTheBlock500BelowTheTip() throws {
        guard !headers.isEmpty else { return }
        let stub = try StubProvider(headers: headers, first: Self.first)
        let whatsOnChain = try StubProvider(headers: headers, first: Self.first)  // kept alive to the end
        try home(jungleBus: stub, whatsOnChain: whatsOnChain)
        let out = dir.path("c.swift")
        let result = try watch(["checkpoint", "propose", "--out", out])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("the headers of BSV blocks 887354…887500, the checkpoint (887500) last"))
        #expect(
            text.contains(
                "\"\(Hex.encode(headers[887_500 - Self.first].serialized))\",  // 887500\n    ]\n}\n"))
        #expect(result.stdout.contains("height: 887_500"))
        withExtendedLifetime((stub, whatsOnChain)) {}
    }

    /// One field of one header changed at WhatsOnChain (the block hash recomputed, so the header is self-consistent
    /// and only the comparison can catch it): in the checkpoint's context, and in the headers below it that only
    /// serve the difficulty check.
    @Test(arguments: [(886_950, "nonce"), (886_720, "merkleroot"), (887_000, "time")])
    func aSourceDisagreeingOnOneFieldIsRefusedAndNothingIsWritten(height: Int, field: String) throws {
        guard !headers.isEmpty else { return }
        var altered = headers
        let original = headers[height - Self.first]
        altered[height - Self.first] = BlockHeader(
            version: original.version, previousBlockHash: original.previousBlockHash,
            merkleRoot: field == "merkleroot"
                ? try MerkleHash(internalBytes: [UInt8](repeating: 7, count: 32)) : original.merkleRoot,
            time: field == "time" ? original.time + 1 : original.time, bits: original.bits,
            nonce: field == "nonce" ? original.nonce &+ 1 : original.nonce)
        let jungleBus = try StubProvider(headers: headers, first: Self.first)
        let whatsOnChain = try StubProvider(headers: altered, first: Self.first)
        try home(jungleBus: jungleBus, whatsOnChain: whatsOnChain)
        let out = dir.path("c.swift")
        let result = try watch(["checkpoint", "propose", "--height", "887000", "--out", out])
        #expect(result.exitCode == 65, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("height \(height) on \(field)"), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        withExtendedLifetime((jungleBus, whatsOnChain)) {}
    }

    /// Both sources serve the same forged checkpoint header (its time moved, its hash recomputed): they agree, and
    /// the SPV check refuses it.
    @Test func agreeingSourcesStillNeedTheSPVRules() throws {
        guard !headers.isEmpty else { return }
        var forged = headers
        let original = headers[887_000 - Self.first]
        forged[887_000 - Self.first] = BlockHeader(
            version: original.version, previousBlockHash: original.previousBlockHash,
            merkleRoot: original.merkleRoot,
            time: original.time + 1, bits: original.bits, nonce: original.nonce)
        let jungleBus = try StubProvider(headers: forged, first: Self.first)
        let whatsOnChain = try StubProvider(headers: forged, first: Self.first)
        try home(jungleBus: jungleBus, whatsOnChain: whatsOnChain)
        let out = dir.path("c.swift")
        let result = try watch(["checkpoint", "propose", "--height", "887000", "--out", out])
        #expect(result.exitCode == 65, "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("height 887000 fails its proof of work"), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        withExtendedLifetime((jungleBus, whatsOnChain)) {}
    }

    @Test func aBlockLessThan500DeepOrAShallowDepthIsRefused() throws {
        guard !headers.isEmpty else { return }
        let stub = try StubProvider(headers: headers, first: Self.first)
        let whatsOnChain = try StubProvider(headers: headers, first: Self.first)  // kept alive to the end
        try home(jungleBus: stub, whatsOnChain: whatsOnChain)
        let out = dir.path("c.swift")
        let shallow = try watch(["checkpoint", "propose", "--height", "887600", "--out", out])
        #expect(shallow.exitCode == 65)
        #expect(shallow.stderr.contains("only 400 below the tip 888000"), "stderr: \(shallow.stderr)")
        let depth = try watch(["checkpoint", "propose", "--depth", "100", "--out", out])
        #expect(depth.exitCode == 64)
        #expect(depth.stderr.contains("at least 500"))
        #expect(
            try watch(["checkpoint", "propose", "--depth", "600", "--height", "887000", "--out", out])
                .exitCode == 64)
        let testnet = try watcherTool.run([
            "--home", dir.path("watcher"), "--network", "test", "checkpoint", "propose", "--out", out,
        ])
        #expect(testnet.exitCode == 64)
        #expect(testnet.stderr.contains("mainnet checkpoints only"), "stderr: \(testnet.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(
            stub.requests.filter { $0.contains("block_header") }.isEmpty,
            "nothing fetched for a refused block")
        withExtendedLifetime(whatsOnChain) {}
    }
}

/// A loopback stand-in for JungleBus (`/v1/block_header/list/{h}?limit=N`) and WhatsOnChain (`/v1/bsv/main/chain/info`,
/// `/v1/bsv/main/block/{h}/header`), answering from a list of headers; records every request path.
final class StubProvider: Sendable {
    let server: HTTPServer
    let port: UInt16
    private let log: RequestLog

    /// The paths received, shared with the handler.
    private final class RequestLog: Sendable {
        let paths = Mutex<[String]>([])
    }

    init(headers: [BlockHeader], first: Int) throws {
        let log = RequestLog()
        self.log = log
        let hashes = headers.map(\.hash)
        server = HTTPServer { request in
            log.paths.withLock { $0.append(request.path) }
            let parts = request.path.split(separator: "/").map(String.init)
            func fields(_ height: Int) -> [String: Any] {
                let header = headers[height - first]
                let bits = String(header.bits, radix: 16)
                return [
                    "hash": hashes[height - first].displayHex, "height": height,
                    "version": Int(header.version),
                    "merkleroot": header.merkleRoot.displayHex, "time": Int(header.time),
                    "bits": String(repeating: "0", count: 8 - bits.count) + bits, "nonce": Int(header.nonce),
                    "previousblockhash": header.previousBlockHash.displayHex,
                ]
            }
            func json(_ value: Any) -> HTTPResponse {
                .json(bytes: [UInt8]((try? JSONSerialization.data(withJSONObject: value)) ?? Data()))
            }
            let last = first + headers.count - 1
            if parts.suffix(2) == ["chain", "info"] {
                return json([
                    "chain": "main", "blocks": last, "bestblockhash": hashes[headers.count - 1].displayHex,
                ])
            }
            if parts.count >= 3, parts[parts.count - 3] == "block", parts.last == "header",
                let h = Int(parts[parts.count - 2])
            {
                return (first...last).contains(h) ? json(fields(h)) : .status(404)
            }
            if parts.count >= 3, parts[parts.count - 3] == "block_header",
                parts[parts.count - 2] == "list",
                let start = Int(parts[parts.count - 1])
            {
                let limit = Int(request.queryValue("limit") ?? "") ?? 0
                guard (first...last).contains(start) else { return .status(404) }
                return json((start...min(last, start + limit - 1)).map(fields))
            }
            return .status(404)
        }
        port = try server.start()
    }

    deinit { server.stop() }

    /// Every request path, in order.
    var requests: [String] { log.paths.withLock { $0 } }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
