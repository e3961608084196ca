import HFQR

/// libFuzzer entry: the BBQr frame parser and the scan-session assembler must never crash on any input.
///
/// The input is taken whole as one frame (whatever parses must print back to the same text), then split at newlines
/// into up to 64 frames fed to a small session. Whatever completes must, split again, join back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let frame = try? BBQrFrame(parsing: bytes) {
        precondition(Array(frame.text.utf8) == bytes, "frame round trip")
    }
    var session = ScanSession(limits: ScanLimits(
        maximumAnimations: 4, maximumVariantsPerPart: 3, maximumCombinations: 8, maximumPayloadBytes: 1 << 16))
    for line in bytes.split(separator: 0x0a).prefix(64) {
        let event = session.add(symbolData: Array(line))
        if let progress = event.progress {
            precondition(progress.received + progress.missing.count == progress.total, "progress adds up")
        }
    }
    if let payload = try? session.completed(validate: { _ in }), let fileType = payload.fileType,
        let series = try? BBQrSplitter.split(payload.bytes, fileType: fileType)
    {
        precondition((try? BBQrJoiner.join(series.parts))?.bytes == payload.bytes, "split and join round trip")
    }
    return 0
}
