import Foundation
import HFPrimitives

/// The BEEF `listOutputs` gives with `include: "entire transactions"`, so that an application can spend the outputs
/// it lists: built as `hf-watcher export beef` builds one (``BeefExport``: the store first, WhatsOnChain second,
/// every proof checked against the watcher's validated chain).
extension WalletAPI {
    /// The serialized BEEF (V1) of `txids`, each with the ancestors it needs.
    /// - Throws: `WalletAPIRefusal.internalError` naming why it cannot be built (a block above the validated tip, an
    ///   unmined transaction whose parents nobody knows, a service that fails).
    func beef(of txids: [Txid]) throws(WalletAPIRefusal) -> [UInt8] {
        let (homePath, network) = (self.homePath, self.network)
        // The answer runs on the connection's own thread: it waits here while the export runs on the pool.
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        gate.lock()
        Task {
            do throws(WatcherError) {
                let session = try WatcherSession.open(home: try WatcherHome.open(explicit: homePath), network: network)
                outcome.set(.success(try await BeefExport(session).beef(of: txids).serialized))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        gate.unlock()
        switch outcome.value {
        case .success(let bytes)?: return bytes
        case .failure(let error)?:
            throw .internalError("the BEEF of the listed outputs cannot be built: \(error.description)")
        case nil: throw .internalError("the BEEF of the listed outputs was not built")
        }
    }

    /// The export's result, handed from the pool to the waiting thread (written once, before the signal).
    private final class Outcome: @unchecked Sendable {
        private(set) var value: Result<[UInt8], WatcherError>?
        func set(_ result: Result<[UInt8], WatcherError>) { value = result }
    }
}
