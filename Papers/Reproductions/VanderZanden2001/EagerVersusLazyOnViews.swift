import Reporting
import Scheduling
import Workloads

/// Vander Zanden experiment 2 on applications: every view workload's script run under the `eager`
/// and `lazy` strategies (virtual clock, so the counts and times are exact), comparing the rules
/// each evaluates and the main-thread time each takes.
struct EagerVersusLazyOnViews {
    struct Row {
        var workload: String
        var lazyEvaluations: Int
        var eagerEvaluations: Int
        var lazyMainMilliseconds: Double
        var eagerMainMilliseconds: Double

        var evaluationRatio: Double { Double(eagerEvaluations) / Double(max(1, lazyEvaluations)) }
    }

    /// A frame costs 0.5 ms and an evaluation 2 µs of simulated time (the `bench` tool's model).
    static let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(2)))
    /// Eager counts as performing "about the same" as lazy within this factor of evaluations.
    static let similarFactor = 1.25

    var rows: [Row] = []
    /// Workloads whose runs failed, with the error.
    var failures: [String] = []

    static func run(_ context: RunContext) -> EagerVersusLazyOnViews {
        var experiment = EagerVersusLazyOnViews()
        for workload in WorkloadCatalog.all {
            let frames = context.quick ? 20 : workload.defaultFrames
            context.log("eager vs lazy on views: \(workload.name), \(frames) frames")
            do {
                let lazy = try WorkloadRunner.run(workload, strategy: LazyStrategy.name, clock: clock, frames: frames).result
                let eager = try WorkloadRunner.run(workload, strategy: EagerStrategy.name, clock: clock, frames: frames).result
                experiment.rows.append(Row(
                    workload: workload.name, lazyEvaluations: lazy.evaluations, eagerEvaluations: eager.evaluations,
                    lazyMainMilliseconds: lazy.mainThreadBusyMilliseconds, eagerMainMilliseconds: eager.mainThreadBusyMilliseconds
                ))
            } catch {
                experiment.failures.append("\(workload.name): \(error)")
            }
        }
        return experiment
    }

    /// The workloads on which eager evaluates at most ``similarFactor`` times what lazy does.
    var similar: [Row] { rows.filter { $0.evaluationRatio <= Self.similarFactor } }

    var table: Table {
        Table(title: "Eager and lazy evaluation on the view workloads (virtual clock)", rows: rows, columns: [
            .init("workload") { .text($0.workload) },
            .init("lazy evaluations", alignment: .right) { .integer($0.lazyEvaluations) },
            .init("eager evaluations", alignment: .right) { .integer($0.eagerEvaluations) },
            .init("eager / lazy", alignment: .right, decimals: 2) { .number($0.evaluationRatio) },
            .init("lazy main-thread ms", alignment: .right, decimals: 1) { .number($0.lazyMainMilliseconds) },
            .init("eager main-thread ms", alignment: .right, decimals: 1) { .number($0.eagerMainMilliseconds) },
        ])
    }

    var chart: BarChart {
        BarChart(
            title: "Rule evaluations per run, lazy and eager",
            valueAxis: ChartAxis("evaluations (log scale)", scale: .logarithmic),
            seriesLabels: ["lazy", "eager"],
            groups: rows.map { BarGroup(label: $0.workload, values: [Double($0.lazyEvaluations), Double($0.eagerEvaluations)]) }
        )
    }
}

/// Vander Zanden experiment 2 on the view workloads (claim: eager and lazy do about the same work
/// for most applications; exact counts on the virtual clock, a finding rather than a gate).
struct EagerVersusLazyOnViewsExperiment: Experiment {
    let title = "Experiment 2b: eager against lazy evaluation on the view workloads"

    func run(_ context: RunContext) -> Report {
        let onViews = EagerVersusLazyOnViews.run(context)
        var report = Report()
        report.claim(.exact(
            "On the view workloads (our applications), eager and lazy evaluation do about the same work for most of them.",
            held: onViews.failures.isEmpty && onViews.similar.count * 2 > onViews.rows.count, gated: false,
            evidence: "eager evaluates at most \(NumberFormat.fixed(EagerVersusLazyOnViews.similarFactor, decimals: 2))× what lazy does on "
                + "\(onViews.similar.count) of \(onViews.rows.count) workloads; the others: "
                + onViews.rows.filter { $0.evaluationRatio > EagerVersusLazyOnViews.similarFactor }
                    .map { "\($0.workload) \(NumberFormat.fixed($0.evaluationRatio, decimals: 1))×" }.joined(separator: ", ")
                + (onViews.failures.isEmpty ? "" : "; failed runs: \(onViews.failures.joined(separator: "; "))")
        ))
        report.table(onViews.table, file: "eager-vs-lazy-views")
        report.chart(onViews.chart.svg(), file: "eager-vs-lazy-views", caption: "Rule evaluations per run on the view workloads, lazy and eager")
        return report
    }
}
