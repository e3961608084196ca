import Foundation
import HFPrimitives
import HFTestSupport
import QRFixtures
import Testing

/// `address next --qr`, `address show [INDEX] --qr` and `--amount`: the drawing, rasterised back to pixels and
/// decoded by zbar, is exactly the address or the BIP 21 URI; the index moves only with `next`.
@Suite struct AddressQRTests {
    /// The drawing lines of stdout (those with the renderer's colour escape) and the other lines.
    static func split(_ stdout: String) -> (drawing: [String], lines: [String]) {
        let all = stdout.split(separator: "\n").map(String.init)
        return (all.filter { $0.hasPrefix(TerminalDrawing.start) }, all.filter { !$0.hasPrefix(TerminalDrawing.start) })
    }

    /// The receive address at `index` (`address list --json`).
    static func address(_ s: ScanFixtures, _ index: Int) throws -> String {
        try ReceiptImportTests.sampleAddress(s.f, index: index).string
    }

    /// The line `address list` prints for receive index `index`.
    static func line(_ s: ScanFixtures, _ index: Int) throws -> String {
        let list = try s.f.run(["address", "list", "--start", String(index), "--count", "1"], network: "regtest")
        return list.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func addressNextDrawsTheAddressItHandsOutAndRotates() throws {
        let s = try ScanFixtures()
        let result = try s.f.run(["address", "next", "--qr"], network: "regtest")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let (drawing, lines) = Self.split(result.stdout)
        let address0 = try Self.address(s, 0)
        #expect(lines == [try Self.line(s, 0)], "the usual line after the drawing, stdout not a terminal")
        #expect(try TerminalDrawing.decode(drawing, writingPNGTo: s.f.dir.path("next.png")) == [address0])
        // The index moved: the next one is address 1.
        let again = try s.f.run(["address", "next"], network: "regtest")
        #expect(again.stdout == (try Self.line(s, 1)) + "\n")
    }

    @Test func anAmountMakesABIP21URIInDecimalBSVThatScanReadsBack() throws {
        let s = try ScanFixtures()
        let result = try s.f.run(["address", "next", "--qr", "--amount", "60000"], network: "regtest")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let (drawing, lines) = Self.split(result.stdout)
        let address0 = try Self.address(s, 0)
        let uri = "bitcoin:\(address0)?amount=0.0006"
        #expect(lines == [try Self.line(s, 0), uri])
        let png = s.f.dir.path("uri.png")
        #expect(try TerminalDrawing.decode(drawing, writingPNGTo: png) == [uri])
        // The signer's own scanner reads the rasterised screen back to the same address and amount.
        let scanned = try s.scan([png])
        #expect(scanned.exitCode == 0, "\(scanned.stderr)")
        #expect(scanned.stdout.hasPrefix("scanned address \(address0), amount 0.0006 BSV (60,000 sat)\n"))
    }

    @Test func addressShowDrawsTheFreshOrTheIndexedAddressWithoutRotating() throws {
        let s = try ScanFixtures()
        let before = try s.f.homeDigest()
        let fresh = try s.f.run(["address", "show", "--qr"], network: "regtest")
        #expect(fresh.exitCode == 0, "\(fresh.stderr)")
        let address0 = try Self.address(s, 0)
        #expect(Self.split(fresh.stdout).lines == [try Self.line(s, 0)])
        #expect(try TerminalDrawing.decode(Self.split(fresh.stdout).drawing, writingPNGTo: s.f.dir.path("a.png"))
            == [address0])
        let indexed = try s.f.run(["address", "show", "7", "--qr", "--amount", "123456789"], network: "regtest")
        #expect(indexed.exitCode == 0, "\(indexed.stderr)")
        let address7 = try Self.address(s, 7)
        #expect(try TerminalDrawing.decode(Self.split(indexed.stdout).drawing, writingPNGTo: s.f.dir.path("b.png"))
            == ["bitcoin:\(address7)?amount=1.23456789"])
        #expect(try s.f.homeDigest() == before, "show moves no index")
        #expect(try s.f.run(["address", "next"], network: "regtest").stdout == (try Self.line(s, 0)) + "\n")
    }

    @Test func jsonCarriesNoDrawingAndTheURIAsAnExtraField() throws {
        let s = try ScanFixtures()
        let plain = try s.f.run(["address", "show", "--qr", "--json"], network: "regtest")
        #expect(plain.exitCode == 0 && !plain.stdout.contains("\u{1B}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["address", "index", "publicKey", "reference", "scheme"])
        let asked = try s.f.run(["address", "next", "--qr", "--amount", "1", "--json"], network: "regtest")
        let withURI = try #require(try JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any])
        let address0 = try Self.address(s, 0)
        #expect(withURI["uri"] as? String == "bitcoin:\(address0)?amount=0.00000001")
        #expect((withURI["amount"] as? NSNumber)?.intValue == 1 && !(withURI["amount"] is String))
        #expect(withURI["address"] as? String == address0 && withURI["index"] as? Int == 0)
    }

    @Test(arguments: [["next", "--amount", "0"], ["next", "--amount", "0.5"], ["next", "--amount", "abc"],
                      ["next", "--amount", "2100000000000001"], ["show", "2147483648"], ["show", "-1"],
                      ["show", "1", "2"]])
    func badArgumentsExit64AndMoveNothing(arguments: [String]) throws {
        let s = try ScanFixtures()
        let before = try s.f.homeDigest()
        let result = try s.f.run(["address"] + arguments + ["--qr"], network: "regtest")
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stdout.isEmpty)
        #expect(try s.f.homeDigest() == before)
    }
}
