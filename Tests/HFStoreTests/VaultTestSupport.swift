import HFCrypto
import HFStore

/// Helpers shared by the vault-kind tests.
enum VaultTesting {
    static func secret(_ text: String) -> SecureBytes { SecureBytes(Array(text.utf8)) }

    /// The round trip every vault kind must pass: write, read, replace, list, delete, delete again, missing ids.
    static func roundTrip(_ vault: any KeyshareVault) throws -> [String] {
        var failures: [String] = []
        func check(_ condition: Bool, _ what: String) { if !condition { failures.append(what) } }
        try vault.write(id: "wallet-abc", data: secret("seed words"))
        try vault.write(id: "treasury-main-p2", data: SecureBytes([0, 1, 2, 255]))
        check(try vault.read(id: "wallet-abc").bytes == Array("seed words".utf8), "read back")
        check(try vault.read(id: "treasury-main-p2").bytes == [0, 1, 2, 255], "binary read back")
        check(try vault.ids() == ["treasury-main-p2", "wallet-abc"], "sorted ids")
        try vault.write(id: "wallet-abc", data: secret("replaced"))
        check(try vault.read(id: "wallet-abc").bytes == Array("replaced".utf8), "replaced")
        try vault.delete(id: "wallet-abc")
        do {
            _ = try vault.read(id: "wallet-abc")
            failures.append("read after delete")
        } catch { check(error == .missing(id: "wallet-abc"), "missing after delete: \(error)") }
        try vault.delete(id: "wallet-abc")  // deleting a missing id is not an error
        check(try vault.ids() == ["treasury-main-p2"], "ids after delete")
        for bad in ["", "Wallet", "../escape", ".hidden", "a/b"] {
            do {
                try vault.write(id: bad, data: secret("x"))
                failures.append("wrote '\(bad)'")
            } catch { check(error == .invalidID(bad), "'\(bad)': \(error)") }
        }
        do {
            try vault.write(id: String(repeating: "ab", count: 32), data: secret("x"))
            failures.append("wrote a hex id")
        } catch { check(error == .secretLikeID, "hex id: \(error)") }
        return failures
    }
}
