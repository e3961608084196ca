import Foundation
import HFBundles
import HFCrypto
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `hf-watcher wallet-api serve` as a process, called over loopback by a real HTTP client (URLSession, speaking as
/// the SDKs' `HTTPWalletJSON` does: `POST /<method>`, JSON body, `Originator` header): the keyless methods answered
/// from the watcher's own chain, the identity key the signer shows, the one error shape, a call that needs a key
/// waiting in the outbox (`wallet-api pending`), and the refusals of `--bind` and `deliver`.
@Suite struct WalletAPILoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    /// POSTs `body` to `url/method` as the SDKs' `HTTPWalletJSON` does; the status and the body.
    static func post(_ url: String, _ method: String, _ body: String = "{}", originator: String? = "notes.example")
        async throws -> (Int, Data)
    {
        var request = URLRequest(url: try #require(URL(string: url + "/" + method)))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let originator { request.setValue(originator, forHTTPHeaderField: "Originator") }
        request.httpBody = Data(body.utf8)
        request.timeoutInterval = 120
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// `post`, the body decoded as a JSON object.
    static func call(_ url: String, _ method: String, _ body: String = "{}", originator: String? = "notes.example") async throws
        -> (Int, [String: Any])
    {
        let (status, data) = try await post(url, method, body, originator: originator)
        return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    /// The file of the first waiting call (of `method`, when given), once `wallet-api pending` lists it.
    func waitingCall(_ method: String? = nil) async throws -> String {
        for _ in 0..<400 {
            let list = (try? JSONSerialization.jsonObject(with: Data(watch(["wallet-api", "pending", "--json"]).stdout.utf8)))
            let entry = (list as? [[String: Any]])?.first { method == nil || $0["method"] as? String == method }
            if let file = entry?["file"] as? String { return file }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    @Test func anApplicationTalksToTheColdWalletThroughTheWatcher() async throws {
        let (identity, devnet, address) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        #expect(try BuiltTool("hf-devnet").run(["fund", address, "50000", "--url", devnet.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try watch(["config", "set", "wallet-api.timeout", "8"]).exitCode == 0)

        let bind = try watch(["wallet-api", "serve", "--bind", "0.0.0.0"])
        #expect(bind.exitCode == 64 && bind.stderr.contains("127.0.0.1 only"), "\(bind.stderr)")

        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let url = server.url

        let (status, network) = try await Self.call(url, "getNetwork")
        #expect(status == 200 && network as NSDictionary == ["network": "testnet"])
        // Issue 27: the same server answers on [::1] at the same port, so http://localhost reaches it whichever
        // address localhost resolves to first.
        if IPv6Exchange.available {
            let port = try #require(UInt16(url.split(separator: ":").last ?? ""))
            let reply6 = try IPv6Exchange.post("getNetwork", port: port)
            #expect(reply6.hasPrefix("HTTP/1.1 200") && reply6.contains(#""network":"testnet""#), "\(reply6)")
        }
        let (_, key) = try await Self.call(url, "getPublicKey", #"{"identityKey":true}"#)
        #expect(key as NSDictionary == ["publicKey": identity], "the BRC-100 root key is the signer's identity key")
        let (_, height) = try await Self.call(url, "getHeight")
        #expect((height["height"] as? Int ?? 0) > 0)
        let (_, header) = try await Self.call(url, "getHeaderForHeight", #"{"height":1}"#)
        #expect((header["header"] as? String)?.count == 160)
        let (_, outputs) = try await Self.call(url, "listOutputs", #"{"basket":"default"}"#)
        #expect(outputs["totalOutputs"] as? Int == 1)
        #expect((outputs["outputs"] as? [[String: Any]])?.first?["satoshis"] as? Int == 50_000)

        let (anonymous, refusal) = try await Self.call(url, "getNetwork", originator: nil)
        #expect(anonymous == 403)
        #expect(refusal["status"] as? String == "error" && refusal["code"] as? String == "WERR_UNAUTHORIZED")

        // Issue 27: a web page the user merely visits is not an application: the "simple" cross-origin POST
        // (text/plain, an Origin, no preflight) is refused and nothing reaches the outbox.
        var simple = URLRequest(url: try #require(URL(string: url + "/createAction")))
        simple.httpMethod = "POST"
        simple.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        simple.setValue("https://evil.example", forHTTPHeaderField: "Origin")
        simple.httpBody = Data(#"{"description":"x","outputs":[{"lockingScript":"51","satoshis":1000}]}"#.utf8)
        let (_, simpleResponse) = try await URLSession.shared.data(for: simple)
        #expect((simpleResponse as? HTTPURLResponse)?.statusCode == 403)
        simple.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, jsonResponse) = try await URLSession.shared.data(for: simple)
        #expect((jsonResponse as? HTTPURLResponse)?.statusCode == 403, "an origin the user did not allow")
        #expect(try watch(["wallet-api", "pending", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try watch(["wallet-api", "allow", "HTTPS://App.Example:8443"]).stdout == "https://app.example:8443\n")
        #expect(try watch(["wallet-api", "allowed", "--json"]).stdout.contains(#"["https:\/\/app.example:8443"]"#)
            || watch(["wallet-api", "allowed", "--json"]).stdout.contains(#"["https://app.example:8443"]"#))
        #expect(try watch(["wallet-api", "allow", "ftp://x"]).exitCode != 0)
        #expect(try watch(["wallet-api", "disallow", "https://app.example:8443"]).exitCode == 0)
        #expect(try watch(["wallet-api", "allowed"]).stderr.contains("no web origin is allowed"))

        // A call that needs a key waits in the outbox, listed with its absolute path, until it is answered.
        let waiting = Task { () async throws -> (Int, String?) in
            let (status, object) = try await Self.call(
                url, "createHmac", #"{"counterparty":"self","data":[1,2],"keyID":"1","protocolID":[2,"hf airgap test"]}"#)
            return (status, object["code"] as? String)
        }
        var pending: [[String: Any]] = []
        for _ in 0..<100 where pending.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            pending = (try? JSONSerialization.jsonObject(with: Data(watch(["wallet-api", "pending", "--json"]).stdout.utf8)))
                as? [[String: Any]] ?? []
        }
        let entry = try #require(pending.first)
        #expect(entry["method"] as? String == "createHmac" && entry["originator"] as? String == "notes.example")
        let file = try #require(entry["file"] as? String)
        #expect(file.hasPrefix("/") && FileManager.default.fileExists(atPath: file))
        // Issue 27: one server per wallet: a second `serve` is refused (75) and its start-up clean-up never runs,
        // so the first server's waiting call stays.
        let second = try watch(["wallet-api", "serve", "--port", "0"])
        #expect(second.exitCode == 75 && second.stderr.contains("another wallet-api serve of this wallet runs"),
                "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: file), "the second server withdrew the first one's call")
        #expect((entry["callId"] as? String)?.count == 32)

        // Issue 27: an application that gives up (closes its connection) withdraws its call at once; the slot is
        // freed and nothing can be answered (or paid) for it.
        var impatient = URLRequest(url: try #require(URL(string: url + "/createSignature")))
        impatient.httpMethod = "POST"
        impatient.setValue("application/json", forHTTPHeaderField: "Content-Type")
        impatient.setValue("impatient.example", forHTTPHeaderField: "Originator")
        impatient.httpBody = Data(#"{"data":[1],"keyID":"1","protocolID":[2,"hf airgap test"]}"#.utf8)
        impatient.timeoutInterval = 4  // long enough to be seen posted under load, half of wallet-api.timeout
        let gaveUp = Task { _ = try? await URLSession.shared.data(for: impatient) }
        var listed = false
        for _ in 0..<100 where !listed {
            listed = try watch(["wallet-api", "pending", "--json"]).stdout.contains("impatient.example")
            if !listed { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(listed, "the impatient call was never posted")
        await gaveUp.value
        // Well within wallet-api.timeout (8 s): only the client's leaving can have withdrawn it.
        var impatientLeft = false
        for _ in 0..<20 where !impatientLeft {
            impatientLeft = !(try watch(["wallet-api", "pending", "--json"]).stdout.contains("impatient.example"))
            if !impatientLeft { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(impatientLeft, "the call of a client that left is still waiting")

        let garbage = try dir.write("bad.hfanswer", "{}")
        let refused = try watch(["wallet-api", "deliver", garbage])
        #expect(refused.exitCode == 65, "\(refused.stderr)")
        let (late, code) = try await waiting.value
        #expect(late == 504 && code == "WERR_TIMEOUT", "no answer within wallet-api.timeout")
        #expect(!FileManager.default.fileExists(atPath: file), "the unanswered call is withdrawn")
    }

    /// The whole loop for the calls that need a key: the application's request waits at the watcher, its `.hfcall`
    /// crosses to the signer, `call review` shows it, `call answer` signs the answer, `wallet-api deliver` hands it
    /// back, and the application holds the result, checked here independently (the signature verifies with the
    /// derived public key the wallet gave; a ciphertext decrypts through the wallet again).
    @Test func callsThatNeedAKeyCrossTheAirGapAndBack() async throws {
        let (_, devnet, _) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let url = server.url
        let invoice = #""protocolID":[2,"hf airgap test"],"keyID":"1""#
        #expect(try await Self.post(url, "getHeight").0 == 200)

        /// One carried call: posted, answered on the signer, delivered; the application's status and reply.
        func carried(
            _ method: String, _ body: String, answer: [String] = ["--yes"], byQR: Bool = false
        ) async throws -> (Int, [String: Any], Int32) {
            let request = Task { try await Self.post(url, method, body) }
            let call = try await waitingCall(method)
            let review = try sign(["call", "review", call])
            #expect(review.exitCode == 0 && review.stdout.contains("notes.example asks:"), "\(review.stderr)")
            let out = dir.path(method + "-\(UInt32.random(in: 0...UInt32.max)).hfanswer")
            let answered: BuiltTool.Result
            if byQR {
                // Across by QR: the watcher shows the call as frames, the signer scans them and answers.
                let frames = dir.path(method + "-frames")
                #expect(try watch(["qr", "encode", call, "--out-dir", frames]).exitCode == 0)
                answered = try sign(["scan", frames, "--out", out] + answer)
            } else {
                answered = try sign(["call", "answer", call, "--out", out] + answer)
            }
            #expect(try watch(["wallet-api", "deliver", out]).exitCode == 0)
            let (status, data) = try await request.value
            return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:], answered.exitCode)
        }

        let (keyStatus, key, _) = try await carried("getPublicKey", "{\(invoice),\"counterparty\":\"anyone\",\"forSelf\":true}")
        #expect(keyStatus == 200)
        let publicKey = try PublicKey(serialized: Hex.decode(try #require(key["publicKey"] as? String)))
        let data = Array("hello cold wallet".utf8)
        let (_, signed, _) = try await carried("createSignature", "{\(invoice),\"counterparty\":\"anyone\",\"data\":\(data)}")
        let der = try #require(signed["signature"] as? [Int]).map(UInt8.init)
        #expect(
            publicKey.isValidSignature(try ECDSASignature(derRepresentation: der), forDigest: Hash.sha256(data)),
            "the signature verifies with the derived key the wallet gave, outside the wallet")
        let (_, verified, _) = try await carried(
            "verifySignature", "{\(invoice),\"counterparty\":\"anyone\",\"forSelf\":true,\"data\":\(data),\"signature\":\(der)}")
        #expect(verified as NSDictionary == ["valid": true])
        let (_, hmac, _) = try await carried("createHmac", "{\(invoice),\"data\":[5,6]}")
        let code = try #require(hmac["hmac"] as? [Int])
        let (_, checked, _) = try await carried("verifyHmac", "{\(invoice),\"data\":[5,6],\"hmac\":\(code)}")
        #expect(checked as NSDictionary == ["valid": true])
        let (badStatus, bad, _) = try await carried("verifyHmac", "{\(invoice),\"data\":[5,7],\"hmac\":\(code)}")
        // Issue 29: ts-sdk's number for it in `code` (3), the name in `name`, the signer's sentence in `message`.
        #expect(badStatus == 400 && bad["name"] as? String == "WERR_INVALID_HMAC" && bad["code"] as? Int == 3, "\(bad)")
        #expect(bad["message"] as? String == "the HMAC is not valid" && bad["isError"] as? Bool == true, "\(bad)")
        let (_, sealed, sealedExit) = try await carried("encrypt", "{\(invoice),\"plaintext\":[104,105]}", byQR: true)
        #expect(sealedExit == 0, "a .hfcall scanned from QR frames is answered like a file")
        let ciphertext = try #require(sealed["ciphertext"] as? [Int])
        #expect(ciphertext.count == 32 + 2 + 16, "IV, two bytes, tag")
        let (_, opened, _) = try await carried("decrypt", "{\(invoice),\"ciphertext\":\(ciphertext)}")
        #expect(opened["plaintext"] as? [Int] == [104, 105])

        // The signer refuses key linkage whatever the user says: the answer carries the refusal, exit 77.
        let (refusedStatus, refusal, exit) = try await carried("revealCounterpartyKeyLinkage", #"{"counterparty":"self","verifier":"02"}"#)
        #expect(exit == 77)
        #expect(refusedStatus == 400 && refusal["code"] as? String == "WERR_NOT_IMPLEMENTED", "\(refusal)")

        // Without a terminal and without --yes nothing is answered.
        let pendingCall = Task { try await Self.post(url, "createHmac", "{\(invoice),\"data\":[1]}").0 }
        let call = try await waitingCall("createHmac")
        let unasked = try sign(["call", "answer", call, "--out", dir.path("x.hfanswer")])
        #expect(unasked.exitCode == 64 && !FileManager.default.fileExists(atPath: dir.path("x.hfanswer")))
        // Another wallet's signer refuses the call outright.
        #expect(try BuiltTool("hf-signer").run(
            ["--home", dir.path("other"), "--network", "regtest", "--passphrase-file", passphrase, "init"]).exitCode == 0)
        #expect(try BuiltTool("hf-signer").run(
            ["--home", dir.path("other"), "--network", "regtest", "--passphrase-file", passphrase, "wallet", "create",
             "--mnemonic-out", dir.path("m2")]).exitCode == 0)
        let stranger = try BuiltTool("hf-signer").run(
            ["--home", dir.path("other"), "--network", "regtest", "--passphrase-file", passphrase, "call", "answer", call,
             "--out", dir.path("y.hfanswer"), "--yes"])
        #expect(stranger.exitCode == 65 && stranger.stderr.contains("not this one"), "\(stranger.stderr)")
        server.child.send(SIGTERM)
        #expect(try await pendingCall.value == 503, "stopping the server ends the waiting call at once")

        // Issue 28: each call on stderr, in lines a person follows.
        let log = server.child.finish().stderr
        #expect(log.contains(" notes.example getHeight: answered here\n"), "\(log)")
        #expect(log.contains(" notes.example createSignature: waits for the signer; carry "), "\(log)")
        #expect(log.contains(" notes.example createSignature: the signer answered\n"), "\(log)")
        #expect(log.contains(" notes.example revealCounterpartyKeyLinkage: refused, WERR_NOT_IMPLEMENTED: "), "\(log)")
    }

    /// Issue 27: when another program already listens on [::1] at the port, `serve` refuses to start (73): clients
    /// of http://localhost would reach that program instead of the wallet.
    @Test(.enabled(if: IPv6Exchange.available, "this machine has no IPv6 loopback"))
    func serveRefusesWhenAnotherProgramListensOnTheIPv6Loopback() throws {
        let (_, devnet, _) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        let probe = HTTPServer { _ in .status(204) }
        let port = try probe.start()
        probe.stop()
        var configuration = HTTPServer.Configuration(port: port)
        configuration.ipv6Loopback = true
        let squatter = HTTPServer(configuration: configuration) { _ in .status(204) }
        try squatter.start()
        defer { squatter.stop() }
        let refused = try watch(["wallet-api", "serve", "--port", String(port)])
        #expect(refused.exitCode == 73 && refused.stderr.contains("[::1]:\(port)"), "\(refused.stderr)")
    }

    /// Issue 27: a call waiting for the signer holds about its body, not its parsed arguments (a 4 MB array of
    /// numbers, as many as a body may hold, parses into tens of MB of JSON values, which the server held for the
    /// whole wait before). Three such
    /// calls wait; the server's resident memory grew by less than their bodies plus 2 MiB each. glibc's malloc is
    /// told (for the server process only, `MALLOC_MMAP_THRESHOLD_`) to map every block over 128 KiB on its own, so
    /// that memory freed after the parse leaves the resident set and the figure measures what is held.
    @Test func aWaitingCallHoldsAboutItsBodyNotItsParsedArguments() async throws {
        let (_, devnet, _) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        let server = try WalletAPIServer(home: dir.path("watcher"), environment: ["MALLOC_MMAP_THRESHOLD_": "131072"])
        defer { server.stop() }
        let url = server.url
        let body = "{\"data\":[" + Array(repeating: "255", count: 990_000).joined(separator: ",")
            + "],\"keyID\":\"1\",\"protocolID\":[2,\"hf airgap test\"]}"
        #expect(try await Self.post(url, "getHeight").0 == 200)
        func resident() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(server.child.pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
            return try #require(Int(line.split(separator: " ")[1])) * 1024
        }
        let before = try resident()
        let calls = 3
        let requests = (0..<calls).map { index in
            Task { try? await Self.post(url, "createSignature", body, originator: "big\(index).example") }
        }
        var waiting = 0
        for _ in 0..<600 where waiting < calls {
            let list = try JSONSerialization.jsonObject(with: Data(watch(["wallet-api", "pending", "--json"]).stdout.utf8))
            waiting = (list as? [Any])?.count ?? 0
            if waiting < calls { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(waiting == calls, "the calls were never posted: \(server.stop())")
        try await Task.sleep(for: .milliseconds(500))  // each request returns from its check after posting
        let grown = try resident() - before
        let allowed = calls * (body.utf8.count + 2 << 20)
        #expect(grown < allowed, "the server grew by \(grown) bytes for \(calls) waiting calls of \(body.utf8.count) bytes")
        print("wallet-api serve: \(calls) waiting calls of \(body.utf8.count) bytes grew it by \(grown) bytes")
        server.stop()
        for request in requests { _ = await request.value }
    }

    /// Issue 27: a payment nobody waits for is never made: the server was killed (its call stays in the outbox),
    /// the signer answered anyway, and `deliver` refuses before broadcasting (65), withdraws the call, and the
    /// payment never reaches the chain.
    @Test func aPaymentNobodyWaitsForIsNeverBroadcast() async throws {
        let (_, devnet) = try coldWalletWithACoin(100_000)
        defer { _ = devnet.terminate() }
        let server = try WalletAPIServer(home: dir.path("watcher"))
        let bob = Address(publicKey: try PrivateKey(rawRepresentation: [UInt8](repeating: 0x43, count: 32)).publicKey, network: .regtest)
        let body = "{\"description\":\"pay bob\",\"outputs\":[{\"lockingScript\":\"\(Script(p2pkhPaying: bob).hex)\","
            + "\"satoshis\":25000}]}"
        let url = server.url
        let request = Task { try? await Self.post(url, "createAction", body, originator: "shop.example") }
        let call = try await waitingCall("createAction")
        let answered = try sign(["call", "answer", call, "--out", dir.path("pay.hfanswer"), "--yes"])
        #expect(answered.exitCode == 0, "\(answered.stderr)")
        let txid = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path("pay.hftx")))), expectedNetwork: .regtest
        ).txid.displayHex
        server.child.send(SIGKILL)
        _ = server.child.finish()
        _ = await request.value
        #expect(FileManager.default.fileExists(atPath: call), "a killed server leaves its call behind")
        let delivered = try watch(["wallet-api", "deliver", dir.path("pay.hfanswer")])
        #expect(delivered.exitCode == 65 && delivered.stderr.contains("nobody waits"), "\(delivered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: call), "the call nobody waits for is withdrawn")
        #expect(try BuiltTool("hf-devnet").run(["mine", "1", "--url", devnet.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(!(try watch(["utxos", "--json"]).stdout.contains(txid)), "the payment was broadcast")
    }

    /// createAction across the air gap: the application asks to pay a devnet address; the signer prepares it as
    /// `send` does (the review shows the output as external), signs and keeps it pending; `deliver` broadcasts it
    /// through ARC and the application receives the txid and an Atomic BEEF whose subject is that transaction;
    /// the devnet mines it.
    @Test func createActionPaysADevnetAddressFromTheColdWallet() async throws {
        let (_, devnet) = try coldWalletWithACoin(100_000)
        defer { _ = devnet.terminate() }

        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let url = server.url
        let bob = Address(publicKey: try PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 32)).publicKey, network: .regtest)
        let carol = Address(publicKey: try PrivateKey(rawRepresentation: [UInt8](repeating: 0x44, count: 32)).publicKey, network: .regtest)
        // Two outputs in an order the application relies on (randomizeOutputs false, as most apps ask).
        let body = "{\"description\":\"pay bob\",\"outputs\":[{\"lockingScript\":\"\(Script(p2pkhPaying: bob).hex)\","
            + "\"satoshis\":25000,\"outputDescription\":\"to bob\"},{\"lockingScript\":\"\(Script(p2pkhPaying: carol).hex)\","
            + "\"satoshis\":7000,\"outputDescription\":\"to carol\"}],\"labels\":[\"shop\"],"
            + "\"options\":{\"randomizeOutputs\":false,\"acceptDelayedBroadcast\":false}}"
        let request = Task { try await Self.post(url, "createAction", body, originator: "shop.example") }
        let call = try await waitingCall("createAction")
        let review = try sign(["call", "review", call])
        #expect(review.exitCode == 0, "\(review.stderr)")
        #expect(review.stdout.contains("shop.example asks: pay 2 outputs"), "\(review.stdout)")
        #expect(review.stderr.contains(bob.string) && review.stderr.contains("25,000 sat"), "the payment review: \(review.stderr)")
        // A taken --out is refused before anything is signed or kept.
        let taken = try dir.write("taken.hfanswer", "mine")
        let refused = try sign(["call", "answer", call, "--out", taken, "--yes"])
        #expect(refused.exitCode == 73 && refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: dir.path("taken.hftx")))
        #expect(try sign(["pending", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let answered = try sign(["call", "answer", call, "--out", dir.path("pay.hfanswer"), "--yes"])
        #expect(answered.exitCode == 0, "\(answered.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("pay.hftx")), "the kept .hftx beside the answer")
        let pendingSpends = try sign(["pending", "list", "--json"]).stdout
        // Issue 27: answering again writes the same answer from the store (a crash between the commit and the
        // file loses nothing); nothing new is signed or paid.
        let again = try sign(["call", "answer", call, "--out", dir.path("again.hfanswer"), "--yes"])
        #expect(again.exitCode == 0 && again.stderr.contains("already answered with payment"), "\(again.stderr)")
        #expect(try sign(["pending", "list", "--json"]).stdout == pendingSpends, "a call pays once")
        #expect(!FileManager.default.fileExists(atPath: dir.path("again.hftx")))
        let first = try WalletAnswerBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path("pay.hfanswer")))), expectedNetwork: .regtest)
        let rewritten = try WalletAnswerBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path("again.hfanswer")))), expectedNetwork: .regtest)
        #expect(rewritten.outcome == first.outcome, "the same payment, the same .hftx")
        let delivered = try watch(["wallet-api", "deliver", dir.path("pay.hfanswer")])
        #expect(delivered.exitCode == 0, "\(delivered.stderr)")
        let (status, data) = try await request.value
        #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let txid = try #require(result["txid"] as? String)
        #expect(pendingSpends.contains(txid), "kept pending on the signer as send keeps a payment")
        let beef = try AtomicBeef(serialized: try #require(result["tx"] as? [Int]).map(UInt8.init))
        #expect(beef.subject.displayHex == txid)
        let paid = beef.subjectTransaction.transaction?.outputs ?? []
        #expect(
            paid.count >= 3 && paid[0].lockingScript == Script(p2pkhPaying: bob) && paid[0].satoshis == 25_000
                && paid[1].lockingScript == Script(p2pkhPaying: carol) && paid[1].satoshis == 7_000,
            "the application's outputs first and in its order, change after")
        #expect(try BuiltTool("hf-devnet").run(["mine", "1", "--url", devnet.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let utxos = try watch(["utxos", "--json"]).stdout
        #expect(utxos.contains(txid), "the change of the mined payment is the wallet's: \(utxos)")
        let (_, actions) = try await Self.call(url, "listActions", #"{"labels":[]}"#)
        let action = try #require((actions["actions"] as? [[String: Any]])?.first)
        #expect(actions["totalActions"] as? Int == 1 && action["txid"] as? String == txid)
        #expect(action["status"] as? String == "completed" && action["isOutgoing"] as? Bool == true)
        #expect((action["satoshis"] as? Int ?? 0) < -32_000, "the payment and its fee left the wallet")
        #expect(action["description"] as? String == "pay bob" && action["labels"] == nil, "its description, labels if asked")
        // The createAction's labels, kept by deliver, find it; other labels do not.
        for (query, found) in [
            (#"{"labels":["shop"],"includeLabels":true}"#, true), (#"{"labels":["other","shop"]}"#, true),
            (#"{"labels":["other"]}"#, false), (#"{"labels":["other","shop"],"labelQueryMode":"all"}"#, false),
        ] {
            let (_, listed) = try await Self.call(url, "listActions", query)
            let actions = listed["actions"] as? [[String: Any]] ?? []
            #expect(listed["totalActions"] as? Int == (found ? 1 : 0) && actions.count == (found ? 1 : 0), "\(query)")
            if query.contains("includeLabels") { #expect(actions.first?["labels"] as? [String] == ["shop"]) }
        }
        #expect(try watch(["wallet-api", "deliver", dir.path("pay.hfanswer")]).exitCode == 65, "delivered once only")
        #expect(try watch(["wallet-api", "deliver", dir.path("again.hfanswer")]).exitCode == 65, "delivered once only")
    }

    /// A createAction the spending policy refuses: the signer answers with the refusal (exit 77), nothing is kept,
    /// nothing is broadcast, and the application hears WERR_POLICY_REFUSED at once.
    @Test func aCreateActionThePolicyRefusesIsNeitherKeptNorBroadcast() async throws {
        let (_, devnet) = try coldWalletWithACoin(100_000)
        defer { _ = devnet.terminate() }
        let words = try dir.write("policy-words", "policy words\n")
        #expect(try sign(["policy", "set", "--max-per-tx", "10000", "--policy-passphrase-file", words]).exitCode == 0)

        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let url = server.url
        let bob = Address(publicKey: try PrivateKey(rawRepresentation: [UInt8](repeating: 0x42, count: 32)).publicKey, network: .regtest)
        let body = "{\"description\":\"too much\",\"outputs\":[{\"lockingScript\":\"\(Script(p2pkhPaying: bob).hex)\",\"satoshis\":25000}]}"
        let request = Task { () async throws -> (Int, String?) in
            let (status, object) = try await Self.call(url, "createAction", body, originator: "shop.example")
            return (status, object["code"] as? String)
        }
        let call = try await waitingCall("createAction")
        let answered = try sign(["call", "answer", call, "--out", dir.path("pay.hfanswer"), "--yes"])
        #expect(answered.exitCode == 77 && answered.stderr.contains("WERR_POLICY_REFUSED"), "\(answered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("pay.hftx")), "nothing signed, nothing kept")
        #expect(try sign(["pending", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try watch(["wallet-api", "deliver", dir.path("pay.hfanswer")]).exitCode == 0)
        let (status, code) = try await request.value
        #expect(status == 400 && code == "WERR_POLICY_REFUSED")
        let (_, outputs) = try await Self.call(url, "listOutputs", #"{"basket":"default"}"#)
        #expect(outputs["totalOutputs"] as? Int == 1, "the coin is still there, unspent")
    }
}
