import CPNG
import CQREncode
import CSQLite
import CZBar
import CZlib
import Testing

/// Proves that each system library's module map compiles and links by calling one trivial function of each.
@Suite struct SystemLibraryTests {
    @Test func modulesCompileAndLink() throws {
        let qrVersion = String(cString: try #require(QRcode_APIVersionString()))
        #expect(qrVersion.first?.isNumber == true)

        var major: UInt32 = 0
        var minor: UInt32 = 0
        #expect(zbar_version(&major, &minor, nil) == 0)
        #expect(major > 0 || minor > 0)

        #expect(png_access_version_number() >= 10600)

        #expect(sqlite3_libversion_number() >= 3_000_000)

        let zlib = String(cString: try #require(zlibVersion()))
        #expect(zlib.first == "1")
    }
}
