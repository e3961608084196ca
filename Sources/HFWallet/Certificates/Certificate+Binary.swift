import HFCrypto
import HFPrimitives

/// The BRC-52 binary form (the reference `Certificate.toBinary` / `fromBinary`):
///
/// ```
/// type(32) ‖ serialNumber(32) ‖ subject(33) ‖ certifier(33) ‖ revocationTxid(32, as written) ‖ VarInt vout
/// ‖ VarInt fieldCount ‖ per field, sorted by name: VarInt len ‖ name ‖ VarInt len ‖ value (base64 text, UTF-8)
/// ‖ DER signature (only when signed; runs to the end)
/// ```
extension Certificate {
    /// The binary form; what the certifier signs is `SHA-256(binary(includeSignature: false))`.
    public func binary(includeSignature: Bool = true) -> [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(type)
        writer.appendBytes(serialNumber)
        writer.appendBytes(subject.compressed)
        writer.appendBytes(certifier.compressed)
        writer.appendBytes(revocationOutpoint.txidBytes)
        writer.appendCompactSize(UInt64(revocationOutpoint.vout))
        writer.appendCompactSize(UInt64(fields.count))
        for name in sortedFieldNames {
            let nameBytes = Array(name.utf8)
            let valueBytes = Array((fields[name] ?? "").utf8)
            writer.appendCompactSize(UInt64(nameBytes.count))
            writer.appendBytes(nameBytes)
            writer.appendCompactSize(UInt64(valueBytes.count))
            writer.appendBytes(valueBytes)
        }
        if includeSignature, let signature { writer.appendBytes(signature.derRepresentation) }
        return writer.bytes
    }

    /// Parses the binary form strictly: minimal VarInts, bounded counts and lengths, field names of `a-z0-9` in
    /// strictly ascending order, and either nothing or exactly one strict DER signature after the fields.
    ///
    /// - Throws: `CertificateError`.
    public init(binary bytes: [UInt8]) throws(CertificateError) {
        guard bytes.count <= Self.maximumBinaryLength else { throw .tooLarge(length: bytes.count) }
        var reader = ByteReader(bytes)
        do {
            let type = try reader.readBytes(32)
            let serialNumber = try reader.readBytes(32)
            let subject = try Self.compressedKey(try reader.readBytes(33), field: "subject")
            let certifier = try Self.compressedKey(try reader.readBytes(33), field: "certifier")
            let txid = try reader.readBytes(32)
            let vout = UInt32(try reader.readCompactSize(max: UInt64(UInt32.max)))
            let count = try reader.readCount(max: Self.maximumFieldCount)
            var fields: [String: String] = [:]
            var previous: [UInt8]? = nil
            for _ in 0..<count {
                let nameBytes = try reader.readVarBytes(maxLength: Self.maximumFieldNameLength)
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard CertificateFieldName.isValid(name) else { throw CertificateError.invalidFieldName }
                if let previous, !previous.lexicographicallyPrecedes(nameBytes) { throw CertificateError.unsortedFields }
                previous = nameBytes
                let valueBytes = try reader.readVarBytes(maxLength: Self.maximumFieldValueLength)
                guard let value = String(validating: valueBytes, as: UTF8.self) else {
                    throw CertificateError.invalidFieldValue(name: name)
                }
                fields[name] = value
            }
            let rest = reader.readToEnd()
            var signature: ECDSASignature? = nil
            if !rest.isEmpty {
                guard let parsed = try? ECDSASignature(derRepresentation: rest) else {
                    throw CertificateError.invalidSignatureEncoding
                }
                signature = parsed
            }
            try self.init(
                type: type, serialNumber: serialNumber, subject: subject, certifier: certifier,
                revocationOutpoint: try RevocationOutpoint(txidBytes: txid, vout: vout), fields: fields,
                signature: signature)
        } catch let error as CertificateError {
            throw error
        } catch let error as ByteReaderError {
            throw .malformedBinary(Self.describe(error))
        } catch {
            throw .malformedBinary("unreadable")
        }
    }

    /// A compressed SEC1 key (02/03 only: the binary form has room for 33 bytes).
    static func compressedKey(_ bytes: [UInt8], field: String) throws(CertificateError) -> PublicKey {
        guard bytes.count == 33, let key = try? PublicKey(serialized: bytes) else {
            throw .invalidPublicKey(field: field)
        }
        return key
    }

    /// A short description of a reader error, without any of the data.
    private static func describe(_ error: ByteReaderError) -> String {
        switch error {
        case .truncated: "it ends early"
        case .nonCanonicalCompactSize: "a VarInt is not in its shortest form"
        case .valueTooLarge: "a count or length is out of bounds"
        case .trailingBytes(let count): "\(count) bytes follow the certificate"
        }
    }
}
