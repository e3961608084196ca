import HFCommandLine
import HFSystem

/// The running display of `qr show` on a terminal: frames in turn on the alternate screen, with keys read from
/// the controlling terminal in raw mode.
struct TerminalAnimation {
    /// A terminal's size in character cells.
    struct Size: Equatable {
        let columns: Int
        let rows: Int
    }

    /// The default frame period, in milliseconds (the Coldcard Q's tuned rate, docs/reference/qr-transport.md §4.2).
    static let defaultPeriod = 250
    /// The periods `--period` and the `+`/`-` keys allow, in milliseconds.
    static let periods = 50...5000

    /// The number of frames, or nil for an endless animation (UR: new parts for as long as it runs).
    let count: Int?
    /// Draws frame `index` (0-based).
    let render: (Int) -> String
    /// What the status line calls a frame: `part k of N`, or `UR part k (n fragments)`.
    let label: (Int) -> String
    /// The current frame period, in milliseconds.
    private(set) var period: Int
    /// The 0-based frame on screen.
    private(set) var index = 0
    /// Whether the animation is paused.
    private(set) var paused = false
    /// Whether no other animation follows (else `q` starts the next one, and the status line says so).
    let last: Bool

    init(frames: [String], period: Int, last: Bool = true) {
        precondition(!frames.isEmpty, "TerminalAnimation: no frames")
        self.init(count: frames.count, period: period, last: last, render: { frames[$0] }) {
            "part \($0 + 1) of \(frames.count)"
        }
    }

    /// An animation of `count` frames (nil: endless) drawn on demand.
    init(count: Int?, period: Int, last: Bool = true, render: @escaping (Int) -> String,
         label: @escaping (Int) -> String)
    {
        precondition(count.map { $0 > 0 } ?? true, "TerminalAnimation: no frames")
        self.count = count
        self.period = period
        self.last = last
        self.render = render
        self.label = label
    }

    /// The frame after `index` (wrapping for a finite animation).
    private func following(_ index: Int) -> Int { count.map { (index + 1) % $0 } ?? index + 1 }

    // MARK: - Running

    /// How an animation ended.
    enum Ending: Equatable {
        /// `q` (or end of input on the terminal): this animation is done; a next one may start.
        case quit
        /// Ctrl-C: the user wants the whole run to stop.
        case interrupt
    }

    /// Shows the frames until `q`, Ctrl-C or end of input on the terminal. The terminal's settings and screen are
    /// restored on return, also when a signal ends the process (`RawTerminal`).
    /// - Returns: `.interrupt` for Ctrl-C (read as a key: the terminal is in raw mode), `.quit` otherwise.
    /// - Throws: `CommandError` 74 when the terminal cannot be configured.
    mutating func run() throws(CommandError) -> Ending {
        let terminal = try RawTerminal.enter()
        defer { terminal.leave() }
        var deadline = Self.now() + period
        draw()
        while true {
            let timeout = paused ? -1 : max(0, deadline - Self.now())
            guard let key = terminal.readKey(timeoutMilliseconds: timeout) else {
                index = following(index)
                deadline = Self.now() + period
                draw()
                continue
            }
            switch key {
            case 0x03: return .interrupt
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04: return .quit
            default:
                if handle(key) { deadline = Self.now() + period }
                draw()
            }
        }
    }

    /// Applies a key other than quit; returns whether the frame changed (so its full period starts again).
    mutating func handle(_ key: UInt8) -> Bool {
        switch key {
        case UInt8(ascii: "+"), UInt8(ascii: "="):
            period = min(Self.periods.upperBound, max(period + 10, period * 5 / 4 / 10 * 10))
        case UInt8(ascii: "-"), UInt8(ascii: "_"):
            period = max(Self.periods.lowerBound, min(period - 10, period * 4 / 5 / 10 * 10))
        case UInt8(ascii: " "):
            paused.toggle()
            return true
        case UInt8(ascii: "n"), UInt8(ascii: "."):
            guard paused else { return false }
            index = following(index)
            return true
        case UInt8(ascii: "p"), UInt8(ascii: ","):
            guard paused else { return false }
            index = count.map { (index + $0 - 1) % $0 } ?? max(0, index - 1)
            return true
        default: break
        }
        return false
    }

    /// The status line under the code.
    var status: String {
        label(index) + "  \(period) ms" + (paused ? "  PAUSED (n/p step)" : "")
            + "  [+/-] period  [space] pause  [q] quit" + (last ? "" : " (next file)  [Ctrl-C] stop")
    }

    /// Draws the current frame from the top left corner, then the status line, clearing what is left.
    private func draw() {
        Output.sinks.standardOutput.write("\u{1B}[H" + render(index) + "\u{1B}[0m\u{1B}[K" + status + "\u{1B}[J")
    }

    // MARK: - Terminal size

    /// The size of the terminal on stdout, if it reports one.
    static func screenSize() -> Size? {
        guard let size = Terminal.size(of: .standardOutput) else { return nil }
        return Size(columns: size.columns, rows: size.rows)
    }

    /// Whether a symbol of `symbolSize` modules, with its quiet zone and the status line, fits `screen`.
    static func fits(symbolSize: Int, in screen: Size) -> Bool {
        let side = symbolSize + 2 * 4
        return side <= screen.columns && (side + 1) / 2 + 1 <= screen.rows
    }

    /// Milliseconds on the monotonic clock.
    private static func now() -> Int {
        InputReadiness.now / 1_000_000
    }
}
