import HFPrimitives
public import HFSPV

/// The Swift source of a mainnet checkpoint, in the form of `Sources/HFSPV/Checkpoints`: the whole
/// `MainnetCheckpointHeaders.swift` and the `Checkpoint.main` declaration that goes into `Checkpoint.swift`.
public enum CheckpointSource {
    /// The complete `MainnetCheckpointHeaders.swift` for `checkpoint`.
    public static func headersFile(_ checkpoint: Checkpoint) -> String {
        let first = checkpoint.firstContextHeight
        let last = checkpoint.height
        let context = checkpoint.headers.count - 1
        var text = """
            /// Mainnet checkpoint data: the headers of BSV blocks \(first)…\(last), the checkpoint (\(last)) last.
            ///
            /// Public chain facts, written by `hf-watcher checkpoint propose` (every field of every header fetched from
            /// JungleBus and WhatsOnChain and cross-checked) and checked against the checkpoint hash at start-up by
            /// `Checkpoint.main`. The \(context) headers before the checkpoint are the difficulty \
            context of the 144-block rule (the
            /// first block after the checkpoint needs the median-by-time of blocks \(first)…\(first + 2)).
            enum MainnetCheckpointHeaders {
                /// Hex of \(checkpoint.headers.count) raw 80-byte headers, oldest first.
                static let hex: [String] = [

            """
        for (offset, header) in checkpoint.headers.enumerated() {
            text += "        \"\(Hex.encode(header.serialized))\",  // \(first + offset)\n"
        }
        text += "    ]\n}\n"
        return text
    }

    /// The `Checkpoint.main` declaration (its doc comment and three lines, indented as in `Checkpoint.swift`).
    public static func declaration(_ checkpoint: Checkpoint) -> String {
        let hash = checkpoint.hash.displayHex
        return """
                /// BSV mainnet block \(checkpoint.height) (`\(hash.prefix(24))…\(hash.suffix(8))`) and the \
            \(checkpoint.headers.count - 1) headers before it.
                public static let main = Checkpoint(
                    network: .main, height: \(grouped(checkpoint.height)), headers: \
            MainnetCheckpointHeaders.hex.map(Self.header(hex:)))

            """
    }

    /// `887000` as `887_000`, as Swift sources write long numbers.
    static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: "_")
    }
}
