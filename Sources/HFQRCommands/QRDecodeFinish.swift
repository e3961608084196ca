import HFBundles
import HFCommandLine
import HFCrypto
import HFPrimitives
import HFQR
import HFSystem

/// The end of every `qr decode`-style command (`qr decode`, `qr decode --follow`, `qr scan`): decide the outcome of
/// the scan, write the one valid bundle with the create-new writer, and print the summary or the `--json` report.
enum QRDecodeFinish {
    /// Refuses an `--out` that already exists (checked before anything is read, again by the create-new writer).
    /// - Throws: `CommandError` 73.
    static func checkOutAbsent(_ out: String) throws(CommandError) {
        if (try? FileSystem.linkStatus(out)) != nil {
            throw .cannotCreate("'\(out)' already exists; choose another path or move the old file away")
        }
    }

    /// Writes the scan's bundle to `out` and prints `wrote …` (or the report); exits 65 without writing when the
    /// scan holds no single valid bundle.
    static func finish(_ scan: inout QRScan, out: String, context: CommandContext) throws -> ExitCode {
        scan.endProgress()
        let outcome = QRDecodeOutcome(scan)
        for warning in outcome.warnings { scan.warn(warning) }
        var report = outcome.report(warnings: scan.warnings)
        let payload: ScannedPayload
        switch outcome.single {
        case .success(let found): payload = found
        case .failure(let failure):
            throw try fail(CommandError(.dataError, failure.message, code: "noCompleteBundle"), report: report,
                           context: context)
        }
        let kind = try? BundleKind.detect(payload.bytes)
        try OutputFile.createNew(out, contents: payload.bytes, mode: 0o644)
        report.complete = true
        report.out = out
        report.kind = kind.map(QRBundle.name(of:))
        report.bytes = payload.bytes.count
        report.sha256 = Hex.encode(payload.sha256)
        report.source = payload.animation.description
        if context.globals.json {
            try Output.json(report)
        } else {
            Output.result("wrote \(out): \(report.kind ?? "bundle"), \(payload.bytes.count) bytes, sha256 "
                + "\(report.sha256 ?? ""), from \(payload.animation)")
        }
        return .success
    }

    /// Writes every complete bundle of the scan into `outDir` (created, mode 0755, when missing), each as
    /// `<first 16 hex digits of its SHA-256>.<kind>` with the create-new writer, and prints one `wrote …` line per file
    /// (or the report). Animations that gave no bundle are reported; they do not stop the others, but the exit
    /// status is then 65. Nothing is written when no bundle is complete, or when a target file already exists (73).
    static func finishAll(_ scan: inout QRScan, outDir: String, context: CommandContext) throws -> ExitCode {
        scan.endProgress()
        let outcome = QRDecodeOutcome(scan)
        var report = outcome.report(warnings: scan.warnings)
        report.outDir = outDir
        report.unfinished = outcome.unfinished
        let payloads = outcome.bundles
        guard !payloads.isEmpty else {
            throw try fail(CommandError(.dataError, outcome.failureMessage ?? "no bundle was complete",
                                        code: "noCompleteBundle"), report: report, context: context)
        }
        let base = outDir.hasSuffix("/") ? outDir : outDir + "/"
        let targets = payloads.map { payload in
            let kind = try? BundleKind.detect(payload.bytes)
            return (payload, kind, base + Hex.encode(Array(payload.sha256.prefix(8))) + "."
                + (kind.map(QRBundle.name(of:)) ?? "bundle"))
        }
        for (_, _, path) in targets { try checkOutAbsent(path) }
        try FrameDirectory.ensure(outDir)
        var written: [QRDecodeReport.WrittenFile] = []
        for (payload, kind, path) in targets {
            try OutputFile.createNew(path, contents: payload.bytes, mode: 0o644)
            let file = QRDecodeReport.WrittenFile(
                out: path, kind: kind.map(QRBundle.name(of:)), bytes: payload.bytes.count,
                sha256: Hex.encode(payload.sha256), source: payload.animation.description)
            written.append(file)
            if !context.globals.json {
                Output.result("wrote \(path): \(file.kind ?? "bundle"), \(file.bytes) bytes, sha256 \(file.sha256), "
                    + "from \(payload.animation)")
            }
        }
        report.files = written
        report.complete = outcome.unfinished.isEmpty
        guard outcome.unfinished.isEmpty else {
            let failure = CommandError(
                .dataError, "\(written.count) bundle\(written.count == 1 ? " was" : "s were") written; "
                    + outcome.unfinished.joined(separator: "; "), code: "incompleteAnimation")
            throw try fail(failure, report: report, context: context)
        }
        if context.globals.json { try Output.json(report) }
        return .success
    }

    /// Stops without writing: with `--json` the report carries `error` and is printed, and the error is returned
    /// for the caller to throw.
    static func fail(_ failure: CommandError, report: QRDecodeReport, context: CommandContext) throws
        -> CommandError
    {
        guard context.globals.json else { return failure }
        var report = report
        report.error = failure.jsonObject
        try Output.json(report)
        return failure.carriedInJSONReport()
    }

    /// Stops a live scan that ended before a bundle was complete (timeout, SIGINT): nothing is written, and the
    /// message names what was missing. With `reportsJSON` false the error is left to the runner's `{"error":…}`.
    static func stop(_ scan: inout QRScan, _ exitCode: ExitCode, code: String, reason: String, reportsJSON: Bool,
                     context: CommandContext) throws -> CommandError
    {
        scan.endProgress()
        let outcome = QRDecodeOutcome(scan)
        let missing = outcome.failureMessage ?? "no bundle was complete"
        let failure = CommandError(exitCode, "\(reason); nothing was written; \(missing)", code: code)
        guard reportsJSON else { return failure }
        return try fail(failure, report: outcome.report(warnings: scan.warnings), context: context)
    }
}
