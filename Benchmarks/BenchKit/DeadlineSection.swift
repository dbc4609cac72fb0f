import Foundation
import Reporting

/// The README's section on updates longer than a frame: on `heavy-update`, each strategy's input
/// latency against its update latency (p99), as a table and a scatter chart, from the virtual
/// clock's runs (exact) and, when the run measured it, the real clock's beside them.
///
/// When the run did not include `heavy-update` (workloads were named), `bench --readme` runs it on
/// the virtual clock itself, a few seconds, for the section.
struct DeadlineSection {
    /// The workload the section is about.
    static let workload = "heavy-update"
    /// The chart's file in the output directory.
    static let chartFile = "heavy-update-latency.svg"

    /// Virtual-clock results holding runs of ``workload``.
    let virtual: BenchResults
    /// Real-clock results of the same workload, if the run measured it.
    let real: BenchResults?

    /// The section, or `nil` when `virtual` holds no run of ``workload``.
    init?(virtual: BenchResults, real: BenchResults?) {
        guard virtual.runs.contains(where: { $0.workload == Self.workload }) else { return nil }
        self.virtual = virtual
        self.real = real.flatMap { results in results.runs.contains { $0.workload == Self.workload } ? results : nil }
    }

    /// The strategies run on ``workload``, in run order.
    private var strategies: [String] {
        virtual.runs.filter { $0.workload == Self.workload }.map(\.strategy).uniqued()
    }

    /// One row per strategy: input and update latency p99 on the virtual clock, and on the real
    /// clock (median and interval of the repetitions) when measured.
    var table: Table {
        let metrics = [Metric.inputLatencyP99, .updateLatencyP99]
        let realColumns = real == nil ? [] : metrics.map { Column("real \($0.column) (ms)", alignment: .right) }
        var table = Table(
            title: "\(Self.workload): input latency against update latency",
            columns: [Column("strategy")] + metrics.map { Column("\($0.column) (ms)", alignment: .right) } + realColumns
        )
        for strategy in strategies {
            let runs = [virtual] + (real.map { [$0] } ?? [])
            let cells = runs.flatMap { results in
                metrics.map { metric -> Cell in
                    .text(results.run(Self.workload, strategy)?.estimate(of: metric).map { metric.text($0) } ?? "")
                }
            }
            table.append([.text(strategy)] + cells)
        }
        return table
    }

    /// Input latency p99 (up) against update latency p99 (across), one point per strategy, with
    /// one and three frame intervals marked on the input axis; both axes logarithmic, since a
    /// strategy that re-renders everything (`workflow`) is ten times slower than the rest.
    var chart: ScatterChart {
        let points = strategies.compactMap { strategy -> ScatterPoint? in
            guard let run = virtual.run(Self.workload, strategy),
                  let input = run.estimate(of: .inputLatencyP99)?.median,
                  let update = run.estimate(of: .updateLatencyP99)?.median else { return nil }
            return ScatterPoint(label: strategy, x: update, y: input)
        }
        let interval = 1_000 / virtual.settings.frameRate
        return ScatterChart(
            title: "\(Self.workload): input latency against update latency (p99, virtual clock)",
            xAxis: ChartAxis("update latency p99 (ms): event due to the frame showing it", scale: .logarithmic),
            yAxis: ChartAxis("input latency p99 (ms)", scale: .logarithmic),
            points: points,
            horizontalReferences: [
                ReferenceLine(label: "one frame interval", value: interval),
                ReferenceLine(label: "three frame intervals", value: 3 * interval),
            ]
        )
    }

    /// The section's Markdown: a heading sentence, the table, where the numbers come from, and
    /// the chart at `chartPath`.
    func markdown(chartPath: String) -> String {
        let source = real == nil
            ? "The virtual clock's runs (\(virtual.summary))."
            : "The virtual clock's runs (\(virtual.summary)), and the real clock's medians with their intervals."
        return [
            "**Updates longer than a frame (`\(Self.workload)`)**: a tap every 200 ms whose update costs "
                + "several frame intervals, touches every frame. On the virtual clock `sliced` keeps input latency "
                + "under a frame by updating between events, and pays in update latency; the real clock's columns, "
                + "with their intervals, say how far real runs agree.",
            table.markdown().trimmingCharacters(in: .newlines),
            source,
            "![\(chart.title)](\(chartPath))",
        ].joined(separator: "\n\n")
    }
}
