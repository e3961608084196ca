import Foundation
@_spi(Fuzzing) import HFNetwork

/// libFuzzer entry: the response decoders of the WhatsOnChain, JungleBus, ARC, ordinals and Paymail clients (and
/// the transport's `Retry-After` parser) must never crash, and every refusal must be a `NetworkError` that
/// describes itself. The first byte picks the decoder; the second picks the `Content-Type`, and when it is 128 or
/// more the rest is spliced into a valid reply of that decoder (JSON structure is invisible to the fuzzer, as
/// Foundation's decoder is not instrumented).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let all = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard all.count >= 2 else { return 0 }
    let decoders = ResponseDecoding.allCases
    let decoder = decoders[Int(all[0]) % decoders.count]
    let contentTypes: [String?] = [
        "application/json", nil, "text/plain; charset=utf-8", "application/problem+json", "text/html",
    ]
    let contentType = contentTypes[Int(all[1]) % contentTypes.count]
    do {
        let rest = Array(all.dropFirst(2))
        let pieces = Array(template(decoder).utf8).split(separator: 0x60, omittingEmptySubsequences: false)
        let body = all[1] < 128 ? rest : Array(pieces.map(Array.init).joined(separator: rest))
        _ = try decoder.decode(body, contentType: contentType)
    } catch {
        precondition(!String(describing: error).isEmpty, "error description")
    }
    return 0
}

/// A valid reply for `decoder` with a backquote where the fuzzer's bytes go.
private func template(_ decoder: ResponseDecoding) -> String {
    let hash = String(repeating: "0", count: 63) + "1"
    let header = """
        {"hash":"\(hash)","height":1,"version":1,"merkleroot":"\(hash)","time":1,"bits":"1d00ffff","nonce":1,\
        "previousblockhash":"\(hash)"}
        """
    let templates: [ResponseDecoding: String] = [
        .wocHeaders: "[" + header.replacingOccurrences(of: "\"height\":1", with: "\"height\":`") + "]",
        .header: header.replacingOccurrences(of: "\"bits\":\"1d00ffff\"", with: "\"bits\":`"),
        .wocChainInfo: "{\"chain\":\"main\",\"blocks\":`,\"bestblockhash\":\"\(hash)\"}",
        .wocHistory: "{\"result\":[{\"tx_hash\":\"\(hash)\",\"height\":`}],\"error\":\"\",\"address\":\"a\"}",
        .wocUnspent: "[{\"tx_hash\":\"\(hash)\",\"tx_pos\":0,\"value\":`,\"height\":1,\"isSpentInMempoolTx\":false}]",
        .wocTSCProof: "[{\"index\":`,\"txOrId\":\"\(hash)\",\"target\":\"\(hash)\",\"nodes\":[\"*\",\"\(hash)\"]}]",
        .wocRawTransaction: "`",
        .jungleBusAddressHistory:
            "[{\"transaction_id\":\"\(hash)\",\"block_hash\":\"\(hash)\",\"block_height\":`,\"block_index\":0}]",
        .jungleBusHeaders:
            "[" + header + "," + header.replacingOccurrences(of: "\"nonce\":1", with: "\"nonce\":`") + "]",
        .arcStatus: """
            {"txid":"\(hash)","txStatus":"MINED","blockHash":"\(hash)","blockHeight":`,"merklePath":"",\
            "extraInfo":"","competingTxs":[]}
            """,
        .arcRejection: "{\"status\":`,\"title\":\"t\",\"detail\":\"d\",\"extraInfo\":\"\",\"txid\":\"\(hash)\"}",
        .arcPolicy: "{\"policy\":{\"miningFee\":{\"satoshis\":1,\"bytes\":`},\"maxtxsizepolicy\":1}}",
        .ordinalsTxo: "{\"outpoint\":`,\"origin\":null,\"data\":{}}",
        .ordinalsTxos: "[{\"txid\":\"\(hash)\",\"vout\":`,\"data\":{\"insc\":1}}]",
        .paymailCapabilities: "{\"bsvalias\":\"1.0\",\"capabilities\":{\"pki\":`}}",
        .paymailPublicKey: "{\"bsvalias\":\"1.0\",\"handle\":\"a@b.c\",\"pubkey\":`}",
        .paymailDestination: "{\"outputs\":[{\"script\":`,\"satoshis\":1}],\"reference\":\"r\"}",
        .paymailReceipt: "{\"txid\":`,\"note\":\"n\"}",
        .retryAfter: "`",
    ]
    return templates[decoder] ?? "`"
}
