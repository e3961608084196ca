import Foundation
import HFCommandLine
import HFWatcherCore

/// The directory of a header catch-up: one new `<first>-<last>.hfheaders` file per run, all or none.
struct HeaderBundleDirectory {
    let path: String

    init(_ path: String) { self.path = path }

    /// The path of the bundle of `run`.
    func file(_ run: ClosedRange<Int>) -> String {
        (path.hasSuffix("/") ? path : path + "/") + HeaderCatchUp.fileName(run)
    }

    /// Writes the bundle of each run (its bytes from `encode`) as a new file, and returns their paths in run order.
    ///
    /// Every name is checked before anything is written: a taken one refuses the whole catch-up (73) with the
    /// directory as it was (a re-export after more blocks needs a new or emptied directory; an old bundle is never
    /// overwritten, nor silently kept beside a new one that overlaps it). Every bundle is built before the first
    /// file is created; if a write fails, the files this call created are removed again.
    func write(
        _ runs: [ClosedRange<Int>], encode: (ClosedRange<Int>) throws(CommandError) -> [UInt8]
    ) throws(CommandError) -> [String] {
        let files = runs.map(file)
        if let taken = files.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .cannotCreate(
                "'\(taken)' already exists; nothing was written — export into a new or empty directory, or move the "
                    + "old bundles away")
        }
        var contents: [[UInt8]] = []
        for run in runs { contents.append(try encode(run)) }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .cannotCreate("cannot create '\(path)': \(error.localizedDescription)")
        }
        var written: [String] = []
        do throws(CommandError) {
            for (file, bytes) in zip(files, contents) {
                try OutputFile.createNew(file, contents: bytes, mode: 0o644)
                written.append(file)
            }
        } catch {
            for file in written { try? FileManager.default.removeItem(atPath: file) }
            throw error
        }
        return written
    }
}
