import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A transport with test-sized timeouts and a fast retry budget: 3 attempts, 10 ms doubling to 50 ms.
func fastTransport(
    attempts: Int = 3, timeout: Duration = .seconds(2), maxDelay: Duration = .milliseconds(50),
    maxResponseBytes: Int = 16 << 20, observer: (@Sendable (TransportEvent) -> Void)? = nil
) -> HTTPTransport {
    HTTPTransport(
        configuration: TransportConfiguration(
            timeout: timeout,
            retry: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(10), maxDelay: maxDelay),
            maxResponseBytes: maxResponseBytes, observer: observer))
}

/// A port on 127.0.0.1 that refuses connections for as long as the value lives: a socket is bound to it but
/// never listens, so no other test's server can be given the same port.
final class RefusingPort: Sendable {
    /// The bound socket.
    private let descriptor: Int32
    /// The port.
    let port: UInt16

    /// Binds a socket to a free port without listening.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw NetworkError.invalidConfiguration("no port to reserve") }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }
}

/// A JSON response from literal text.
func json(_ text: String, status: Int = 200) -> HTTPResponse {
    .json(text: text, status: status)
}

/// A txid made from a small number (`hash256` of one byte), for tests that need distinct txids.
func sampleTxid(_ seed: UInt8) -> Txid {
    Txid(hashing: [seed])
}

/// An address for tests (main network, hash160 of twenty `seed` bytes).
func sampleAddress(_ seed: UInt8 = 7) -> Address {
    // Twenty bytes always make an address.
    try! Address(hash160: [UInt8](repeating: seed, count: 20), network: .main)
}

/// A linked run of made-up headers (no proof of work: clients only check hashes and links).
func syntheticChain(count: Int, seed: UInt8 = 1) -> [BlockHeader] {
    var headers: [BlockHeader] = []
    var previous = try! BlockHash(internalBytes: [UInt8](repeating: seed, count: 32))
    for index in 0..<count {
        let header = BlockHeader(
            version: 0x2000_0000, previousBlockHash: previous, merkleRoot: MerkleHash(sampleTxid(UInt8(index))),
            time: 1_600_000_000 + UInt32(index) * 600, bits: 0x207f_ffff, nonce: UInt32(index))
        headers.append(header)
        previous = header.hash
    }
    return headers
}

/// A header as a WhatsOnChain/JungleBus JSON object (`previousblockhash` only when asked for).
func headerJSON(_ header: BlockHeader, height: Int, withPrevious: Bool = true) -> String {
    let bits = String(header.bits, radix: 16)
    let previous = withPrevious ? "\"previousblockhash\":\"\(header.previousBlockHash.displayHex)\"," : ""
    return """
        {"hash":"\(header.hash.displayHex)","height":\(height),"version":\(header.version),\(previous)
         "merkleroot":"\(header.merkleRoot.displayHex)","time":\(header.time),"nonce":\(header.nonce),
         "bits":"\(String(repeating: "0", count: 8 - bits.count) + bits)","coin":"BSV","synced":1}
        """
}
