internal import CQREncode
import HFSystem

/// The only caller of libqrencode.
enum QREncode {
    /// The mode of the one segment a symbol holds.
    enum Mode {
        /// Digits `0-9`, 10 bits a group of three (SeedQR's Standard kind).
        case numeric
        /// The QR alphanumeric set, 11 bits a pair (BBQr text).
        case alphanumeric
        /// Any bytes, 8 bits each.
        case byte

        /// libqrencode's constant for the mode.
        fileprivate var qrencodeMode: QRencodeMode {
            switch self {
            case .numeric: QR_MODE_NUM
            case .alphanumeric: QR_MODE_AN
            case .byte: QR_MODE_8
            }
        }
    }

    /// Encodes `data` as one segment of `mode` at exactly `version`.
    ///
    /// The capacity check happens before this call, so a symbol of another version means the capacity table and the
    /// library disagree, which is a bug.
    /// - Throws: `QRError.encoderFailed` with errno when libqrencode refuses.
    static func symbol(_ data: [UInt8], mode: Mode, level: QRErrorCorrection, version: Int)
        throws(QRError) -> QRSymbol
    {
        guard let input = QRinput_new2(Int32(version), level.qrencodeLevel) else {
            throw .encoderFailed(errno: Errno.last)
        }
        defer { QRinput_free(input) }
        let appended = data.withUnsafeBufferPointer {
            QRinput_append(input, mode.qrencodeMode, Int32($0.count), $0.baseAddress)
        }
        guard appended == 0 else { throw .encoderFailed(errno: Errno.last) }
        guard let code = QRcode_encodeInput(input) else { throw .encoderFailed(errno: Errno.last) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        precondition(
            Int(code.pointee.version) == version && width == QRCapacity.modules(version: version),
            "libqrencode chose version \(code.pointee.version) for data that fits version \(version)")
        let cells = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        return QRSymbol(version: version, errorCorrection: level, modules: cells.map { $0 & 1 == 1 })
    }
}

extension QRErrorCorrection {
    /// libqrencode's constant for the level.
    fileprivate var qrencodeLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
