import Foundation
import HFSystem

/// The `createAction` calls this home has signed, so that one call never pays twice: `<home>/calls/<callId>` holds
/// the txid of the payment it made, written (0600) right after the payment is kept, before the answer file. A crash
/// between the two leaves the payment pending without the record; `pending list` shows it and `pending cancel`
/// releases it.
struct AnsweredActions {
    /// `<home>/calls`.
    let directory: String

    /// The record directory of the home at `homePath`.
    init(homePath: String) { directory = homePath + "/calls" }

    /// The txid a call was answered with, nil when it was not.
    func txid(of callID: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + callID).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Records that `callID` paid `txid`.
    func record(_ callID: String, txid: String) throws(SignerError) {
        do {
            if !FileManager.default.fileExists(atPath: directory) {
                try FileSystem.makeDirectory(directory, permissions: 0o700)
            }
            try FileWriter.createNew(directory + "/" + callID, contents: Array(txid.utf8), permissions: 0o600)
        } catch {
            throw .cannotCreate(reason: "the payment \(txid) is kept, but its call record could not be written: \(error)")
        }
    }
}
