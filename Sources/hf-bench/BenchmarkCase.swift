import Foundation

/// One benchmark case: the work measured and, in the same run, its physical limit.
///
/// `ratio = perSecond / limitPerSecond`: 1.0 means the case runs at the speed of the unavoidable primitive work,
/// higher is better. Extra fields carry context (a second limit, sizes).
struct BenchmarkCase: Sendable {
    /// The case name, e.g. `type42.addresses` (docs/design.md §10).
    let name: String
    /// What the case measures and what its limit is, for `hf-bench --list`.
    let summary: String
    /// Runs the case and returns its report.
    let run: @Sendable () throws -> BenchmarkReport
}

/// The measured figures of one case, printed as one line of JSON.
struct BenchmarkReport {
    let name: String
    let n: Int
    let seconds: Double
    let limitSeconds: Double
    var extra: [(String, Double)] = []

    var perSecond: Double { Double(n) / seconds }
    var limitPerSecond: Double { Double(n) / limitSeconds }
    /// A ratio defined otherwise than speed over limit (e.g. `qr.frames`: baseline frames / our frames).
    var customRatio: Double? = nil
    var ratio: Double { customRatio ?? perSecond / limitPerSecond }

    /// `{"case":…,"n":…,"seconds":…,"perSecond":…,"limitPerSecond":…,"ratio":…, extras…}`.
    var json: String {
        var fields = [
            "\"case\":\"\(name)\"", "\"n\":\(n)", "\"seconds\":\(format(seconds))",
            "\"perSecond\":\(format(perSecond))", "\"limitPerSecond\":\(format(limitPerSecond))",
            "\"ratio\":\(format(ratio))",
        ]
        fields += extra.map { "\"\($0.0)\":\(format($0.1))" }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}

/// Wall-clock timing of a closure, best of `repeats` runs (the minimum is the least disturbed by other load).
func measure(repeats: Int = 3, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<repeats {
        let elapsed = try clock.measure(body)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
    }
    return best
}

/// Keeps a value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
