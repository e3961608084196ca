import HFCommandLine
import HFWallet

/// `--max N`: how many indexes of every chain and scheme a search for an unknown address covers (`address find`,
/// and `import`'s auto-rediscovery of a receipt's payees), 1 to 100000, 10000 by default.
enum AddressSearchOption {
    /// The option, declared once for help and parsing.
    static let help = OptionHelp(
        "--max", value: "n", help: "Indexes searched per chain and scheme, 1 to 100000 (default 10000).")

    /// Reads `--max` (the standard search when it is not given).
    /// - Throws: `UsageError` when it is not a whole number from 1 to `AddressSearch.maximumBound`.
    static func parse(_ arguments: inout Arguments) throws -> AddressSearch {
        guard let text = try arguments.option(help) else { return .standard }
        guard let bound = UInt32(text), let search = AddressSearch(bound: bound) else {
            throw UsageError("--max must be a whole number from 1 to \(AddressSearch.maximumBound), not '\(text)'")
        }
        return search
    }
}
