import HFCrypto
import HFMigration
import HFStore

/// Records every call through the host boundary, then forwards to the real host.
final class RecordingHost: WalletHost {
    let inner: any WalletHost
    var requests: [WalletCreationRequest] = []

    init(_ inner: any WalletHost) { self.inner = inner }

    func createOrImportWallet(_ request: WalletCreationRequest) throws(WalletHostError) -> WalletCreation {
        requests.append(request)
        return try inner.createOrImportWallet(request)
    }
}

/// Wraps the real vault to inject faults it cannot produce on demand: a read-back that differs from what was
/// written, a refused write, a refused delete.
final class FaultyVault: KeyshareVault {
    enum Fault { case none, corruptReads, refuseWrites, refuseDeletes }

    let inner: any KeyshareVault
    var fault: Fault

    init(_ inner: any KeyshareVault, fault: Fault) {
        self.inner = inner
        self.fault = fault
    }

    func write(id: String, data: SecureBytes) throws(VaultError) {
        if fault == .refuseWrites { throw .database(.failed(code: 13, message: "injected: disk full", sql: "")) }
        try inner.write(id: id, data: data)
    }

    func read(id: String) throws(VaultError) -> SecureBytes {
        let value = try inner.read(id: id)
        guard fault == .corruptReads else { return value }
        var bytes = value.bytes
        bytes[bytes.count - 1] ^= 1
        return SecureBytes(bytes)
    }

    func delete(id: String) throws(VaultError) {
        if fault == .refuseDeletes { throw .database(.failed(code: 8, message: "injected: read-only", sql: "")) }
        try inner.delete(id: id)
    }

    func ids() throws(VaultError) -> [String] { try inner.ids() }
}
