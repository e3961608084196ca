import HFCommandLine
import HFCrypto
import HFQR
import HFQRCommands
import HFWallet

/// Where `wallet import` reads a SeedQR: an image file (either kind) or the camera's live stream (Standard only).
///
/// The payload is secret, so nothing of it is printed: no error quotes it, and the camera scan stops at any code that
/// could be one (digits, or bytes that are not printable text) instead of listing it as a foreign code.
enum SeedQRInput {
    /// The largest image accepted: a photograph of a printed SeedQR fits.
    static let maximumImageBytes = 32 << 20

    /// The phrase of the one SeedQR in the image at `path`, a regular file of mode 0600 (it holds the secret).
    /// - Throws: `CommandError` 66/77 as for any secret file; 65 for an image with no readable code, more than one,
    ///   or a code that is not a valid SeedQR (damaged, a bad checksum, another payload).
    static func read(image path: String) throws(CommandError) -> Mnemonic {
        var bytes = try SecretInput.readFile(path, limit: maximumImageBytes, trimmingNewline: false)
        defer { Zeroization.zeroize(&bytes) }
        var codes: [[UInt8]]
        do { codes = try QRScanner.decode(imageFile: bytes) } catch {
            throw .dataError("cannot read '\(path)': \(error); nothing was imported")
        }
        defer { for index in codes.indices { Zeroization.zeroize(&codes[index]) } }
        guard codes.count == 1 else {
            throw .dataError(codes.isEmpty
                ? "no QR code could be read in '\(path)': the SeedQR is damaged, blurred or too small; "
                    + "photograph it again; nothing was imported"
                : "'\(path)' holds \(codes.count) QR codes; give an image of the SeedQR alone; nothing was imported")
        }
        return try decode(codes[0], source: "'\(path)'")
    }

    /// The phrase of a Standard SeedQR seen by the camera (`zbarcam` through ``CameraScanner``).
    /// - Throws: `CommandError` 69 without zbarcam, 75 at the timeout, 130 at Ctrl-C, 65 for a code that is not a
    ///   Standard SeedQR.
    static func scan(device: String?, timeout: Int?, context: CommandContext) throws -> Mnemonic {
        var scan = try CameraScanner.scan(device: device, timeout: timeout, context: context) { bytes in
            mayBeSeedQR(bytes)
        }
        scan.endProgress()
        guard var payload = scan.plainPayloads.first(where: mayBeSeedQR) else {
            throw CommandError.dataError("the camera saw no SeedQR; nothing was imported")
        }
        defer { Zeroization.zeroize(&payload) }
        guard payload.allSatisfy(isDigit) else {
            throw CommandError.dataError(
                "the camera read a code that is not a Standard SeedQR; a Compact SeedQR holds raw bytes that the "
                    + "camera's line stream cannot carry: photograph it and give the image to --seedqr IMAGE; "
                    + "nothing was imported")
        }
        return try decode(payload, source: "the camera's code")
    }

    /// The phrase of a payload, or a 65 naming `source` and the problem (never the payload).
    private static func decode(_ payload: [UInt8], source: String) throws(CommandError) -> Mnemonic {
        do { return try SeedQR.decode(payload).mnemonic } catch {
            throw .dataError("\(source) is not a valid SeedQR: \(error); nothing was imported")
        }
    }

    /// Whether a plain code seen by the camera could be (part of) a SeedQR: all digits, or not printable text (not
    /// UTF-8, holding U+FFFD where the line reader replaced bytes that were not, or holding controls).
    private static func mayBeSeedQR(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        if bytes.allSatisfy(isDigit) { return true }
        guard let text = String(validating: bytes, as: UTF8.self) else { return true }
        return text.unicodeScalars.contains { $0 == "\u{FFFD}" || $0.properties.generalCategory == .control }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
