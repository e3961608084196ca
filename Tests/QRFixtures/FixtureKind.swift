public import HFQR

/// The bundle kinds the `qr` commands carry, one fixture of each (`BundleFixtures`).
public enum FixtureKind: String, CaseIterable, Sendable {
    case headers, receipt, addressPack, transaction, backup

    /// The bundle's bytes, or nil when its chain vectors are absent (and not required).
    public func bytes() throws -> [UInt8]? {
        switch self {
        case .headers: try BundleFixtures.headers()
        case .receipt: try BundleFixtures.receipt()
        case .addressPack: try BundleFixtures.addressPack()
        case .transaction: try BundleFixtures.transaction()
        case .backup: try BundleFixtures.backup()
        }
    }

    /// The usual file name.
    public var fileName: String {
        switch self {
        case .headers: "run.hfheaders"
        case .receipt: "payment.hfreceipt"
        case .addressPack: "addresses.hfaddrpack"
        case .transaction: "spend.hftx"
        case .backup: "wallet.bep"
        }
    }

    /// The BBQr file type the bundle travels as: `B` for the binary `.bep`, `J` for the JSON bundles.
    public var fileType: BBQrFileType { self == .backup ? .binary : .json }
}
