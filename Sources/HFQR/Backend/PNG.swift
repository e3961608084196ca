internal import CPNG

/// The only caller of libpng, through its simplified API (the classic API needs `setjmp`, which Swift cannot use).
///
/// Reading converts every PNG flavour (palette, 1-bit, 16-bit, colour, alpha) to 8-bit gray; transparency is
/// composited onto white, as a QR code drawn on a transparent background is meant to be seen.
enum PNG {
    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    /// `image` as a PNG file: 1-bit (a two-entry palette) when every pixel is black or white, as QR images are;
    /// 8-bit gray otherwise.
    static func encode(_ image: GrayImage) -> [UInt8] {
        var control = png_image()
        control.version = UInt32(PNG_IMAGE_VERSION)
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        let bilevel = image.pixels.allSatisfy { $0 == 0 || $0 == 255 }
        // With a colour map of two entries libpng writes one bit per pixel: an eighth of the data to compress.
        let buffer = bilevel ? image.pixels.map { $0 >> 7 } : image.pixels
        let colormap: [UInt8] = [0, 255]
        control.format = UInt32(PNG_FORMAT_GRAY) | (bilevel ? UInt32(PNG_FORMAT_FLAG_COLORMAP) : 0)
        control.colormap_entries = bilevel ? 2 : 0
        let stride = Int32(image.width)
        func write(_ memory: UnsafeMutableRawPointer?, _ size: inout Int) -> Int32 {
            buffer.withUnsafeBytes { pixels in
                colormap.withUnsafeBytes { map in
                    png_image_write_to_memory(&control, memory, &size, 0, pixels.baseAddress, stride,
                                              bilevel ? map.baseAddress : nil)
                }
            }
        }
        // One pass in the usual case: a generous first guess, and the exact size libpng reports if it was too small.
        var size = image.pixels.count / 4 + 4096
        var output = [UInt8](repeating: 0, count: size)
        if output.withUnsafeMutableBytes({ write($0.baseAddress, &size) }) == 0 {
            precondition(size > output.count, "png_image_write_to_memory failed on an 8-bit image")
            output = [UInt8](repeating: 0, count: size)
            precondition(output.withUnsafeMutableBytes { write($0.baseAddress, &size) } != 0,
                         "png_image_write_to_memory failed on a buffer of the size it asked for")
        }
        output.removeSubrange(size...)
        return output
    }

    /// Reads a PNG file as 8-bit gray.
    /// - Throws: `QRError.malformedImage` (with libpng's message) or `.imageTooLarge`.
    static func decode(_ bytes: [UInt8]) throws(QRError) -> GrayImage {
        // libpng keeps the memory pointer from `begin` to `finish`, so both happen inside one borrow of `bytes`.
        let result: Result<GrayImage, QRError> = bytes.withUnsafeBytes { memory in
            var control = png_image()
            control.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&control, memory.baseAddress, memory.count) != 0 else {
                return .failure(.malformedImage(reason: message(control)))
            }
            let width = Int(control.width)
            let height = Int(control.height)
            do throws(QRError) {
                try GrayImage.checkSize(width: width, height: height)
            } catch {
                png_image_free(&control)
                return .failure(error)
            }
            control.format = UInt32(PNG_FORMAT_GRAY)
            var pixels = [UInt8](repeating: 0, count: width * height)
            var white = png_color(red: 255, green: 255, blue: 255)
            let finished = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&control, &white, $0.baseAddress, Int32(width), nil)
            }
            guard finished != 0 else { return .failure(.malformedImage(reason: message(control))) }
            return Result { () throws(QRError) in try GrayImage(width: width, height: height, pixels: pixels) }
        }
        return try result.get()
    }

    /// libpng's message for a failed call.
    private static func message(_ control: png_image) -> String {
        withUnsafeBytes(of: control.message) { raw in
            let text = raw.prefix { $0 != 0 }
            return text.isEmpty ? "not a readable PNG" : String(decoding: text, as: UTF8.self)
        }
    }
}
