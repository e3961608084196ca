public import HFCommandLine
public import HFQR

/// A scan session fed from the command line's files, directories and stdin, remembering what to tell the user:
/// files without codes, frames that were rejected or that contradict their animation.
public struct QRScan {
    /// The session.
    public private(set) var session = ScanSession()
    /// Warnings, in order (each also printed on stderr unless quiet).
    public private(set) var warnings: [String] = []
    /// Last parts seen before any other part of their series.
    private(set) var heldLastParts: [BBQrHeader] = []
    /// Whether to keep a progress line on stderr (a terminal, and no `--json`).
    let showsProgress: Bool
    /// Whether a progress line is on screen and needs a newline before the next message.
    private var progressShown = false

    public init(showsProgress: Bool) {
        self.showsProgress = showsProgress
    }

    /// Adds every file a command-line path names (a file, or a directory's files in name order).
    /// - Throws: `CommandError` 66 when the path does not exist or a directory cannot be listed.
    public mutating func add(path: String) throws(CommandError) {
        let files: [String]
        do {
            files = try ScanSession.frameFiles(at: path)
        } catch {
            throw .noInput(error.description)
        }
        if files.isEmpty { warn("'\(path)' holds no files") }
        for file in files {
            do {
                let events = try session.add(contentsOf: file)
                if events.isEmpty { warn("'\(file)': no QR code or frame found") }
                handle(events, source: file)
            } catch {
                warn("\(error); the file was skipped")
            }
        }
    }

    /// Adds what `--text` reads: stdin as UTF-8 text, one frame string (or payload) per line.
    /// - Throws: `CommandError` 65 when stdin is not UTF-8 text or over 64 MiB, 74 when it cannot be read.
    public mutating func addStandardInput() throws(CommandError) {
        let bytes = try InputFile.readStandardInput(limit: ScanSession.maximumFileBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .dataError("stdin is not UTF-8 text; --text reads frame strings or a payload, one per line")
        }
        add(lines: text, source: "stdin")
    }

    /// Adds frame strings, one per line (from stdin).
    public mutating func add(lines text: String, source: String) {
        let events = session.add(lines: text)
        if events.isEmpty { warn("\(source): no frames found") }
        handle(events, source: source)
    }

    /// Adds one line of a live stream (`qr decode --follow`, `qr scan`) and returns what it did; contradictions and
    /// rejected frames are warned about as for any other input.
    /// A line holding several frames printed without a separator is cut into them first (``SymbolSplitter``); the
    /// event returned is then the one that completed an animation, else the last new part, else the last event.
    public mutating func add(frameLine text: String, source: String) -> ScanEvent {
        let symbols = SymbolSplitter.symbols(in: Array(text.utf8))
        guard symbols.count > 1 else {
            let event = session.add(frameText: text)
            if event != .ignored { handle([event], source: source) }
            return event
        }
        let events = symbols.map { session.add(frameText: String(decoding: $0, as: UTF8.self)) }
            .filter { $0 != .ignored }
        handle(events, source: source)
        let accepted = events.filter { if case .accepted = $0 { true } else { false } }
        return accepted.first { $0.progress?.isComplete == true } ?? accepted.last ?? events.last ?? .ignored
    }

    /// Ends the progress line, if one is shown.
    public mutating func endProgress() {
        if progressShown { Output.message("") }
        progressShown = false
    }

    /// Shows `text` (escaped) as the one status line on the terminal, replacing the last one.
    public mutating func showStatus(_ text: String) {
        Output.sinks.standardError.write("\r\(UntrustedText.escaped(text))\u{1B}[K")
        progressShown = true
    }

    /// Prints a line on stderr that is not a warning (below any status line, which the next update redraws).
    public mutating func inform(_ text: String) {
        endProgress()
        Output.message(text)
    }

    /// Records a warning and prints it on stderr.
    public mutating func warn(_ text: String) {
        endProgress()
        warnings.append(text)
        Output.message("warning: " + text)
    }

    // MARK: - Private

    /// Reports what each frame did.
    private mutating func handle(_ events: [ScanEvent], source: String) {
        for event in events {
            switch event {
            case .ignored, .accepted, .duplicate: break
            case .contradiction(let index, let progress):
                warn("\(source): part \(index + 1) of \(progress.animation) differs from the part \(index + 1) "
                    + "already received; it was held aside, not merged")
            case .heldLastPart(let header):
                if !heldLastParts.contains(header) { heldLastParts.append(header) }
            case .rejected(let error):
                warn("\(source): \(error); the frame was not used")
            }
            if showsProgress, let progress = event.progress {
                // The summary names what was scanned: escaped, since only the \r and the erase are ours.
                Output.sinks.standardError.write("\r\(UntrustedText.escaped(QRPartList.summary(progress)))\u{1B}[K")
                progressShown = true
            }
        }
    }
}

/// Part numbers as users see them: from 1, like the files `0001.png` and the "part k of N" line of `qr show`.
enum QRPartList {
    /// The 1-based numbers of the missing parts.
    static func missing(_ progress: ScanProgress) -> [Int] {
        progress.animation.isFountain ? [] : progress.missing.map { $0 + 1 }
    }

    /// `BBQr Z/J, 12 parts of 1240 characters: 10 of 12 received, missing parts 3, 7`.
    static func summary(_ progress: ScanProgress) -> String {
        if progress.animation.isFountain {
            return "\(progress.animation): \(progress.received)/\(progress.total) independent parts "
                + "(\(progress.partsReceived) part\(progress.partsReceived == 1 ? "" : "s") received)"
        }
        var text = "\(progress.animation): \(progress.received) of \(progress.total) received"
        let missing = missing(progress)
        if !missing.isEmpty {
            text += ", missing part\(missing.count == 1 ? "" : "s") " + ScanProgress.ranges(missing)
        }
        if progress.conflicts > 0 {
            text += ", \(progress.conflicts) contradicting frame\(progress.conflicts == 1 ? "" : "s") held aside"
        }
        return text
    }
}

extension QRScan {
    /// The bytes of every plain (non-BBQr) QR code or line seen, in the order first seen: what a router checks for
    /// text payloads (`hfauth:`, WIF, addresses) before taking the scan as a bundle.
    public var plainPayloads: [[UInt8]] {
        session.progress.compactMap { progress in
            guard case .plain = progress.animation else { return nil }
            return try? session.payload(for: progress.animation) { _ in }.bytes
        }
    }
}
