import Foundation
import HFCrypto
import HFPrimitives

/// Parsing helpers shared by the routes: path parameters, query values and JSON bodies.
enum APIRequest {
    /// A txid from 64 display-order hex digits, or nil.
    static func txid(_ text: String?) -> Txid? {
        guard let text, text.utf8.count == 64 else { return nil }
        return try? Txid(displayHex: text)
    }

    /// A block hash from 64 display-order hex digits, or nil.
    static func blockHash(_ text: String) -> BlockHash? {
        guard text.utf8.count == 64 else { return nil }
        return try? BlockHash(displayHex: text)
    }

    /// A non-negative decimal integer of at most 10 digits, or nil.
    static func natural(_ text: String?) -> Int? {
        guard let text, !text.isEmpty, text.utf8.count <= 10,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }

    /// Answers a `{hash or height}` header route: 400 when `id` is neither, 404 when `chain` has no such header,
    /// else `render` of it.
    static func header(
        _ id: String, in chain: DevnetChain, render: (DevnetHeaderInfo) -> HTTPResponse
    ) -> HTTPResponse {
        let info: DevnetHeaderInfo?
        if let height = natural(id) {
            info = chain.header(atHeight: height)
        } else if let hash = blockHash(id) {
            info = chain.header(hash: hash)
        } else {
            return .text("invalid block hash or height", status: 400)
        }
        return info.map(render) ?? .status(404)
    }

    /// A regtest P2PKH address, or nil.
    static func address(_ text: String?) -> Address? {
        guard let text else { return nil }
        return try? Address(string: text, network: DevnetChain.network)
    }

    /// An outpoint written `<txid>_<vout>`, as the ordinals indexer writes it, or nil.
    static func outpoint(_ text: String) -> OutPoint? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, let txid = txid(String(parts[0])), let vout = natural(String(parts[1])),
            let index = UInt32(exactly: vout)
        else { return nil }
        return OutPoint(txid: txid, vout: index)
    }

    /// The body decoded as JSON `T`, or nil when it is not.
    static func json<T: Decodable>(_ type: T.Type, from body: [UInt8]) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(body))
    }

    /// The media type of the request's `Content-Type` in lower case without parameters, or `""`.
    static func mediaType(_ request: HTTPRequest) -> String {
        let value = request.headers["Content-Type"] ?? ""
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `Script`'s WhatsOnChain script hash: SHA-256 of the bytes, in reversed (display) order, as hex.
    static func scriptHash(_ script: Script) -> String {
        Hex.encode(Hash.sha256(script.bytes).reversed())
    }
}
