import Foundation

/// Plants legacy DashSync keychains for tests: `<root>/org.dashfoundation.dash/<account>` files written by test code
/// (its own account-name encoding and property-list writer), never by the code under test.
public final class LegacyKeychainFixture {
    public static let service = "org.dashfoundation.dash"
    public static let mainnet = "b67a40f"
    public static let testnet = "2cbcf83"
    public static let devnet = "6b3aab2"

    /// The keychain root.
    public let root: String
    private let holder: TemporaryDirectory?

    /// A fixture in a fresh temporary directory.
    public init() throws {
        let directory = try TemporaryDirectory()
        holder = directory
        root = directory.path("keychain")
        try FileManager.default.createDirectory(atPath: serviceDirectory, withIntermediateDirectories: true)
    }

    /// The service directory.
    public var serviceDirectory: String { root + "/" + Self.service }

    /// Real BIP39 phrases from the vectors (`bip39/trezor.vectors.json`), or nil when vectors are skipped.
    public static func phrases() throws -> [String]? {
        guard let object = try Vectors.json("bip39/trezor.vectors.json") as? [String: Any],
            let english = object["english"] as? [[String]]
        else { return nil }
        return english.map { $0[1] }
    }

    /// Writes `WALLET_MNEMONIC_KEY_<id>`.
    public func plantMnemonic(_ walletID: String, phrase: String) throws {
        try plant("WALLET_MNEMONIC_KEY_" + walletID, Array(phrase.utf8))
    }

    /// Writes `CHAIN_WALLETS_KEY_<chain>` as an NSKeyedArchiver array of `walletIDs`.
    public func plantList(_ chain: String, _ walletIDs: [String]) throws {
        try plant("CHAIN_WALLETS_KEY_" + chain, TestPropertyList.keyedArchive(strings: walletIDs).binary())
    }

    /// Makes `CHAIN_WALLETS_KEY_<chain>` a dangling symbolic link (an item whose read fails).
    public func plantDanglingList(_ chain: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: path("CHAIN_WALLETS_KEY_" + chain), withDestinationPath: root + "/missing-item")
    }

    /// Writes an item with raw bytes.
    public func plant(_ account: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(account)))
    }

    /// Removes an item.
    public func remove(_ account: String) throws { try FileManager.default.removeItem(atPath: path(account)) }

    /// Whether an item exists (a dangling link counts).
    public func exists(_ account: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path(account))) != nil
    }

    /// Every file of the tree with its kind, mode and contents (or link target), for before/after comparisons.
    public func snapshot() throws -> [String] {
        var lines: [String] = []
        let manager = FileManager.default
        for relative in (manager.subpaths(atPath: root) ?? []).sorted() {
            let full = root + "/" + relative
            let attributes = try manager.attributesOfItem(atPath: full)
            let type = attributes[.type] as? FileAttributeType
            let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
            switch type {
            case .typeSymbolicLink:
                lines.append("\(relative) link \(try manager.destinationOfSymbolicLink(atPath: full))")
            case .typeDirectory:
                lines.append("\(relative) dir \(mode)")
            default:
                let data = (try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data()
                lines.append("\(relative) file \(mode) \(data.map { String(format: "%02x", $0) }.joined())")
            }
        }
        return lines
    }

    /// The file path of an account (percent-encoding `/`, `%` and bytes outside printable ASCII).
    public func path(_ account: String) -> String {
        var name = ""
        for byte in account.utf8 {
            if byte < 0x20 || byte > 0x7e || byte == 0x2f || byte == 0x25 {
                name += String(format: "%%%02X", byte)
            } else {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return serviceDirectory + "/" + name
    }
}
