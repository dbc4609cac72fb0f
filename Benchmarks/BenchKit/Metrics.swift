import Reporting
import Scheduling

/// One number reported per run: a column of the results table, a bar chart, a sample kept per
/// repetition in results.json (under ``key``), and a ratio in `bench compare`.
struct Metric: Sendable {
    /// The column header, e.g. `p99 ms`.
    let column: String
    /// The chart title.
    let title: String
    /// The chart's value axis label.
    let unit: String
    /// The chart's file name, without `.svg`, and the metric's key in results.json.
    let slug: String
    /// Digits after the decimal point; 0 for counts, shown as integers.
    let decimals: Int
    /// The chart's value-axis scale: logarithmic where workloads differ by orders of magnitude (a
    /// value of 0 then has no bar, and the chart marks it).
    let scale: ChartAxis.Scale
    /// The reference lines of the chart.
    let guide: Guide
    /// Whether the default plain-text table (which fits 100 columns) shows it; `--wide` shows all.
    let isNarrow: Bool
    /// The metric's value for a run; not a number when the run does not have it.
    let value: @Sendable (RunResult) -> Double

    init(
        column: String, title: String, unit: String, slug: String, decimals: Int, scale: ChartAxis.Scale,
        guide: Guide, isNarrow: Bool = false, value: @escaping @Sendable (RunResult) -> Double
    ) {
        (self.column, self.title, self.unit, self.slug) = (column, title, unit, slug)
        (self.decimals, self.scale, self.guide, self.isNarrow, self.value) = (decimals, scale, guide, isNarrow, value)
    }

    /// Every metric, in table order.
    static let all = [
        evaluationsPerFrame, transactions, evaluationsPerTransaction, frameTimeP50, frameTimeP99, renderPerEvaluation,
        mainThreadPerFrame, missedVsyncs, hitchRatio, inputLatencyP50, inputLatencyP99, updateLatencyP50, updateLatencyP99, asyncFrames,
    ]

    /// The metric whose key (``slug``) is `key`.
    static func named(_ key: String) -> Metric? { all.first { $0.slug == key } }

    /// Rule evaluations per rendered frame, wherever they ran (event handlers, renders, background).
    static let evaluationsPerFrame = Metric(
        column: "evals/frame", title: "Rule evaluations per rendered frame", unit: "evaluations",
        slug: "evaluations-per-frame", decimals: 1, scale: .logarithmic, guide: .none, isNarrow: true
    ) { $0.evaluationsPerFrame }
    /// Transactions the run's events posted (the same under every strategy and clock).
    static let transactions = Metric(
        column: "txns", title: "Transactions posted", unit: "transactions",
        slug: "transactions", decimals: 0, scale: .linear, guide: .none
    ) { Double($0.transactions) }
    /// Rule evaluations per posted transaction: how much a strategy batches (lower with coalescing).
    static let evaluationsPerTransaction = Metric(
        column: "evals/txn", title: "Rule evaluations per transaction", unit: "evaluations",
        slug: "evaluations-per-transaction", decimals: 1, scale: .logarithmic, guide: .none
    ) { $0.transactions > 0 ? Double($0.evaluations) / Double($0.transactions) : .nan }
    /// The median time from a frame's vsync to its commit.
    static let frameTimeP50 = Metric(
        column: "p50 ms", title: "Median frame time (vsync to commit)", unit: "ms",
        slug: "frame-time-p50", decimals: 2, scale: .logarithmic, guide: .frameDeadline, isNarrow: true
    ) { $0.frameTime.p50 }
    /// The 99th percentile of the time from a frame's vsync to its commit.
    static let frameTimeP99 = Metric(
        column: "p99 ms", title: "99th-percentile frame time (vsync to commit)", unit: "ms",
        slug: "frame-time-p99", decimals: 2, scale: .logarithmic, guide: .frameDeadline, isNarrow: true
    ) { $0.frameTime.p99 }
    /// What an evaluation costs a render: the render time of the frames that evaluated rules, divided
    /// by their evaluations, in microseconds. The rest of a render's work (marking, effects, the
    /// host's drawing) is spread over its evaluations, so this is the cost per evaluation a frame
    /// pays, not the engine's alone.
    static let renderPerEvaluation = Metric(
        column: "µs/eval", title: "Render time per evaluation (frames that evaluated)", unit: "µs",
        slug: "render-per-evaluation", decimals: 3, scale: .logarithmic, guide: .none
    ) { result in
        var milliseconds = 0.0, evaluations = 0
        for frame in result.frames where frame.evaluations > 0 {
            milliseconds += frame.renderMilliseconds
            evaluations += frame.evaluations
        }
        return evaluations > 0 ? 1_000 * milliseconds / Double(evaluations) : .nan
    }
    /// The main thread's busy time (events, renders, updates) per vsync interval of the run.
    static let mainThreadPerFrame = Metric(
        column: "main ms/frame", title: "Main-thread busy time per frame interval", unit: "ms",
        slug: "main-thread-per-frame", decimals: 2, scale: .logarithmic, guide: .frameDeadline, isNarrow: true
    ) { result in
        result.ticks > 0 ? result.mainThreadBusyMilliseconds / Double(result.ticks) : 0
    }
    /// Vsyncs missed by late frames, summed over the run.
    static let missedVsyncs = Metric(
        column: "missed vsyncs", title: "Missed vsyncs", unit: "vsyncs",
        slug: "missed-vsyncs", decimals: 0, scale: .logarithmic, guide: .none, isNarrow: true
    ) { Double($0.missedVsyncs) }
    /// Milliseconds frames were late per second of run (Apple's hitch time ratio).
    static let hitchRatio = Metric(
        column: "hitch ms/s", title: "Hitch time ratio (ms late per second)", unit: "ms/s",
        slug: "hitch-ratio", decimals: 1, scale: .logarithmic, guide: .hitchThresholds
    ) { $0.hitchTimeRatio }
    /// The median time from a main-thread event's due time to the end of its handler, less
    /// the handler's own stated work.
    static let inputLatencyP50 = Metric(
        column: "input p50", title: "Median input latency (event due to handler done, less its own work)", unit: "ms",
        slug: "input-latency-p50", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { $0.inputLatency?.p50 ?? .nan }
    /// The 99th percentile of the time from a main-thread event's due time to the end of its handler, less
    /// the handler's own stated work.
    static let inputLatencyP99 = Metric(
        column: "input p99", title: "99th-percentile input latency (event due to handler done, less its own work)", unit: "ms",
        slug: "input-latency-p99", decimals: 2, scale: .logarithmic, guide: .frameDeadline, isNarrow: true
    ) { $0.inputLatency?.p99 ?? .nan }
    /// The median time from a main-thread event's due time to the commit of the first frame that
    /// shows its transaction.
    static let updateLatencyP50 = Metric(
        column: "update p50", title: "Median update latency (event due to the frame showing it)", unit: "ms",
        slug: "update-latency-p50", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { $0.updateLatency?.p50 ?? .nan }
    /// The 99th percentile of the time from a main-thread event's due time to the commit of the
    /// first frame that shows its transaction.
    static let updateLatencyP99 = Metric(
        column: "update p99", title: "99th-percentile update latency (event due to the frame showing it)", unit: "ms",
        slug: "update-latency-p99", decimals: 2, scale: .logarithmic, guide: .frameDeadline
    ) { $0.updateLatency?.p99 ?? .nan }
    /// Frames rendered on the render (display-link) thread rather than the main thread.
    static let asyncFrames = Metric(
        column: "async frames", title: "Frames rendered off the main thread", unit: "frames",
        slug: "async-frames", decimals: 0, scale: .linear, guide: .none
    ) { Double($0.asyncFrames) }
}
