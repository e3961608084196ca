// hf-store-crashtest DIRECTORY SEED
//
// The child process of HFStoreTests' crash test: opens the header store in DIRECTORY (database `store.sqlite`,
// network `main`, checkpoint hash 32 × 0x11), prints `ready COUNT`, then appends, rewrites suffixes and resets at
// random (seeded by SEED) until it is killed. Before each operation it prints one line naming it, with an unbuffered
// write(2), so the parent knows which operation was in flight when SIGKILL arrived:
//
//   replace INDEX COUNT GENERATION    replaceRecords(from: INDEX, with: COUNT records of GENERATION)
//   reset                             reset()
//
// Record j (absolute position) of generation g is `CrashTestRecord.make(generation: g, position: j)`; the parent
// has the same function. Not a product: it is built only for the tests.

import HFStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The deterministic 80-byte record for a generation and an absolute position (the test has a copy).
func makeRecord(generation: UInt64, position: UInt64) -> [UInt8] {
    var record = [UInt8](repeating: 0, count: 80)
    for i in 0..<8 {
        record[i] = UInt8(truncatingIfNeeded: generation >> (8 * UInt64(i)))
        record[8 + i] = UInt8(truncatingIfNeeded: position >> (8 * UInt64(i)))
    }
    for i in 16..<80 {
        record[i] = UInt8(truncatingIfNeeded: generation &* 31 &+ position &* 7 &+ UInt64(i))
    }
    return record
}

/// SplitMix64: a small seeded generator, so a failing run can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes one line to stdout at once (a pipe write this short is atomic).
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// Reports a failure on stderr and exits 1.
func fail(_ message: String) -> Never {
    let bytes = Array("hf-store-crashtest: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else { fail("usage: hf-store-crashtest DIRECTORY SEED") }
let directory = arguments[1]

do {
    let database = try Database(path: directory + "/store.sqlite")
    let store = try HeaderFileStore(
        directory: directory, network: "main", checkpointHash: [UInt8](repeating: 0x11, count: 32),
        database: database)
    say("ready \(store.count)")
    var random = SplitMix64(state: seed)
    for operation in 0..<100_000 {
        let generation = seed * 1_000_000 + UInt64(operation)
        let count = store.count
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 3 {
            say("reset")
            try store.reset()
            continue
        }
        let index: Int
        let newCount: Int
        if roll < 50 || count == 0 {
            index = count  // Append.
            newCount = count > 3000 ? 0 : Int.random(in: 1...25, using: &random)
        } else {
            index = count - Int.random(in: 1...min(count, 40), using: &random)  // Rewrite a suffix (a reorg).
            newCount = Int.random(in: 0...50, using: &random)
        }
        let records = (0..<newCount).map { makeRecord(generation: generation, position: UInt64(index + $0)) }
        say("replace \(index) \(newCount) \(generation)")
        try store.replaceRecords(from: index, with: records)
    }
    say("finished")
} catch {
    fail("\(error)")
}
