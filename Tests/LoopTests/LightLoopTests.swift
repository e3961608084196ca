import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// The light loop (issue 26) on a real `hf-devnet serve` over loopback: every bundle the signer writes carries its
/// signed state, and `hf-watcher export update` writes one bundle with exactly what that state lacks — no height
/// typed, no receipt crossing twice.
@Suite struct LightLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func devnet(_ arguments: [String]) throws -> [String: Any] {
        let result = try BuiltTool("hf-devnet").run(arguments + ["--json"])
        #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    func object(_ result: BuiltTool.Result, _ step: String) throws -> [String: Any] {
        #expect(result.exitCode == 0, "\(step): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// `hf-watcher export update --out NAME --json`: its headers' `from` and `to` (nil when none) and receipt count.
    func exportUpdate(_ name: String) throws -> (from: Int?, to: Int?, receipts: Int, reorganised: Bool) {
        let report = try object(watch(["export", "update", "--out", dir.path(name), "--json"]), "export update")
        let headers = report["headers"] as? [String: Int]
        return (headers?["from"], headers?["to"], report["receipts"] as? Int ?? -1, report["reorganised"] as? Bool ?? false)
    }

    /// The signer's confirmed balance and validated tip.
    func signer() throws -> (confirmed: Int, tip: Int) {
        let balance = try object(sign(["balance", "--json"]), "balance")
        let status = try object(sign(["headers", "status", "--json"]), "headers status")
        return (balance["confirmed"] as? Int ?? -1, status["validatedTipHeight"] as? Int ?? -1)
    }

    /// The signer's pending txids.
    func pending() throws -> [String] {
        let result = try sign(["pending", "list", "--json"])
        #expect(result.exitCode == 0, "pending list: \(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["txid"] as? String }
    }

    /// `history --json` as (height, state, direction, net, fee).
    func history() throws -> [(height: Int?, state: String, direction: String, net: Int, fee: Int?)] {
        let result = try sign(["history", "--json"])
        #expect(result.exitCode == 0, "history: \(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map {
            ($0["height"] as? Int, $0["state"] as? String ?? "", $0["direction"] as? String ?? "", $0["net"] as? Int ?? 0,
             $0["fee"] as? Int)
        }
    }

    /// `hf-watcher status --json` for the one wallet, and its text naming the next step.
    func expectWatcherStatus(
        signerTip: Int, headers: Int, receipts: Int, confirmed: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let status = try object(watch(["status", "--json"]), "watcher status")
        let wallet = (status["wallets"] as? [[String: Any]])?.first ?? [:]
        #expect(wallet["signerTip"] as? Int == signerTip, "\(wallet)", sourceLocation: sourceLocation)
        #expect(wallet["updateHeaders"] as? Int == headers && wallet["updateReceipts"] as? Int == receipts,
                "\(wallet)", sourceLocation: sourceLocation)
        #expect(wallet["confirmed"] as? Int == confirmed, "\(wallet)", sourceLocation: sourceLocation)
        let text = try watch(["status"])
        #expect(text.stdout.contains("next: carry an update to the signer"), "\(text.stdout)", sourceLocation: sourceLocation)
    }

    /// The receive address at `index`.
    func address(_ index: Int) throws -> String {
        let list = try sign(["address", "list", "--start", String(index), "--count", "1", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.first?["address"] as? String ?? ""
    }

    /// A regtest address of another wallet.
    func foreignAddress() throws -> String {
        let signer = BuiltTool("hf-signer")
        _ = try signer.run(["keys", "generate-mnemonic", "--words", "12", "--out", dir.path("friend.mnemonic")])
        let derived = try signer.run([
            "keys", "derive", "--mnemonic-file", dir.path("friend.mnemonic"), "--scheme", "type42", "--count", "1",
            "--network", "regtest", "--json",
        ])
        let rows = try JSONSerialization.jsonObject(with: Data(derived.stdout.utf8)) as? [[String: Any]] ?? []
        return try #require(rows.first?["address"] as? String, "keys derive: \(derived.stderr)")
    }

    /// Every file under `name`, path → bytes: "nothing changed" compares two of these.
    func files(_ name: String) throws -> [String: Data] {
        let root = dir.path(name)
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root) ?? .init() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    @Test func aPaymentTakesOneBundleEachWayAndNothingCrossesTwice() throws {
        let (_, serve, first) = try watchedColdWallet()
        defer { _ = serve.terminate() }
        let second = try address(1)
        _ = try devnet(["fund", first, "150000", "--url", serve.url])
        _ = try devnet(["fund", second, "50000", "--url", serve.url])
        #expect(try watch(["sync"]).exitCode == 0)

        // The watcher knows from the pack's state that the signer stands at genesis: everything from height 1.
        try expectWatcherStatus(signerTip: 0, headers: 102, receipts: 2, confirmed: 200_000)
        let update1 = try exportUpdate("1.hfupdate")
        #expect(update1.from == 1 && update1.to == 102 && update1.receipts == 2, "\(update1)")
        let imported = try sign(["import", dir.path("1.hfupdate")])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("2 receipts taken") && imported.stdout.contains("balance now 0.002 BSV"),
                "one summary: \(imported.stdout)")
        #expect(try signer() == (200_000, 102))

        // An update written from the same (now stale) state overlaps what the signer has; it imports cleanly.
        let stale = try exportUpdate("stale.hfupdate")
        #expect(stale.from == 1 && stale.receipts == 2, "\(stale)")
        let again = try object(sign(["import", dir.path("stale.hfupdate"), "--json"]), "import stale")
        #expect(Set(again.keys) == ["accepted", "balance", "headersAdded", "kind", "receiptsTaken", "received", "validatedTipHeight", "wallets"])
        #expect(again["kind"] as? String == "hfupdate" && again["headersAdded"] as? Int == 0)
        #expect((again["wallets"] as? [String])?.count == 1, "the update's own wallet only")
        #expect(again["receiptsTaken"] as? Int == 0 && again["received"] as? Int == 0 && again["balance"] as? Int == 200_000)
        #expect(try signer() == (200_000, 102))

        // A payment: its .hftx carries the signer's state (tip 102, the two receipts, the spend pending).
        let friend = try foreignAddress()
        let send = try object(
            sign(["send", "--to", friend, "--amount", "60000", "--out", dir.path("pay.hftx"), "--yes", "--json"]), "send")
        let spend = send["txid"] as? String ?? ""
        let fee = send["fee"] as? Int ?? -1
        #expect(try pending() == [spend])
        let listed = try sign(["pending", "list", "--json"])
        let row = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first ?? [:]
        // Coin selection takes the 150,000 coin alone or both; the change is what the inputs leave after 60,000 and
        // the fee, and the coin not taken stays confirmed.
        let change = row["change"] as? Int ?? -1
        let spent = change + 60_000 + fee
        #expect(row["sent"] as? Int == 60_000 && row["fee"] as? Int == fee && [150_000, 200_000].contains(spent), "\(row)")
        #expect((row["recipients"] as? [[String: Any]])?.map { $0["address"] as? String } == [friend])
        let status = try object(sign(["status", "--json"]), "status")
        let wallet = (status["wallets"] as? [[String: Any]])?.first ?? [:]
        #expect(status["validatedTipHeight"] as? Int == 102 && wallet["pendingCount"] as? Int == 1)
        #expect(wallet["confirmed"] as? Int == 200_000 - spent && wallet["pendingOut"] as? Int == 60_000 + fee, "\(wallet)")
        #expect(wallet["pendingChange"] as? Int == change, "\(wallet)")
        let screen = try sign(["status"])
        #expect(screen.exitCode == 0 && screen.stdout.contains("next: broadcast the pending payment with"), "\(screen.stdout)")
        _ = try devnet(["mine", "2", "--url", serve.url])
        let broadcast = try watch(["broadcast", dir.path("pay.hftx")])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        _ = try devnet(["mine", "1", "--url", serve.url])
        #expect(try watch(["sync"]).exitCode == 0)

        // The update starts where the .hftx said the signer stands and carries only the spend's receipt.
        try expectWatcherStatus(signerTip: 102, headers: 3, receipts: 1, confirmed: 200_000 - 60_000 - fee)
        let update2 = try exportUpdate("2.hfupdate")
        #expect(update2.from == 103 && update2.to == 105 && update2.receipts == 1, "\(update2)")
        let second2 = try sign(["import", dir.path("2.hfupdate")])
        #expect(second2.exitCode == 0 && second2.stdout.contains("1 receipt taken"), "\(second2.stdout) \(second2.stderr)")
        #expect(try pending() == [], "the spend's receipt clears it")
        #expect(try signer() == (200_000 - 60_000 - fee, 105), "the change is confirmed")
        let rows = try history()
        #expect(rows.count == 3)
        #expect(rows.map(\.height) == [101, 102, 105] && rows.map(\.direction) == ["received", "received", "sent"])
        #expect(rows.map(\.net) == [150_000, 50_000, -(60_000 + fee)] && rows.map(\.fee) == [nil, nil, fee])
        let lines = try sign(["history"]).stdout.split(separator: "\n")
        let thousands = String((60_000 + fee) % 1000)
        let grouped = "\((60_000 + fee) / 1000)," + String(repeating: "0", count: 3 - thousands.count) + thousands
        #expect(lines.last?.hasPrefix("105\tsent\t-0.000") == true, "\(lines)")
        #expect(lines.last?.contains(" BSV (\(grouped) sat)\tfee \(fee) sat\tto \(friend)\t\(spend)") == true, "\(lines)")
    }

    @Test func aReorgBetweenTwoUpdatesStartsAtTheForkAndTheOrphanedPaymentStopsCounting() throws {
        let (_, serve, first) = try watchedColdWallet()
        defer { _ = serve.terminate() }
        _ = try devnet(["fund", first, "10000", "--url", serve.url])
        let orphaned = try devnet(["fund", try address(1), "20000", "--url", serve.url])["txid"] as? String ?? ""
        #expect(try watch(["sync"]).exitCode == 0)
        _ = try exportUpdate("1.hfupdate")
        #expect(try sign(["import", dir.path("1.hfupdate")]).exitCode == 0)
        #expect(try signer() == (30_000, 102))
        // The signer says where it stands with a small .hfstate (nothing else to carry).
        let state = try sign(["export", "state", "--out", dir.path("s.hfstate")])
        #expect(state.exitCode == 0, "stderr: \(state.stderr)")
        #expect(try watch(["import", dir.path("s.hfstate")]).exitCode == 0)

        // A heavier branch from 102 drops the second payment.
        let reorg = try devnet(["reorg", "--from", "102", "--blocks", "2", "--url", serve.url])
        #expect(reorg["dropped"] as? [String] == [orphaned])
        #expect(try watch(["sync"]).exitCode == 0)
        let update = try exportUpdate("2.hfupdate")
        #expect(update.from == 102 && update.to == 103 && update.reorganised, "\(update)")
        let imported = try sign(["import", dir.path("2.hfupdate")])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(try signer() == (10_000, 103), "the orphaned payment no longer counts")
        let rows = try history()
        #expect(rows.map(\.height) == [101, nil] && rows.map(\.state) == ["confirmed", "unconfirmed"], "\(rows)")
    }

    @Test func aStateSignedByAnotherIdentityIsRefusedAndChangesNothing() throws {
        let (_, serve, _) = try watchedColdWallet()
        defer { _ = serve.terminate() }
        #expect(try sign(["export", "state", "--out", dir.path("s.hfstate")]).exitCode == 0)
        let genuine = try StateBundle(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("s.hfstate")))),
                                      expectedNetwork: .regtest).state

        // The same content (so the same wallet's receipts and tip) under another key: another identity.
        let other = PrivateKey.generate()
        let c = genuine.content
        let forged = SignerState.Content(
            network: c.network, identityKey: other.publicKey, createdAt: c.createdAt, sequence: c.sequence + 1, tip: c.tip,
            locator: c.locator, receipts: c.receipts, pending: c.pending, packs: c.packs, gapLimit: c.gapLimit)
        let forgedState = try SignerState(content: forged, signature: try other.signature(forDigest: forged.digest))
        try Data(StateBundle(state: forgedState).encoded()).write(to: URL(fileURLWithPath: dir.path("other.hfstate")))
        // And the genuine content with the signature of another key: altered.
        let altered = try SignerState(content: genuine.content, signature: try other.signature(forDigest: genuine.content.digest))
        try Data(StateBundle(state: altered).encoded()).write(to: URL(fileURLWithPath: dir.path("altered.hfstate")))

        let before = try files("watcher")
        let refused = try watch(["import", dir.path("other.hfstate")])
        #expect(refused.exitCode == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("this watcher does not watch") || refused.stderr.contains("not the"),
                "the error names the identity: \(refused.stderr)")
        let tampered = try watch(["import", dir.path("altered.hfstate")])
        #expect(tampered.exitCode == 65 && tampered.stderr.contains("signature"), "\(tampered.stderr)")
        #expect(try files("watcher") == before, "nothing changed in the watcher's home")
        #expect(try watch(["import", dir.path("s.hfstate")]).exitCode == 0, "the genuine state is taken")
    }

    @Test func anUpdateCrossesAsQRFramesInOneScan() throws {
        let (_, serve, first) = try watchedColdWallet()
        defer { _ = serve.terminate() }
        _ = try devnet(["fund", first, "25000", "--url", serve.url])
        #expect(try watch(["sync"]).exitCode == 0)
        _ = try exportUpdate("1.hfupdate")
        let encoded = try watch(["qr", "encode", dir.path("1.hfupdate"), "--out-dir", dir.path("frames")])
        #expect(encoded.exitCode == 0, "stderr: \(encoded.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path("frames"))
        #expect(frames.count > 1, "an animation: \(frames.count) frames")
        let scanned = try sign(["scan", dir.path("frames")])
        #expect(scanned.exitCode == 0, "stderr: \(scanned.stderr)")
        #expect(try signer() == (25_000, 101))
    }
}
