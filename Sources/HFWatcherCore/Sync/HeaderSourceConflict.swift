import Foundation
public import HFPrimitives
import HFSystem

/// The record of a settled disagreement between the two header providers (issue 17): a file
/// `header-conflict.<network>` in the watcher's home holding the sentence `sync` stopped with.
///
/// `sync` writes it when the providers disagree at least ``HeaderSourceComparison/settledDepth`` below the tip;
/// while it exists `export headers` refuses. It is cleared only by a later `sync` whose two providers agree over
/// every height they both answered (after one of them was fixed or replaced with `config set`).
public struct HeaderSourceConflict: Sendable {
    /// The file's path.
    public let path: String

    /// The record of `network` in the home at `homePath`.
    public init(homePath: String, network: Network) {
        path = homePath + "/header-conflict." + network.rawValue
    }

    /// The recorded disagreement, or nil when there is none.
    public func read() -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Records `reason`, the disagreement's sentence (replacing an earlier record).
    public func record(_ reason: String) throws(WatcherError) {
        do { try FileWriter.replaceAtomically(path, contents: Array(reason.utf8), permissions: .ownerReadWrite) } catch {
            throw .headerStorage(reason: "cannot record the header sources' disagreement in \(path): \(error)")
        }
    }

    /// Removes the record (nothing happens when there is none).
    public func clear() { FileSystem.removeIfPresent(path) }

    /// Throws while a disagreement is recorded: what `export headers` asks first.
    public func requireNone() throws(WatcherError) {
        guard let reason = read() else { return }
        throw .rejected(
            reason: "the header sources disagree (\(reason)); nothing is exported until a `sync` finds them agreeing "
                + "again: check which service is wrong, fix or replace it with `hf-watcher config set`, then sync")
    }
}
