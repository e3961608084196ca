extension OrdinalsClient {
    /// What is known about one output. Only `.plain` may be spent as an ordinary coin.
    public enum Verdict: Sendable, Equatable {
        /// The indexer knows the output as an inscription, token, listing or lock: the markers found, `origin`
        /// first, then the `data` keys among `insc`, `bsv20`, `bsv21`, `list`, `lock` in alphabetical order.
        /// Never spend it as a fee input.
        case inscribed(markers: [String])
        /// The indexer knows the output and found nothing special on it.
        case plain
        /// The indexer does not know the output (404, or missing from a batch): a plain output, or the indexer
        /// lags. Excluded by default.
        case notIndexed
        /// The indexer could not be asked (5xx, timeout, malformed reply …): possibly an ordinal, so it is excluded;
        /// ask again later.
        case unavailable(NetworkError)

        /// Whether the output may be spent as an ordinary coin: only when the indexer knows it as plain.
        public var maySpend: Bool { self == .plain }
    }
}
