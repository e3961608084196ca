import HFBundles
import HFCommandLine
import HFCrypto
import HFQR
import HFSystem

/// `qr show --format ur|chunk`: UR parts made for as long as the animation runs, or a bundle's `CHUNK:` frames.
struct QRShowOther {
    let command: QRShowCommand

    /// One file's animation.
    private enum Animation {
        case ur(URAnimation)
        case chunk(frames: [QRSymbol])
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let isTerminal = Terminal.isTerminal(.standardOutput)
        var animations: [Animation] = []
        for file in command.files {
            let (bytes, kind) = try QRBundle.read(file)
            animations.append(try animation(bytes, kind: kind, file: file))
        }
        let renderer = TerminalRenderer()
        func draw(_ symbol: () throws(QRError) -> QRSymbol) -> String {
            (try? renderer.render(symbol())) ?? "(this frame cannot be drawn)\n"
        }
        for (number, animation) in animations.enumerated() {
            if !isTerminal, command.files.count > 1 {
                Output.result("file \(number + 1) of \(command.files.count): \(command.files[number])")
            }
            var terminal: TerminalAnimation
            switch animation {
            case .ur(let ur):
                guard isTerminal else {
                    let count = command.frameCount ?? ur.defaultFrameCount
                    for (index, sequence) in ur.sequences(count: count).enumerated() {
                        Output.result("UR part \(index + 1) (\(ur.fragmentCount) fragments)")
                        Output.sinks.standardOutput.write(draw { () throws(QRError) in try ur.symbol(sequence) })
                    }
                    continue
                }
                let schedule = ScheduleBox(URSchedule(ur.encoder))
                terminal = TerminalAnimation(
                    count: nil, period: command.period, last: number == animations.count - 1,
                    render: { index in
                        let sequence = schedule.value.sequence(at: index)
                        return draw { () throws(QRError) in try ur.symbol(sequence) }
                    },
                    label: { "UR part \($0 + 1) (\(ur.fragmentCount) fragments; any ~\(ur.fragmentCount + 4) complete it)" })
            case .chunk(let symbols):
                guard isTerminal else {
                    for (index, symbol) in symbols.enumerated() {
                        Output.result("chunk \(index + 1) of \(symbols.count)")
                        Output.sinks.standardOutput.write(renderer.render(symbol))
                    }
                    continue
                }
                terminal = TerminalAnimation(
                    count: symbols.count, period: command.period, last: number == animations.count - 1,
                    render: { renderer.render(symbols[$0]) }, label: { "chunk \($0 + 1) of \(symbols.count)" })
            }
            if try terminal.run() == .interrupt {
                throw CommandError(ExitCode(130), "stopped by Ctrl-C", code: "interrupted")
            }
        }
        return .success
    }

    /// The animation of one validated bundle.
    private func animation(_ bytes: [UInt8], kind: BundleKind, file: String) throws(CommandError) -> Animation {
        switch command.format {
        case .ur, .bbqr:
            return .ur(try QREncodeUR.animation(bytes, settings: command.symbols.settings))
        case .chunk:
            guard kind == .beef else {
                throw .dataError("'\(file)' is a \(QRBundle.name(of: kind)); CHUNK: frames carry an Atomic BEEF")
            }
            let series = ChunkSeries(bytes: bytes, digest: Hash.sha256(bytes))
            let level = command.symbols.settings.errorCorrection
            guard let version = series.version(in: command.symbols.settings.versions, level: level) else {
                throw .dataError("a CHUNK: frame does not fit the QR versions allowed")
            }
            var symbols: [QRSymbol] = []
            for text in series.frames {
                do {
                    symbols.append(try QRSymbol(bytes: Array(text.utf8), errorCorrection: level, version: version))
                } catch {
                    throw CommandError(.software, "cannot draw a CHUNK: frame: \(error)")
                }
            }
            return .chunk(frames: symbols)
        }
    }
}

/// The schedule of an endless UR display, extended as the frames are drawn (one terminal, one thread).
private final class ScheduleBox {
    var value: URSchedule
    init(_ value: URSchedule) { self.value = value }
}
