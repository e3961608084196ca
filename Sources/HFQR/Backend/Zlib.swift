internal import CZlib

/// The only caller of zlib: raw DEFLATE (no zlib or gzip header or trailer) with a 1 KiB window, as BBQr `Z` uses.
///
/// Compression uses `deflateInit2` with window bits −10, memory level 8 and the default strategy, so that at level 6
/// the output is byte-for-byte what upstream BBQr (Python `zlib.compressobj(wbits=-10)`, JS pako) writes.
/// Decompression uses `inflateBack` with a 1024-byte window, which refuses any back-reference further than 1024
/// bytes (a one-shot `inflate` would accept what a streaming 1 KiB decoder cannot read).
enum Zlib {
    /// The DEFLATE window, in bits: 2¹⁰ = 1024 bytes.
    static let windowBits: Int32 = 10

    /// `bytes` compressed as raw DEFLATE with a 1 KiB window.
    /// - Parameter level: zlib's level, 0…9 (6 is zlib's and upstream BBQr's default).
    static func deflate(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        precondition((0...9).contains(level), "Zlib.deflate: level \(level) is outside 0...9")
        var stream = z_stream()
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, -windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed (\(status)): zlib is unusable")
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                let result = CZlib.deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate with a deflateBound buffer did not finish (\(result))")
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// Decompresses one complete raw DEFLATE stream that uses at most a 1 KiB window.
    /// - Parameters:
    ///   - bytes: the stream; nothing may follow its last block.
    ///   - limit: the largest acceptable output, in bytes.
    /// - Throws: `BBQrError.invalidDeflate` (malformed, truncated, or a distance beyond 1024 bytes),
    ///   `.trailingDeflateData` or `.payloadTooLarge`.
    static func inflate(_ bytes: [UInt8], limit: Int) throws(BBQrError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .invalidDeflate(reason: "the stream is empty") }
        let sink = InflateSink(limit: limit)
        var input = bytes
        var window = [UInt8](repeating: 0, count: 1 << windowBits)
        var stream = z_stream()
        let (status, message, remaining): (Int32, String?, Int) = window.withUnsafeMutableBufferPointer { window in
            let initStatus = inflateBackInit_(
                &stream, windowBits, window.baseAddress, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            precondition(initStatus == Z_OK, "inflateBackInit failed (\(initStatus)): zlib is unusable")
            defer { inflateBackEnd(&stream) }
            return input.withUnsafeMutableBufferPointer { input in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                let context = Unmanaged.passUnretained(sink).toOpaque()
                let status = inflateBack(&stream, noMoreInput, context, acceptOutput, context)
                return (status, stream.msg.map { String(cString: $0) }, Int(stream.avail_in))
            }
        }
        if sink.overflowed { throw .payloadTooLarge(limit: limit) }
        switch status {
        case Z_STREAM_END:
            guard remaining == 0 else { throw .trailingDeflateData }
            return sink.output
        case Z_BUF_ERROR: throw .invalidDeflate(reason: "the stream ends before its last block")
        default: throw .invalidDeflate(reason: message ?? "zlib status \(status)")
        }
    }
}

/// Collects `inflateBack` output up to a limit.
private final class InflateSink {
    let limit: Int
    var output: [UInt8] = []
    var overflowed = false

    init(limit: Int) { self.limit = limit }
}

/// `inflateBack`'s input callback: all input is given up front, so there is never more.
private func noMoreInput(
    _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
) -> UInt32 {
    0
}

/// `inflateBack`'s output callback: appends to the sink, failing (non-zero) past its limit.
private func acceptOutput(_ context: UnsafeMutableRawPointer?, _ data: UnsafeMutablePointer<UInt8>?, _ count: UInt32)
    -> Int32
{
    guard let context else { return 1 }
    let sink = Unmanaged<InflateSink>.fromOpaque(context).takeUnretainedValue()
    guard sink.output.count + Int(count) <= sink.limit else {
        sink.overflowed = true
        return 1
    }
    sink.output.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
    return 0
}

extension Zlib {
    /// What the start of a raw DEFLATE stream decodes to, as far as it goes: for a glance at an incomplete
    /// animation (which bundle it carries), never for the file itself, which `inflate(_:limit:)` decodes strictly.
    ///
    /// Uses `inflate` with a full window and `Z_SYNC_FLUSH`, so every byte the given input determines is returned;
    /// stops at `limit` output bytes, at the end of the input, or at the first fault (returning what came before).
    static func inflatePrefix(_ bytes: [UInt8], limit: Int) -> [UInt8] {
        guard !bytes.isEmpty, limit > 0 else { return [] }
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: limit)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                _ = CZlib.inflate(&stream, Z_SYNC_FLUSH)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }
}
