import HFPrimitives
import HFStore
import HFSystem
import HFTestSupport
import HFWatcherCore
import Testing

/// The watcher's core in-process: its exit table, and its configuration use cases (a refused value stores nothing).
@Suite struct WatcherCoreTests {
    @Test func eachCauseMapsToItsCode() {
        let table: [(WatcherError, Int32, String)] = [
            (.home(.noLocation), 64, "noHomeLocation"),
            (.homeLock(.busy(path: "/h/lock")), 75, "homeInUse"),
            (.notInitialized(path: "/h"), 66, "notInitialized"),
            (.database(.failed(code: 10, message: "disk I/O error", sql: "")), 74, "database"),
            (.headerStore(.busy(path: "/h/headers-main.dat")), 75, "headerStoreBusy"),
            (.headerStorage(reason: "pwrite: EFBIG"), 74, "headerStorageFailed"),
            (.rejected(reason: "untrusted identity"), 65, "rejected"),
            (.service(reason: "ARC down"), 75, "serviceUnavailable"),
            (.configuration(reason: "unknown key"), 64, "configuration"),
            (.cannotCreate(reason: "taken"), 73, "cannotCreate"),
        ]
        for (error, exit, code) in table {
            #expect(error.exitStatus == ExitStatus(rawValue: exit) && error.code == code, "\(error)")
        }
    }

    @Test func configurationRoundTripsAndARefusedValueStoresNothing() throws {
        let dir = try TemporaryDirectory()
        let home = try WatcherHome.create(explicit: dir.path("home"))
        #expect(home.path == dir.path("home"))
        try home.setConfig("poll.seconds", "7")
        #expect(try home.config(network: .regtest).pollSeconds == 7)
        let before = try home.config(network: .regtest).values
        #expect(throws: WatcherError.self) { try home.setConfig("no.such.key", "1") }
        #expect(throws: WatcherError.self) { try home.setConfig("woc.url", "ftp://example.com") }
        #expect(try home.config(network: .regtest).values == before, "a refused setting stores nothing")
        try home.setConfig("devnet", "http://127.0.0.1:18333")
        #expect(try home.config(network: .regtest).values["arc.url"]?.hasPrefix("http://127.0.0.1:18333") == true)
    }
}
