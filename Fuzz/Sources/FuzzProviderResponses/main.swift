import Foundation
@_spi(Fuzzing) import HFNetwork

/// libFuzzer entry: the response decoders of the WhatsOnChain, JungleBus, ARC, ordinals and Paymail clients (and
/// the transport's `Retry-After` parser) must never crash, and every refusal must be a `NetworkError` that
/// describes itself. The first byte picks the decoder; the second picks the `Content-Type`.
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
        _ = try decoder.decode(Array(all.dropFirst(2)), contentType: contentType)
    } catch {
        precondition(!String(describing: error).isEmpty, "error description")
    }
    return 0
}
