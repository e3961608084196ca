public import HFPrimitives

/// A compiled-in trust anchor: the checkpoint header, its height, and the headers before it that the network's
/// difficulty rule needs as context.
///
/// The checkpoint hash is also the header store's version marker: a store written for another checkpoint is wiped and
/// re-seeded on open.
public struct Checkpoint: Sendable, Equatable {
    /// The network the checkpoint belongs to.
    public let network: Network
    /// The height of the checkpoint header.
    public let height: Int
    /// Context headers, oldest first; the last one is the checkpoint itself.
    public let headers: [BlockHeader]

    /// A checkpoint from its header and the headers before it (tests root chains elsewhere, e.g. at genesis).
    ///
    /// - Parameters:
    ///   - headers: consecutive linked headers ending with the checkpoint; at least one.
    ///   - height: the checkpoint's height (of the last element).
    /// - Precondition: `headers` is non-empty, the headers link and `height + 1 >= headers.count`.
    public init(network: Network, height: Int, headers: [BlockHeader]) {
        precondition(!headers.isEmpty && height + 1 >= headers.count, "a checkpoint needs its header")
        for index in headers.indices.dropFirst() {
            precondition(headers[index].previousBlockHash == headers[index - 1].hash, "checkpoint context must link")
        }
        self.network = network
        self.height = height
        self.headers = headers
    }

    /// The checkpoint header.
    public var header: BlockHeader { headers[headers.count - 1] }

    /// The checkpoint's block hash.
    public var hash: BlockHash { header.hash }

    /// The height of the oldest context header.
    public var firstContextHeight: Int { height - headers.count + 1 }

    /// The compiled-in checkpoint of `network`.
    public static func compiled(for network: Network) -> Checkpoint {
        switch network {
        case .main: main
        case .test: test
        case .regtest: regtest
        }
    }

    /// BSV mainnet block 887000 (`00000000000000000c7212aa…01a83327`) and the 146 headers before it.
    public static let main = Checkpoint(
        network: .main, height: 887_000, headers: MainnetCheckpointHeaders.hex.map(Self.header(hex:)))

    /// The testnet genesis block (`000000000933ea01…f77f4943`).
    public static let test = Checkpoint(
        network: .test, height: 0,
        headers: [header(hex: "01000000" + String(repeating: "0", count: 64) + genesisMerkleRoot + "dae5494dffff001d1aa4ae18")])

    /// The regtest genesis block (`0f9188f13cb7b2c7…11466e2206`), bits 0x207fffff.
    public static let regtest = Checkpoint(
        network: .regtest, height: 0,
        headers: [header(hex: "01000000" + String(repeating: "0", count: 64) + genesisMerkleRoot + "dae5494dffff7f2002000000")])

    /// The merkle root of every Bitcoin genesis block (internal order, hex).
    private static let genesisMerkleRoot = "3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a"

    /// Parses a compiled-in header; a failure is a bug in this file, caught by the tests.
    private static func header(hex: String) -> BlockHeader {
        guard let bytes = try? Hex.decode(hex), let header = try? BlockHeader(bytes: bytes) else {
            preconditionFailure("invalid compiled-in header")
        }
        return header
    }
}
