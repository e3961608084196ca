import HFQR

/// libFuzzer entry: the UR text parser, the part decoder, the rank decoder and the scan session must never crash on
/// any input, and stay within their bounds.
///
/// The input is taken whole as one UR text (whatever parses must encode back to a text that parses to the same
/// value), then split at newlines into up to 64 texts: each goes to a small scan session, and the parts of the first
/// message go straight to a rank decoder too, whose rank never exceeds its fragment count and whose message, when it
/// comes out, has the announced length and CRC-32.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let fragments = 64
    let message = 1 << 16
    if let parsed = try? URText.parse(bytes, maximumFragments: fragments, maximumMessage: message) {
        let text: String
        switch parsed {
        case .single(let type, let body): text = URText.single(type: type, message: body)
        case .part(let type, let part): text = URText.part(type: type, part)
        }
        let again = try? URText.parse(Array(text.utf8), maximumFragments: fragments, maximumMessage: message)
        precondition(again == parsed, "UR text round trip")
    }
    var session = ScanSession(limits: ScanLimits(
        maximumAnimations: 4, maximumVariantsPerPart: 3, maximumCombinations: 8, maximumPayloadBytes: 1 << 16))
    var decoder: URRankDecoder?
    for line in bytes.split(separator: 0x0a).prefix(64) {
        let event = session.add(symbolData: Array(line))
        if let progress = event.progress {
            precondition(progress.received + progress.missing.count == progress.total, "progress adds up")
            precondition(progress.received <= progress.total, "rank within the fragment count")
        }
        guard case .part(_, let part)? = try? URText.parse(Array(line), maximumFragments: fragments,
                                                          maximumMessage: message)
        else { continue }
        if decoder == nil { decoder = URRankDecoder(for: part) }
        if decoder?.accepts(part) == true { _ = decoder?.add(part) }
        precondition((decoder?.rank ?? 0) <= part.fragmentCount || decoder?.accepts(part) == false, "rank bound")
    }
    if let decoder, let solved = try? decoder.message() {
        precondition(solved.count == decoder.messageLength, "message length")
        precondition(CRC32.checksum(solved) == decoder.checksum, "message checksum")
    }
    for key in session.completeAnimations { _ = try? session.payload(for: key) { _ in } }
    return 0
}
