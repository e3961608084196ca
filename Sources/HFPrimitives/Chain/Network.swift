/// A Bitcoin SV network, which fixes the version bytes of addresses and WIF keys.
///
/// The raw value (`"main"`, `"test"`, `"regtest"`) is the network name used in wallet IDs, file formats and JSON.
/// `test` and `regtest` share their version bytes, so an address or WIF string alone cannot tell them apart.
public enum Network: String, CaseIterable, Sendable, Codable {
    /// BSV mainnet.
    case main
    /// BSV testnet.
    case test
    /// A local regression-test chain.
    case regtest

    /// The version byte of P2PKH addresses: 0x00 on main, 0x6f on test and regtest.
    public var p2pkhVersion: UInt8 {
        switch self {
        case .main: 0x00
        case .test, .regtest: 0x6f
        }
    }

    /// The version byte of WIF private keys: 0x80 on main, 0xef on test and regtest.
    public var wifVersion: UInt8 {
        switch self {
        case .main: 0x80
        case .test, .regtest: 0xef
        }
    }
}
