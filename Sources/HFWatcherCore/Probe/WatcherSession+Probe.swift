public import HFBundles
import HFNetwork
import HFPrimitives
import HFStore
import HFSystem

/// `probe`: which addresses of a `.hfprobe` have history on the chain, written as a `.hfproberesult`.
extension WatcherSession {
    /// Reads the `.hfprobe` `bytes` (from `source`), asks WhatsOnChain (or hf-devnet, which serves the same routes)
    /// for the confirmed and the mempool history of all its addresses in bulk — 20 addresses a request, so
    /// `2 × ⌈n / 20⌉` requests for `n` distinct addresses, never one per address — and writes the answer to the
    /// new file `out`. Nothing is stored in the home and nothing is watched: a probe is a question, not an import.
    ///
    /// - Throws: `WatcherError.rejected` for a secret, a bundle of another kind or a malformed probe (another
    ///   network's included); `.cannotCreate` when `out` exists or cannot be written; `.service` when the service
    ///   fails. Nothing is written then.
    public func probe(_ bytes: [UInt8], source: String, out: String) async throws(WatcherError) -> ProbeResultBundle {
        try WatcherBundleGate.admit(bytes, as: .probe, source: source)
        let network = services.network
        let probe: ProbeBundle
        do { probe = try ProbeBundle(decoding: bytes, expectedNetwork: network) } catch {
            throw .rejected(reason: "\(source): not a valid probe: \(error); nothing was written")
        }
        guard !FileSystem.exists(out) else {
            throw .cannotCreate(reason: "'\(out)' already exists; choose another path or move the old file away")
        }
        var distinct: [Address] = []
        var seen: Set<String> = []
        for preset in probe.presets {
            for address in preset.addresses where seen.insert(address.string).inserted { distinct.append(address) }
        }
        let confirmed: [String: [WhatsOnChainClient.HistoryItem]]
        let unconfirmed: [String: [WhatsOnChainClient.HistoryItem]]
        do {
            confirmed = try await services.whatsOnChain.confirmedHistory(ofAll: distinct)
            unconfirmed = try await services.whatsOnChain.unconfirmedHistory(ofAll: distinct)
        } catch { throw .service(reason: error.description) }
        func used(_ address: Address) -> Bool {
            !(confirmed[address.string] ?? []).isEmpty || !(unconfirmed[address.string] ?? []).isEmpty
        }
        let result: ProbeResultBundle
        do {
            result = try ProbeResultBundle(
                network: network, createdAt: try RFC3339Timestamp.now(), probeDigest: probe.digest,
                presets: probe.presets.map { preset in
                    .init(name: preset.name, checked: preset.addresses.count, used: preset.addresses.filter(used))
                })
        } catch { throw .rejected(reason: "cannot build the probe result: \(error)") }
        do { try FileWriter.createNew(out, contents: result.encoded(), permissions: 0o644) } catch {
            throw .cannotCreate(reason: "cannot write '\(out)': \(FileSystemError(error).description)")
        }
        return result
    }
}
