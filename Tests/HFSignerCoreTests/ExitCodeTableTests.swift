import HFBundles
import HFCommandLine
import HFSPV
import HFSignerCore
import HFHome
import HFPrimitives
import HFStore
import HFSystem
import HFWallet
import Testing

/// The one table from a signer failure to its exit code and stable `--json` code (docs/design.md §8, issue 13).
@Suite struct ExitCodeTableTests {
    @Test func eachCauseMapsToItsCode() {
        let table: [(SignerError, Int32, String)] = [
            (.home(.noLocation), 64, "noHomeLocation"),
            (.home(.tooOpen(path: "/h", permissions: 0o755)), 77, "homeNotPrivate"),
            (.notInitialized(path: "/h"), 66, "notInitialized"),
            (.database(.failed(code: 10, message: "disk I/O error", sql: "")), 74, "database"),
            (.headerStorage(reason: "short read"), 74, "headerStorageFailed"),
            (.headerStore(.busy(path: "/h/headers-main.dat")), 75, "headerStoreBusy"),
            (.homeLock(.busy(path: "/h/lock")), 75, "homeInUse"),
            (.header(.doesNotLink(height: 887_011)), 65, "doesNotLink"),
            (.header(.notAnchored(startHeight: 887_100, validatedTipHeight: 887_010)), 65, "notAnchored"),
            (.inclusion(.blockHeaderNotFound, subject: "receipt ab"), 65, "blockHeaderNotFound"),
            (.inclusion(.notOurs, subject: "receipt ab"), 65, "notOurs"),
            (.rejected(reason: "no"), 65, "rejected"),
            (.bundle(.missingField(path: "network")), 65, "missingField"),
            (.bundle(.wrongNetwork(expected: .regtest, found: .main)), 65, "wrongNetwork"),
            (.payment(.noOutputs), 65, "noOutputs"),
            (.payment(.selection(.insufficientFunds(spendable: 1, needed: 2, payment: 2, fee: 0, protected: 0))), 65,
             "insufficientFunds"),
            (.move(.nothingToMove(protectedCount: 1, protectedSatoshis: 1)), 65, "nothingToMove"),
            (.move(.tooLarge(estimatedSize: 100_001, limit: 100_000)), 65, "exceedsSizeLimit"),
            (.move(.belowDust(total: 546, fee: 1, dustLimit: 546)), 65, "belowDust"),
            (.vault(.wrongPassphrase), 77, "wrongPassphrase"),
            (.vault(.notCreated), 66, "vaultNotCreated"),
            (.cannotCreate(reason: "taken"), 73, "cannotCreate"),
            (.migrationDeferred(reason: "later"), 75, "migrationDeferred"),
            (.notAuthorized(reason: "no"), 77, "notAuthorized"),
            (.database(.unknownValue(table: "wallets", row: "ab", value: "x")), 74, "corruptRecord"),
            (.input(reason: "too open", code: "secretFileTooOpen", status: .noPermission), 77, "secretFileTooOpen"),
        ]
        for (error, exit, code) in table {
            #expect(error.exitStatus.rawValue == exit, "\(error)")
            #expect(error.code == code, "\(error)")
            let line = Self.commandError(error)
            #expect(line.code == code && line.exitCode.rawValue == exit && line.message == error.description)
        }
    }

    /// The command-line error hf-signer makes of a failure: the core's status, description and code.
    static func commandError(_ error: SignerError) -> CommandError {
        CommandError(ExitCode(error.exitStatus), error.description, code: error.code)
    }

    /// An I/O failure of the header store is an I/O error (74), never a rejected bundle (65).
    @Test func aHeaderStoreIOFailureExits74() {
        let error = SignerError(HeaderChainError.storageFailed(reason: "pwrite: EIO"))
        #expect(error == .headerStorage(reason: "pwrite: EIO"))
        #expect(error.exitStatus == .ioError)
        let rejected = SignerError(HeaderChainError.rejected(.staleBranch(forkHeight: 5)))
        #expect(rejected.exitStatus == .dataError && rejected.code == "staleBranch")
    }

    @Test func theJSONErrorObjectHasTheStableShape() throws {
        let error = Self.commandError(.inclusion(.blockHeaderNotFound, subject: "receipt 00ff"))
        let text = try CanonicalJSON.string(error.jsonObject.result)
        #expect(text.hasPrefix("{\"error\":{\"code\":\"blockHeaderNotFound\",\"exit\":65,\"message\":\"receipt 00ff: "))
    }
}
