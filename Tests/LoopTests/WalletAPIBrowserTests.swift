import Dispatch
import Foundation
import HFDevnet
import HFTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 29: a real browser calls the cold wallet. Headless Chromium loads a page from a loopback origin the user
/// allowed (`wallet-api allow`); the page's script calls `hf-watcher wallet-api serve` with `fetch` (POST
/// application/json, so Chromium sends its CORS preflight first) and writes the answers into the page; the test
/// reads the DOM Chromium dumps and checks them against the devnet and the signer. The same page from an origin not
/// allowed gets nothing (its fetch fails; a preflight-free `no-cors` POST of a carried call is refused too), and
/// nothing reaches the outbox.
///
/// Chromium is the Debian package `chromium` (`make test-deps`, run by `make test`); without it the test returns
/// early, and fails under `HF_REQUIRE_VECTORS=1` (CI).
@Suite struct WalletAPIBrowserTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    /// The browser, or nil (the test then returns) when it is not installed and not required.
    static func chromium() throws -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = String(directory) + "/chromium"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        if Vectors.required { throw BrowserMissing() }
        print("skipping: chromium is not installed (make test-deps)")
        return nil
    }

    struct BrowserMissing: Error, CustomStringConvertible {
        var description: String { "chromium is not installed: run `make test-deps` (apt-get install -y chromium)" }
    }

    @Test func aPageFromAnAllowedOriginCallsTheWalletWithFetch() async throws {
        guard let chromium = try Self.chromium() else { return }
        let (identity, devnet, address) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        try setUp(try BuiltTool("hf-devnet").run(["fund", address, "50000", "--url", devnet.url]), "hf-devnet fund")
        try setUp(try BuiltTool("hf-devnet").run(["mine", "3", "--url", devnet.url]), "hf-devnet mine")
        try setUp(try watch(["sync"]), "watch sync")

        let allowedPage = try PageServer()
        defer { allowedPage.stop() }
        let otherPage = try PageServer()
        defer { otherPage.stop() }
        try setUp(try watch(["wallet-api", "allow", allowedPage.origin]), "wallet-api allow")
        let wallet = try WalletAPIServer(home: dir.path("watcher"))
        defer { wallet.stop() }
        allowedPage.page = Self.callingPage(wallet: wallet.url)
        otherPage.page = Self.callingPage(wallet: wallet.url)

        let dom = try Self.dumpDOM(chromium, allowedPage.origin + "/", profile: dir.path("chromium-allowed"))
        let expectedHeight = try await Self.devnetHeight(devnet.url)
        #expect(expectedHeight > 1)
        #expect(Self.text(of: "height", in: dom) == "answer 200 {\"height\":\(expectedHeight)}", "\(dom)")
        #expect(Self.text(of: "identity", in: dom) == "answer 200 {\"publicKey\":\"\(identity)\"}", "\(dom)")
        #expect(Self.text(of: "refusal", in: dom)?.hasPrefix("answer 404 ") == true, "the app reads the reason: \(dom)")
        #expect(Self.text(of: "refusal", in: dom)?.contains("\"isError\":true") == true, "\(dom)")

        let refusedDOM = try Self.dumpDOM(chromium, otherPage.origin + "/", profile: dir.path("chromium-other"))
        #expect(Self.text(of: "height", in: refusedDOM) == "failed TypeError", "\(refusedDOM)")
        #expect(Self.text(of: "identity", in: refusedDOM) == "failed TypeError", "\(refusedDOM)")
        #expect(Self.text(of: "carried", in: refusedDOM) == "opaque 0", "a no-cors POST learns nothing: \(refusedDOM)")
        let pending = try watch(["wallet-api", "pending", "--json"]).stdout
        #expect(pending.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing reached the outbox")

        // The refusals came from the wallet (its log), not from the browser giving up on its own.
        let log = wallet.stop()
        #expect(log.contains("\(otherPage.origin) getHeight: refused, WERR_UNAUTHORIZED"), "\(log)")
        #expect(log.contains("\(otherPage.origin) createHmac: refused, WERR_UNAUTHORIZED"), "\(log)")
        #expect(log.contains("\(allowedPage.origin) getHeight: CORS preflight answered"), "\(log)")
        #expect(log.contains("\(allowedPage.origin) getHeight: answered here"), "\(log)")
    }

    /// A page whose script calls the wallet at `wallet` with `fetch`, writes each outcome into an element
    /// (`answer STATUS BODY`, `failed ERRORNAME`, or for the no-cors call `opaque STATUS`), then tells its server it
    /// is done, which lets the page's load event (and Chromium's DOM dump) happen.
    static func callingPage(wallet: String) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>hf-airgap browser test</title></head><body>
        <pre id="height">pending</pre><pre id="identity">pending</pre><pre id="refusal">pending</pre>
        <pre id="carried">pending</pre>
        <script>
        const wallet = "\(wallet)";
        function show(id, text) { document.getElementById(id).textContent = text; }
        async function call(id, method, args) {
          try {
            const response = await fetch(wallet + "/" + method, {
              method: "POST", headers: { "Accept": "application/json", "Content-Type": "application/json" },
              body: JSON.stringify(args) });
            show(id, "answer " + response.status + " " + await response.text());
          } catch (error) { show(id, "failed " + error.name); }
        }
        async function main() {
          await call("height", "getHeight", {});
          await call("identity", "getPublicKey", { identityKey: true });
          await call("refusal", "abortAction", { reference: "AA==" });
          try {
            const opaque = await fetch(wallet + "/createHmac", { method: "POST", mode: "no-cors",
              headers: { "Content-Type": "text/plain" },
              body: JSON.stringify({ counterparty: "self", data: [1], keyID: "1",
                protocolID: [2, "hf airgap test"] }) });
            show("carried", opaque.type + " " + opaque.status);
          } catch (error) { show("carried", "failed " + error.name); }
        }
        main().finally(() => fetch("/done", { method: "POST" }));
        </script>
        <iframe src="/hold" title="held until the calls end"></iframe>
        </body></html>
        """
    }

    /// `chromium --headless=new --dump-dom URL` with its own profile directory; killed after two minutes.
    static func dumpDOM(_ chromium: String, _ url: String, profile: String) throws -> String {
        let child = try Subprocess(
            path: chromium,
            arguments: [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile,
                "--dump-dom", url,
            ],
            defaultSignals: true)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + 120) == .timedOut { child.send(SIGKILL) }
        }
        let (status, dom, stderr) = child.finish()
        finished.signal()
        guard status == 0 else { throw SetupFailed(step: "chromium --dump-dom \(url)", stderr: stderr) }
        return dom
    }

    /// The text of the element with `id` in a dumped DOM (the page writes plain text, escaped by the dump).
    static func text(of id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\">"), let end = dom[start.upperBound...].range(of: "</pre>") else {
            return nil
        }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The devnet's own height (its WhatsOnChain chain summary).
    static func devnetHeight(_ url: String) async throws -> Int {
        let info = try #require(URL(string: url + DevnetAPI.whatsOnChainPrefix + "/chain/info"))
        let (data, _) = try await URLSession.shared.data(from: info)
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["blocks"] as? Int)
    }
}

/// A tiny page server on 127.0.0.1 (`HFHTTPServer`): `GET /` is the page, `GET /hold` answers once the page has
/// posted `/done` (at most a minute later), so that the page's load event waits for its script.
final class PageServer {
    /// What the server's handler reads and the test sets.
    final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var html = ""
        private let done = DispatchSemaphore(value: 0)

        var page: String {
            get { lock.withLock { html } }
            set { lock.withLock { html = newValue } }
        }

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            switch (request.method, request.path) {
            case ("GET", "/"): return .bytes(Array(page.utf8), contentType: "text/html; charset=utf-8")
            case ("GET", "/hold"):
                _ = done.wait(timeout: .now() + 60)
                return .bytes(Array("<p>held</p>".utf8), contentType: "text/html; charset=utf-8")
            case ("POST", "/done"):
                done.signal()
                return .status(204)
            default: return .status(404)
            }
        }
    }

    let server: HTTPServer
    let origin: String
    private let state = State()

    /// The page served at `/`.
    var page: String {
        get { state.page }
        set { state.page = newValue }
    }

    init() throws {
        let state = state
        server = HTTPServer { request in state.answer(request) }
        origin = "http://127.0.0.1:\(try server.start())"
    }

    func stop() { server.stop() }
}
