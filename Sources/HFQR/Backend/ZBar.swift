internal import CZBar

/// The only caller of zbar: finds QR codes in a grayscale image and returns their data bytes exactly.
///
/// The scanner is set to QR codes only, in binary mode (`ZBAR_CFG_BINARY`): without it zbar transcodes byte-mode
/// data as text and alters binary payloads. A scanner is made per call, so calls may run on any thread.
enum ZBar {
    /// The Y800 (8-bit gray) fourcc.
    private static let y800: UInt = 0x3030_3859

    /// The data of every QR code zbar finds in `image`, in zbar's order.
    /// - Throws: `QRError.scannerFailed` when zbar cannot be set up or reports an error.
    static func scan(_ image: GrayImage) throws(QRError) -> [[UInt8]] {
        guard let scanner = zbar_image_scanner_create() else { throw .scannerFailed }
        defer { zbar_image_scanner_destroy(scanner) }
        guard zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0) == 0,
            zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1) == 0,
            zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1) == 0
        else { throw .scannerFailed }
        guard let zImage = zbar_image_create() else { throw .scannerFailed }
        defer { zbar_image_destroy(zImage) }
        zbar_image_set_format(zImage, y800)
        zbar_image_set_size(zImage, UInt32(image.width), UInt32(image.height))
        let found: [[UInt8]]? = image.pixels.withUnsafeBytes { pixels in
            // zbar only reads the pixels, and only during `zbar_scan_image`; the image drops the pointer before
            // `pixels` goes out of scope.
            zbar_image_set_data(zImage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(zImage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zImage) >= 0 else { return nil }
            var results: [[UInt8]] = []
            var symbol = zbar_image_first_symbol(zImage)
            while let current = symbol {
                if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                    let count = Int(zbar_symbol_get_data_length(current))
                    results.append(data.withMemoryRebound(to: UInt8.self, capacity: count) {
                        Array(UnsafeBufferPointer(start: $0, count: count))
                    })
                }
                symbol = zbar_symbol_next(current)
            }
            return results
        }
        guard let found else { throw .scannerFailed }
        return found
    }
}
