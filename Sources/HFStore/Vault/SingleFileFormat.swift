import HFCrypto
import HFPrimitives

/// The single-file vault's format, version 1:
///
/// `"HFKV1\n"` ‖ count (u32 LE) ‖ count × (varstr id ‖ varbytes item) ‖ SHA-256 of everything before it.
///
/// Decoding is strict: the magic, ids strictly ascending (so unique) and each valid under ``VaultID``, items of 1 to
/// ``maximumItem`` bytes, the checksum, and nothing after it. Any failure names the problem; no partial result.
enum SingleFileFormat {
    static let magic = Array("HFKV1\n".utf8)
    /// The largest item, in bytes.
    static let maximumItem = 1 << 16
    /// The largest number of items.
    static let maximumCount = 10_000

    /// The encoded file (secret: the caller zeroizes it).
    static func encode(_ entries: [(id: String, data: SecureBytes)]) -> [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(magic)
        writer.appendUInt32LE(UInt32(entries.count))
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            writer.appendBytes(CompactSize.encode(UInt64(entry.id.utf8.count)))
            writer.appendBytes(Array(entry.id.utf8))
            writer.appendBytes(CompactSize.encode(UInt64(entry.data.count)))
            entry.data.withUnsafeBytes { writer.appendBytes($0) }
        }
        var bytes = writer.bytes
        bytes += Hash.sha256(bytes)
        return bytes
    }

    /// The entries of `file`, sorted by id.
    ///
    /// - Throws: a sentence saying what is wrong.
    static func decode(_ file: [UInt8]) throws(SingleFileFormatError) -> [(id: String, data: SecureBytes)] {
        guard file.count >= magic.count + 4 + 32 else { throw SingleFileFormatError("the file is truncated") }
        guard Array(file.prefix(magic.count)) == magic else { throw SingleFileFormatError("it is not a vault file") }
        let body = Array(file.dropLast(32))
        guard constantTimeEqual(Hash.sha256(body), Array(file.suffix(32))) else {
            throw SingleFileFormatError("the checksum does not match")
        }
        var reader = ByteReader(body)
        var entries: [(id: String, data: SecureBytes)] = []
        do {
            _ = try reader.readBytes(magic.count)
            let count = Int(try reader.readUInt32LE())
            guard count <= maximumCount else { throw SingleFileFormatError("it claims \(count) items") }
            for index in 0..<count {
                let idBytes = try reader.readVarBytes(maxLength: VaultID.maximumLength)
                guard let id = String(validating: idBytes, as: UTF8.self), VaultID.isValid(id) else {
                    throw SingleFileFormatError("item \(index) has an invalid id")
                }
                if let previous = entries.last?.id, previous >= id {
                    throw SingleFileFormatError("item \(index) is out of order or repeated")
                }
                var data = try reader.readVarBytes(maxLength: maximumItem)
                guard !data.isEmpty else { throw SingleFileFormatError("item \(index) is empty") }
                entries.append((id, SecureBytes(consuming: &data)))
            }
        } catch let error as SingleFileFormatError {
            throw error
        } catch {
            throw SingleFileFormatError("the file is truncated or malformed")
        }
        guard reader.isAtEnd else { throw SingleFileFormatError("there are bytes after the last item") }
        return entries
    }
}

/// Why a single vault file does not decode.
struct SingleFileFormatError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
