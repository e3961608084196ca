/// The marks a masked prompt shows while a secret is typed: one `*` on stderr per character, erased again by
/// Backspace and Ctrl-U. It knows only how many characters are shown, never which.
struct KeyMask {
    /// The number of marks on the screen.
    private(set) var shown = 0

    /// Shows one more mark.
    mutating func show() {
        shown += 1
        Output.sinks.standardError.write("*")
    }

    /// Erases up to `count` marks (backspace, space, backspace for each).
    mutating func erase(_ count: Int) {
        let erased = min(count, shown)
        guard erased > 0 else { return }
        shown -= erased
        Output.sinks.standardError.write(String(repeating: "\u{8} \u{8}", count: erased))
    }

    /// Erases every mark.
    mutating func eraseAll() { erase(shown) }
}
