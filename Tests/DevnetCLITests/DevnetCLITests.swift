import Foundation
import HFCrypto
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// `hf-devnet` as a user runs it: `serve`, then `mine` and `fund` through `--url`, SIGTERM, and `--state`.
@Suite struct DevnetCLITests {
    let tool = BuiltTool("hf-devnet")
    let home: TemporaryDirectory
    /// A regtest address (private key 31 zeros and 2).
    let address: String

    init() throws {
        home = try TemporaryDirectory()
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [2])
        address = Address(publicKey: key.publicKey, network: .regtest).string
    }

    @Test func serveMineFundStop() throws {
        let state = home.path("state")
        let server = try ServeProcess(state: state)
        #expect(server.url.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/) != nil)

        let mined = try tool.run(["mine", "3", "--url", server.url, "--json"])
        #expect(mined.exitCode == 0, "\(mined.stderr)")
        let blocks = try JSONDecoder().decode(DevnetControl.MineResult.self, from: Data(mined.stdout.utf8))
        #expect(blocks.hashes.count == 3 && blocks.height == 3)

        let funded = try tool.run(["fund", address, "50000", "--url", server.url, "--json"])
        #expect(funded.exitCode == 0, "\(funded.stderr)")
        let funding = try JSONDecoder().decode(DevnetControl.FundResult.self, from: Data(funded.stdout.utf8))
        #expect(funding.txid.utf8.count == 64 && funding.height == 101)
        #expect(funded.stdout == #"{"height":101,"txid":"\#(funding.txid)"}"# + "\n")

        // The state directory is locked while the server runs.
        let locked = try tool.run(["mine", "1", "--state", state])
        #expect(locked.exitCode == 75 && locked.stderr.hasPrefix("error: ") && locked.stderr.contains("--url"))

        let human = try tool.run(["mine", "2", "--to", address, "--url", server.url])
        #expect(human.exitCode == 0 && human.stdout.split(separator: "\n").count == 2)
        #expect(human.stderr.contains("height 103"))

        let stopped = server.terminate()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stdout.isEmpty && stopped.stderr.contains("stopped (SIGTERM)"))

        // With no server running, --state works on the same chain.
        let after = try tool.run(["mine", "2", "--state", state, "--json"])
        #expect(after.exitCode == 0, "\(after.stderr)")
        let more = try JSONDecoder().decode(DevnetControl.MineResult.self, from: Data(after.stdout.utf8))
        #expect(more.height == 105)
        let again = try tool.run(["fund", address, "1000", "--state", state])
        #expect(again.exitCode == 0 && again.stdout.utf8.count == 65 && again.stderr.contains("height 106"))
    }

    @Test func usageAndUnreachableServer() throws {
        let state = home.path("state")
        for arguments in [
            ["mine", "1"], ["mine", "1", "--state", state, "--url", "http://127.0.0.1:1"],
            ["mine", "0", "--state", state],
            ["mine", "x", "--state", state], ["mine", "1", "--to", "nonsense", "--state", state],
            ["fund", "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "5", "--state", state],
            ["fund", address, "0", "--state", state], ["mine", "1", "--url", "ftp://host"], ["serve"],
            ["serve", "--state", state, "--port", "70000"],
        ] {
            let result = try tool.run(arguments)
            #expect(result.exitCode == 64 && result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: state))

        let refusing = try RefusingPort()
        let unreachable = try tool.run(["fund", address, "5", "--url", "http://127.0.0.1:\(refusing.port)"])
        #expect(unreachable.exitCode == 75 && unreachable.stderr.contains("hf-devnet serve"), "\(unreachable.stderr)")
        let notDevnet = HTTPServer { _ in .status(404) }
        let other = try notDevnet.start()
        defer { notDevnet.stop() }
        let wrong = try tool.run(["mine", "1", "--url", "http://127.0.0.1:\(other)"])
        #expect(wrong.exitCode == 1 && wrong.stderr.contains("not an hf-devnet"), "\(wrong.stderr)")

        let help = try tool.run(["--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("serve") && help.stdout.contains("fund"))
    }
}
