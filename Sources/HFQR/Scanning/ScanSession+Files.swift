internal import Foundation

extension ScanSession {
    /// The largest file read as text or image: 64 MiB.
    public static let maximumFileBytes = 64 << 20

    /// Adds every frame in a file or a directory of files.
    ///
    /// Images (PNG, PGM `P5`, PPM `P6`, recognized by content) are scanned for QR codes; any other file is read as
    /// UTF-8 text with one frame per line. A directory's regular files are read in name order, without recursion;
    /// hidden files are skipped.
    /// - Parameter path: a file or directory.
    /// - Returns: one event per frame found.
    /// - Throws: `ScanError.unreadableFile` (missing, too large, neither image nor UTF-8 text) or `.image` for an
    ///   image that cannot be decoded.
    public mutating func add(contentsOf path: String) throws(ScanError) -> [ScanEvent] {
        var events: [ScanEvent] = []
        for file in try Self.frameFiles(at: path) { events += try add(fileAt: file) }
        return events
    }

    /// The files `add(contentsOf:)` reads for `path`: the file itself, or a directory's regular files in name order
    /// (no recursion, hidden files skipped). Callers that report per file (e.g. "no QR code in FILE") add each.
    /// - Throws: `ScanError.unreadableFile` when `path` is missing or a directory cannot be listed.
    public static func frameFiles(at path: String) throws(ScanError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .unreadableFile(path: path, reason: "the directory cannot be listed")
        }
        return names.map { (path as NSString).appendingPathComponent($0) }.filter { file in
            var isSubdirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isSubdirectory)
                && !isSubdirectory.boolValue
        }
    }

    /// Adds the QR codes of one image file's bytes.
    /// - Throws: `QRError` when the image cannot be decoded or scanned.
    public mutating func add(imageFile bytes: [UInt8]) throws(QRError) -> [ScanEvent] {
        try QRScanner.decode(imageFile: bytes).map { add(symbolData: $0) }
    }

    /// Adds the frames of one regular file.
    private mutating func add(fileAt path: String) throws(ScanError) -> [ScanEvent] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > Self.maximumFileBytes {
            throw .unreadableFile(path: path, reason: "it is larger than \(Self.maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "it cannot be opened")
        }
        let bytes = [UInt8](data)
        if QRImage.isImage(bytes) {
            do {
                return try add(imageFile: bytes)
            } catch {
                throw .image(path: path, error)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableFile(path: path, reason: "it is neither an image (PNG, PGM, PPM) nor UTF-8 text")
        }
        return add(lines: text)
    }
}
