import Reporting
import Scheduling

/// One number reported per run: a column of the results table, a bar chart, and a ratio in
/// `bench compare`.
struct Metric: Sendable {
    /// The column header, e.g. `p99 ms`.
    let column: String
    /// The chart title.
    let title: String
    /// The chart's value axis label.
    let unit: String
    /// The chart's file name, without `.svg`.
    let slug: String
    /// Digits after the decimal point; 0 for counts, shown as integers.
    let decimals: Int
    /// The chart's value-axis scale: logarithmic where workloads differ by orders of magnitude (a
    /// value of 0 then has no bar).
    let scale: Axis.Scale
    /// The reference lines of the chart.
    let guide: Guide
    /// The metric's value for a run.
    let value: @Sendable (RunResult) -> Double

    /// The metric of `result` as a table cell.
    func cell(_ result: RunResult) -> Cell {
        decimals == 0 ? .integer(Int(value(result))) : .number(value(result))
    }

    /// Every metric, in table order.
    static let all = [evaluationsPerFrame, frameTimeP50, frameTimeP99, mainThreadPerFrame, missedVsyncs, hitchRatio, asyncFrames]

    /// Rule evaluations per rendered frame, wherever they ran (event handlers, renders, background).
    static let evaluationsPerFrame = Metric(
        column: "evals/frame", title: "Rule evaluations per rendered frame", unit: "evaluations",
        slug: "evaluations-per-frame", decimals: 1, scale: .logarithmic, guide: .none
    ) { $0.evaluationsPerFrame }
    /// The median time from a frame's vsync to its commit.
    static let frameTimeP50 = Metric(
        column: "p50 ms", title: "Median frame time (vsync to commit)", unit: "ms",
        slug: "frame-time-p50", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { $0.frameTime.p50 }
    /// The 99th percentile of the time from a frame's vsync to its commit.
    static let frameTimeP99 = Metric(
        column: "p99 ms", title: "99th-percentile frame time (vsync to commit)", unit: "ms",
        slug: "frame-time-p99", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { $0.frameTime.p99 }
    /// The main thread's busy time (events, renders, updates) per vsync interval of the run.
    static let mainThreadPerFrame = Metric(
        column: "main ms/frame", title: "Main-thread busy time per frame interval", unit: "ms",
        slug: "main-thread-per-frame", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { result in
        result.ticks > 0 ? result.mainThreadBusyMilliseconds / Double(result.ticks) : 0
    }
    /// Vsyncs missed by late frames, summed over the run.
    static let missedVsyncs = Metric(
        column: "missed vsyncs", title: "Missed vsyncs", unit: "vsyncs",
        slug: "missed-vsyncs", decimals: 0, scale: .logarithmic, guide: .none
    ) { Double($0.missedVsyncs) }
    /// Milliseconds frames were late per second of run (Apple's hitch time ratio).
    static let hitchRatio = Metric(
        column: "hitch ms/s", title: "Hitch time ratio (ms late per second)", unit: "ms/s",
        slug: "hitch-ratio", decimals: 1, scale: .logarithmic, guide: .hitchThresholds
    ) { $0.hitchTimeRatio }
    /// Frames rendered on the render (display-link) thread rather than the main thread.
    static let asyncFrames = Metric(
        column: "async frames", title: "Frames rendered off the main thread", unit: "frames",
        slug: "async-frames", decimals: 0, scale: .linear, guide: .none
    ) { Double($0.asyncFrames) }
}
