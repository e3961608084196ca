import Foundation

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
if arguments.count == 2, arguments[0] == HomeBenchmarks.childFlag { exit(HomeBenchmarks.runChild(path: arguments[1])) }
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: hf-bench [--list] [CASE...]\nRuns benchmark cases; prints one JSON line each (ratio = speed/limit).")
    exit(0)
}
if arguments == ["--list"] {
    for benchmark in cases { print("\(benchmark.name)\t\(benchmark.summary)") }
    exit(0)
}
let unknown = arguments.filter { name in !cases.contains { $0.name == name } }
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("error: unknown case \(unknown[0]); see hf-bench --list\n".utf8))
    exit(64)
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
exit(failed ? 70 : 0)
