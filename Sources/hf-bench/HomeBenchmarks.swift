import Foundation
import HFCrypto
import HFHome
import HFPrimitives
import HFSPV
import HFStore
import HFSystem


/// `home.open` (issue #13, item 12): opening a home and its header chain costs O(1) in the chain's length.
enum HomeBenchmarks {
    /// The stored headers of the small and the large home.
    static let counts = (small: 10_000, large: 1_000_000)

    /// `home.open`: open a home and its regtest header chain holding 10,000 and 1,000,000 stored headers. `seconds`
    /// is the large home's time, `limitSeconds` the small one's, so `ratio` is small ÷ large (aim: ≥ 0.77, i.e. the
    /// large one within 1.3×); `memoryRatio` is the peak resident memory of a process opening the large home over
    /// that of one opening the small home, each less a process that opens nothing (aim: ≤ 1.3).
    static let open = BenchmarkCase(
        name: "home.open",
        summary: "open a home + regtest header chain of 1,000,000 stored headers; limit: the same at 10,000"
    ) {
        let small = try BenchHome(headers: counts.small)
        let large = try BenchHome(headers: counts.large)
        // Interleaved, best of 15 each: the two homes see the same background load.
        var smallSeconds = Double.infinity
        var largeSeconds = Double.infinity
        for _ in 0..<15 {
            smallSeconds = min(smallSeconds, try measure(repeats: 1) { blackHole(try small.open()) })
            largeSeconds = min(largeSeconds, try measure(repeats: 1) { blackHole(try large.open()) })
        }
        let baseline = try peakResidentKiB(opening: nil)
        let smallKiB = try peakResidentKiB(opening: small.path) - baseline
        let largeKiB = try peakResidentKiB(opening: large.path) - baseline
        return BenchmarkReport(
            name: "home.open", n: 1, seconds: largeSeconds, limitSeconds: smallSeconds,
            extra: [
                ("smallHeaders", Double(counts.small)), ("largeHeaders", Double(counts.large)),
                ("smallSeconds", smallSeconds), ("largeSeconds", largeSeconds),
                ("timeRatio", largeSeconds / smallSeconds),
                ("baselineKiB", Double(baseline)), ("smallKiB", Double(smallKiB)), ("largeKiB", Double(largeKiB)),
                ("memoryRatio", Double(largeKiB) / Double(max(1, smallKiB))),
                ("peakRatio", Double(baseline + largeKiB) / Double(baseline + smallKiB)),
            ])
    }

    /// The argument that makes hf-bench a child that only opens the home at the next argument (`-`: opens
    /// nothing, for the baseline), prints its peak resident memory in KiB and exits.
    static let childFlag = "--home-open-child"

    /// The child's work: open the home at `path` (unless `-`) and its chain, print the peak resident memory.
    static func runChild(path: String) -> Int32 {
        if path != "-" {
            do { blackHole(try BenchHome.open(path: path)) } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                return 70
            }
        }
        guard let peak = peakResidentKiB() else { return 70 }
        print(peak)
        return 0
    }

    /// `VmHWM` of this process, from `/proc/self/status`.
    private static func peakResidentKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    /// The peak resident memory, in KiB, of a fresh hf-bench process that opens the home at `path` (nil: opens
    /// nothing) — what a command pays for opening, process and all; less the baseline it is the opening's own.
    private static func peakResidentKiB(opening path: String?) throws -> Int {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [childFlag, path ?? "-"]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.terminationStatus == 0, let peak = Int(text) else {
            throw BenchHomeError.setup("the child failed (status \(child.terminationStatus))")
        }
        return peak
    }
}

/// A throwaway home (removed when released) whose regtest header store holds `headers` mined headers, written in
/// one append (1,000,000 headers take about a second to mine).
private final class BenchHome {
    enum Program: HomeProgram {
        typealias Failure = BenchHomeError
        static let layout = HomeLayout(application: "hf-bench", databaseName: "bench.sqlite", migrator: Migrator([]))
    }

    let path: String

    init(headers: Int) throws {
        path = try FileSystem.makeTemporaryDirectory(prefix: "/tmp/hf-bench-home-")
        let home = try ApplicationHome<Program>.create(explicit: path, environment: [:])
        try home.headerStore(network: .regtest).replaceRecords(from: 0, concatenated: Self.mine(headers))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Opens the home and its chain, as every command does.
    func open() throws -> HeaderChain { try Self.open(path: path) }

    static func open(path: String) throws -> HeaderChain {
        let chain = try ApplicationHome<Program>.open(explicit: path, environment: [:]).headerChain(network: .regtest)
        precondition(chain.validatedTipHeight > 0)
        return chain
    }

    /// `count` linked regtest headers above the genesis, 10 minutes apart, concatenated: each is a header whose
    /// double SHA-256 has its top byte below 0x7f, which meets bits 0x207fffff.
    private static func mine(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 80)
        var previous = Checkpoint.regtest.hash.internalBytes
        var time = Checkpoint.regtest.header.time
        var record = [UInt8](repeating: 0, count: 80)
        for index in 0..<count {
            time += 600
            put(0x2000_0000, at: 0, in: &record)
            record.replaceSubrange(4..<36, with: previous)
            put(UInt32(truncatingIfNeeded: index), at: 36, in: &record)
            put(time, at: 68, in: &record)
            put(0x207f_ffff, at: 72, in: &record)
            var nonce: UInt32 = 0
            var hash: [UInt8]
            repeat {
                put(nonce, at: 76, in: &record)
                hash = Hash.hash256(record)
                nonce += 1
            } while hash[31] >= 0x7f
            bytes.append(contentsOf: record)
            previous = hash
        }
        return bytes
    }

    private static func put(_ value: UInt32, at offset: Int, in record: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { record.replaceSubrange(offset..<offset + 4, with: $0) }
    }
}

/// Why the bench's home failed.
enum BenchHomeError: HomeFailure {
    case home(HomeDirectoryError)
    case notInitialized(path: String)
    case database(DatabaseError)
    case headerStore(HeaderStoreError)
    case headerChain(HeaderChainError)
    case setup(String)
}
