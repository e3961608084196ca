import HFCommandLine
import HFSignerCore
import HFWallet

/// The one import path of `import FILE…` and `scan`: every bundle given at once, header bundles first in height
/// order, then the others in the order given; one line per bundle; a rejected bundle does not stop the others.
enum ImportBatch {
    /// One bundle to import: where it came from (named in its line and its error) and its bytes, or why they could
    /// not be read.
    struct Item {
        let source: String
        let contents: Result<[UInt8], SignerError>
    }

    /// Imports every item into the wallet `selection` names.
    /// - Parameter label: the prefix of an accepted item's line, from its source and report.
    /// - Throws: the first rejection (`CommandError`, 65 for a bad bundle); later ones are printed as they happen.
    static func run(
        _ items: [Item], wallet selection: WalletSelection, search: AddressSearch = .standard,
        session: SignerSession, context: CommandContext,
        label: (String, ImportReport) -> String = { source, _ in source }
    ) throws(CommandError) {
        var failed: CommandError?
        for entry in ImportOrder.order(items.map { try? $0.contents.get() }) {
            let item = items[entry.index]
            do throws(CommandError) {
                let report: ImportReport
                if let headers = entry.headers {
                    report = ImportReport(try signerOperation { () throws(SignerError) in try session.importHeaders(headers) })
                } else if let parsed = entry.parsed {
                    report = try ImportReport.importing(
                        parsed, wallet: selection, search: search, session: session, context: context,
                        source: item.source)
                } else {
                    let bytes = try signerOperation { () throws(SignerError) in try item.contents.get() }
                    report = try ImportReport.importing(
                        bytes, wallet: selection, search: search, session: session, context: context, source: item.source)
                }
                try report.print(source: label(item.source, report), context: context)
            } catch {
                let rejection = CommandError(error.exitCode, "\(item.source): \(error.message)", code: error.code)
                if failed != nil { Output.message("error: \(rejection.message)") } else { failed = rejection }
            }
        }
        if let failed { throw failed }
    }
}
