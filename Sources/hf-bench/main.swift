import Foundation
import HFSystem

/// hf-bench: runs the named benchmark cases (all when none is named) and prints one JSON line per case.
///
///     hf-bench [--list] [CASE…]
let cases: [BenchmarkCase] = [
    KeyBenchmarks.type42, KeyBenchmarks.bip32, HeaderBenchmarks.validate, ReceiptBenchmarks.verify,
    BackupBenchmarks.open, SigningBenchmarks.sign1000, EngineBenchmarks.reconstruct, EngineBenchmarks.send,
    QRBenchmarks.frames, QRBenchmarks.encode, QRBenchmarks.decode, QRFollowBenchmarks.follow, QRLossBenchmarks.loss,
    CatchUpBenchmarks.catchUp,
    HomeBenchmarks.open,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == HomeBenchmarks.childFlag {
    ExitStatus(rawValue: HomeBenchmarks.runChild(path: arguments[1])).exitProcess()
}
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: hf-bench [--list] [CASE...]\nRuns benchmark cases; prints one JSON line each (ratio = speed/limit).")
    ExitStatus.success.exitProcess()
}
if arguments == ["--list"] {
    for benchmark in cases { print("\(benchmark.name)\t\(benchmark.summary)") }
    ExitStatus.success.exitProcess()
}
let unknown = arguments.filter { name in !cases.contains { $0.name == name } }
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("error: unknown case \(unknown[0]); see hf-bench --list\n".utf8))
    ExitStatus.usage.exitProcess()
}
var failed = false
for benchmark in cases where arguments.isEmpty || arguments.contains(benchmark.name) {
    do {
        print(try benchmark.run().json)
    } catch {
        FileHandle.standardError.write(Data("error: \(benchmark.name) failed: \(error)\n".utf8))
        failed = true
    }
}
(failed ? ExitStatus.software : .success).exitProcess()
