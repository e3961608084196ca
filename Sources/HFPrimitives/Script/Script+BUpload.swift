// The B:// file upload (Bitcom protocol 19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut): a data output carrying one file.

extension Script {
    /// The B:// protocol prefix, the ASCII bytes of the Bitcom address `19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut`.
    public static let bProtocolPrefix: [UInt8] = Array("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut".utf8)

    /// The B:// encoding of a file uploaded as raw bytes: `binary`.
    public static let bBinaryEncoding = "binary"

    /// A B:// upload: `OP_FALSE OP_RETURN 19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut <data> <media type> <encoding>
    /// <filename>`, each element pushed with the shortest push opcode (`Script(dataOutput:)`).
    ///
    /// - Parameters:
    ///   - data: the file's bytes (at least one).
    ///   - mediaType: the media type (`image/png`), pushed as its UTF-8 bytes.
    ///   - encoding: how `data` is encoded: `binary` for raw bytes (the default), or a text encoding (`utf-8`).
    ///   - filename: the file's name (no directory), pushed as its UTF-8 bytes.
    public init(bUpload data: [UInt8], mediaType: String, encoding: String = bBinaryEncoding, filename: String) {
        self.init(dataOutput: [
            Self.bProtocolPrefix, data, Array(mediaType.utf8), Array(encoding.utf8), Array(filename.utf8),
        ])
    }
}
