import Foundation
import HFPrimitives
import Testing

@Suite struct NetworkTests {
    @Test func versionBytes() {
        #expect(Network.main.p2pkhVersion == 0x00)
        #expect(Network.test.p2pkhVersion == 0x6f)
        #expect(Network.regtest.p2pkhVersion == 0x6f)
        #expect(Network.main.wifVersion == 0x80)
        #expect(Network.test.wifVersion == 0xef)
        #expect(Network.regtest.wifVersion == 0xef)
    }

    @Test func namesAndCodable() throws {
        #expect(Network.allCases.map(\.rawValue) == ["main", "test", "regtest"])
        let data = try JSONEncoder().encode(Network.allCases)
        #expect(String(decoding: data, as: UTF8.self) == #"["main","test","regtest"]"#)
        #expect(try JSONDecoder().decode([Network].self, from: data) == Network.allCases)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Network].self, from: Data(#"["mainnet"]"#.utf8))
        }
    }
}
