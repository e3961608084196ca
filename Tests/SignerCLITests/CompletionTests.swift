import Foundation
import HFTestSupport
import Testing

/// `completion bash|zsh|fish` of both tools (issue 28): the scripts parse (`bash -n`), and the bash one, loaded into
/// a real bash, completes subcommands, options, networks and files from the commands' declarations.
@Suite struct CompletionTests {
    /// What the bash completion offers for `words` (the last one being completed).
    func complete(_ tool: String, _ words: [String], in directory: String? = nil) throws -> [String] {
        let script = try BuiltTool(tool).run(["completion", "bash"])
        #expect(script.exitCode == 0, "\(script.stderr)")
        let dir = try TemporaryDirectory()
        let path = try dir.write("completion.bash", script.stdout)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = """
            \(directory.map { "cd '\($0)' && " } ?? "")source '\(path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _\(tool.replacingOccurrences(of: "-", with: "_"))
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = try Subprocess(path: "/bin/bash", arguments: ["-c", program]).finish()
        #expect(bash.status == 0, "\(bash.stderr)")
        return bash.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: ["hf-signer", "hf-watcher"])
    func everyScriptParses(tool: String) throws {
        let dir = try TemporaryDirectory()
        for shell in ["bash", "zsh"] {
            let script = try BuiltTool(tool).run(["completion", shell])
            #expect(script.exitCode == 0 && script.stdout.contains("complete -F _\(tool.replacingOccurrences(of: "-", with: "_")) \(tool)"))
            let checked = try Subprocess(path: "/bin/bash", arguments: ["-n", try dir.write("\(shell).sh", script.stdout)]).finish()
            #expect(checked.status == 0, "\(shell): \(checked.stderr)")
        }
        let fish = try BuiltTool(tool).run(["completion", "fish"])
        #expect(fish.exitCode == 0 && fish.stdout.contains("complete -c \(tool) -l network -x -a 'main test regtest'"))
    }

    @Test func bashCompletesCommandsOptionsNetworksAndFiles() throws {
        #expect(try complete("hf-signer", ["hf-signer", "wal"]) == ["wallet"])
        #expect(try complete("hf-signer", ["hf-signer", "wallet", "cr"]) == ["create"])
        #expect(try complete("hf-signer", ["hf-signer", "--network", "r"]) == ["regtest"])
        #expect(try complete("hf-signer", ["hf-signer", "--home", "/tmp/x", "wallet", "create", "--mn"]) == ["--mnemonic-out"])
        #expect(try complete("hf-watcher", ["hf-watcher", "export", "up"]) == ["update"])
        #expect(try complete("hf-watcher", ["hf-watcher", "sta"]) == ["status"])
        let dir = try TemporaryDirectory()
        _ = try dir.write("pay.hftx", "x")
        #expect(try complete("hf-watcher", ["hf-watcher", "broadcast", "pa"], in: dir.path("")) == ["pay.hftx"])
        #expect(try complete("hf-signer", ["hf-signer", "send", "--out", "pa"], in: dir.path("")) == ["pay.hftx"])
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try BuiltTool("hf-signer").run(["completion", "tcsh"])
        #expect(result.exitCode == 64 && result.stderr.contains("unknown shell 'tcsh'; use bash, zsh or fish"), "\(result.stderr)")
    }
}
