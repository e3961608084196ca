public import HFSPV

/// Splitting a header catch-up (`export headers --out-dir`) into consecutive bundles.
public enum HeaderCatchUp {
    /// The most headers one `.hfheaders` bundle carries, the product's bundle size.
    public static let bundleSize = 10_000

    /// The height ranges of the bundles that carry every validated header from `start` to the tip: consecutive runs
    /// of `size` headers, the last one shorter.
    ///
    /// - Parameter size: headers per bundle, 1 to ``bundleSize``; the product always uses ``bundleSize``.
    /// - Throws: `WatcherError.rejected` when `start` is at or below the checkpoint or above the validated tip.
    public static func runs(
        chain: HeaderChain, from start: Int, size: Int = bundleSize
    ) throws(WatcherError) -> [ClosedRange<Int>] {
        precondition((1...bundleSize).contains(size), "a header bundle holds 1 to \(bundleSize) headers")
        let checkpoint = chain.checkpoint.height
        guard start > checkpoint else {
            throw .rejected(reason: "--from must be above the checkpoint \(checkpoint) (the signer's tip + 1)")
        }
        let tip = chain.validatedTipHeight
        guard tip >= start else {
            throw .rejected(reason: "no validated headers from \(start): the watcher's tip is \(tip); run sync")
        }
        return stride(from: start, through: tip, by: size).map { $0...min(tip, $0 + size - 1) }
    }

    /// The file name of the bundle carrying `run`: `<first>-<last>.hfheaders`.
    public static func fileName(_ run: ClosedRange<Int>) -> String {
        "\(run.lowerBound)-\(run.upperBound).hfheaders"
    }
}
