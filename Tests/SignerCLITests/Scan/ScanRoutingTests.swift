import Foundation
import HFBundles
import HFPrimitives
import HFProtocols
import HFTestSupport
import HFWallet
import Testing

/// `hf-signer scan` routes by content: bundles to import, hfauth: to auth approve, addresses to send.
@Suite struct ScanRoutingTests {
    @Test func aBBQrAnimationOfHeadersAndAPlainQRReceiptAreImported() throws {
        let s = try ScanFixtures()
        let frames = try s.animation("headers", s.headers(), extra: ["--qr-version", "5"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).count > 1, "a real animation")
        let headers = try s.scan([frames, "--json"])
        #expect(headers.exitCode == 0, "stderr: \(headers.stderr)")
        #expect(headers.stdout.contains("\"kind\":\"hfheaders\""))
        #expect(headers.stdout.contains("\"validatedTipHeight\":1"))

        let receipt = try s.plainImage("receipt.png", String(decoding: s.receipt(), as: UTF8.self))
        let imported = try s.scan([receipt])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("scanned hfreceipt"))
        #expect(imported.stdout.contains(": 0.0006 BSV (60,000 sat) received"))
        #expect(try s.confirmed() == 60_000)
    }

    @Test func pastedFramesAreImportedLikeImages() throws {
        let s = try ScanFixtures()
        let headers = try s.scan(["--text", "--json"], stdin: String(decoding: s.headers(), as: UTF8.self))
        #expect(headers.exitCode == 0, "stderr: \(headers.stderr)")
        #expect(headers.stdout.contains("\"kind\":\"hfheaders\""))
    }

    @Test func aBundleTheSignerDoesNotImportIsRefused() throws {
        let s = try ScanFixtures()
        try s.fund()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = s.f.dir.path("tx.hftx")
        #expect(try s.f.run(["send", "--yes", "--to", stranger.string, "--amount", "1000", "--out", out], network: "regtest").exitCode == 0)
        let refused = try s.scan([s.animation("tx", [UInt8](Data(contentsOf: URL(fileURLWithPath: out))))])
        #expect(refused.exitCode == 65, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("does not import hftx"))
    }

    @Test func anAuthRequestImageIsApproved() throws {
        let s = try ScanFixtures()
        let image = try s.plainImage("auth.png", ScanFixtures.authPayload)
        let missingOut = try s.scan([image])
        #expect(missingOut.exitCode == 64)
        #expect(missingOut.stderr.contains("--out"))
        let approved = try s.scan([image, "--yes", "--out", s.f.dir.path("a.hfauth"), "--json"])
        #expect(approved.exitCode == 0, "stderr: \(approved.stderr)")
        #expect(approved.stdout.contains("\"domain\":\"example.com\""))
        let bundle = try AuthResponseBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: s.f.dir.path("a.hfauth")))), expectedNetwork: .regtest)
        try bundle.verify()
        #expect(bundle.request.domain == "example.com")
    }

    @Test func aBadAuthRequestIsRefusedLikeAuthApprove() throws {
        let s = try ScanFixtures()
        let bad = ScanFixtures.authPayload.replacingOccurrences(of: "https://example.com", with: "https://evil.example")
        let refused = try s.scan(["--text", "--out", s.f.dir.path("a.hfauth")], stdin: bad + "\n")
        #expect(refused.exitCode == 65, "stderr: \(refused.stderr)")
        #expect(!s.exists("a.hfauth"))
    }

    @Test func anAddressWithoutAmountPrintsTheSendCommand() throws {
        let s = try ScanFixtures()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let shown = try s.scan([s.plainImage("addr.png", stranger.string), "--json"])
        #expect(shown.exitCode == 0, "stderr: \(shown.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["kind"] as? String == "address")
        #expect(object?["address"] as? String == stranger.string)
        #expect(object?["send"] as? String
            == "hf-signer --network regtest send --to \(stranger.string) --amount SATOSHIS --out FILE.hftx")
        let pending = try s.f.run(["pending", "list", "--json"], network: "regtest")
        #expect(pending.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing signed")
    }

    @Test func anAddressWithAmountAndOutIsSentLikeSendTo() throws {
        let s = try ScanFixtures()
        try s.fund()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = s.f.dir.path("pay.hftx")
        let sent = try s.scan([s.plainImage("addr.png", stranger.string), "--amount", "25000", "--yes", "--out", out, "--json"])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        #expect(sent.stdout.contains("\"pendingId\""))
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        #expect(transaction.outputs[0].satoshis == 25_000)
        #expect(transaction.outputs[0].lockingScript.p2pkhAddress(network: .regtest) == stranger)
    }

    /// `scan --json` prints the routed command's JSON: every number a JSON number (issue 15).
    @Test func theScannedReportsKeepTheirJSONTypes() throws {
        let s = try ScanFixtures()
        let frames = try s.animation("headers", s.headers(), extra: ["--qr-version", "5"])
        let headers = JSONTypes.object(try s.scan([frames, "--json"]).stdout)
        #expect(JSONTypes.mismatches(headers, ["kind": .string, "validatedTipHeight": .number]).isEmpty, "\(headers)")
        try s.fund()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let uri = "bitcoin:\(stranger.string)?amount=0.0003"
        let shown = JSONTypes.object(try s.scan(["--text", "--json"], stdin: uri + "\n").stdout)
        #expect(JSONTypes.mismatches(
            shown, ["kind": .string, "address": .string, "amount": .number, "send": .string]).isEmpty, "\(shown)")
        #expect(shown["amount"] as? Int == 30_000)
        let out = s.f.dir.path("typed.hftx")
        let sent = JSONTypes.object(try s.scan(["--text", "--yes", "--out", out, "--json"], stdin: uri + "\n").stdout)
        #expect(JSONTypes.mismatches(
            sent, ["fee": .number, "pendingId": .string, "review": .object, "txid": .string]).isEmpty, "\(sent)")
    }

    @Test func aPaymentURIGivesTheAmount() throws {
        let s = try ScanFixtures()
        try s.fund()
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let uri = "bitcoin:\(stranger.string)?amount=0.0003&label=Coffee"
        let out = s.f.dir.path("pay.hftx")
        let sent = try s.scan(["--text", "--yes", "--out", out], stdin: uri + "\n")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        #expect(try Transaction(bytes: bundle.rawTx).outputs[0].satoshis == 30_000)

        let conflicting = try s.scan(["--text", "--amount", "5", "--out", s.f.dir.path("b.hftx")], stdin: uri)
        #expect(conflicting.exitCode == 64)
        let required = try s.scan(["--text", "--out", s.f.dir.path("c.hftx")],
                                  stdin: "bitcoin:\(stranger.string)?req-paymentrequest=1")
        #expect(required.exitCode == 65)
        #expect(!s.exists("b.hftx") && !s.exists("c.hftx"))
    }

    @Test(arguments: [
        // A mainnet address on regtest.
        "173LyQTzYp4YaRvxCy7NAKwaeRdcyjnHTG",
        // A checksum error (last character changed).
        "mmZJGTYyMqVoMYQZvY5jzF9uWREKyk1bPk",
        // Two things at once.
        "mmZJGTYyMqVoMYQZvY5jzF9uWREKyk1bPj\n" + ScanFixtures.authPayload,
        // Nothing recognisable.
        "hello",
    ])
    func refusedTextChangesNothing(text: String) throws {
        let s = try ScanFixtures()
        let refused = try s.scan(["--text", "--amount", "1000", "--out", s.f.dir.path("x")], stdin: text + "\n")
        #expect(refused.exitCode == 65 || refused.exitCode == 64, "stderr: \(refused.stderr)")
        #expect(refused.stderr.hasPrefix("error:") || refused.stderr.contains("\nerror:"))
        #expect(!s.exists("x"))
    }
}
