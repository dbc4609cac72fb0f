import Reporting

/// The "which strategy wins where" table: per workload and metric, the strategies best on the
/// virtual clock, and whether real-clock runs show the same direction.
///
/// On the virtual clock (exact), the best group is every strategy within 25 % of the lowest value
/// (the accuracy the simulator aims for, see ``Validation``; and within 1 of it for counts); a cell is `—` when every strategy is in it. Beside it, the
/// real clock's verdict on the same group against the others, from the intervals of the medians:
/// `real: same` when every strategy of the group is detectably lower than every other one,
/// `real: opposite` when some other strategy is detectably lower than one of the group, and
/// `real: not detectable` otherwise.
struct WinnerTable {
    /// The virtual-clock results.
    let virtual: BenchResults
    /// The real-clock results of the same workloads and strategies, if any.
    let real: BenchResults?

    /// The metrics a reader compares strategies on, lower being better for each.
    static let metrics = [Metric.missedVsyncs, .frameTimeP99, .mainThreadPerFrame, .inputLatencyP99, .evaluationsPerTransaction]

    /// How far above the lowest value a strategy still counts as best, relatively.
    static let tolerance = 0.25

    var table: Table {
        var table = Table(
            title: "Which strategy wins where (lowest on the virtual clock; real-clock direction from 95 % intervals)",
            columns: [Column("workload")] + Self.metrics.map { Column($0.column) }
        )
        for workload in virtual.workloads {
            table.append([.text(workload)] + Self.metrics.map { .text(cell(workload, $0)) })
        }
        return table
    }

    /// The cell of `workload` and `metric`.
    private func cell(_ workload: String, _ metric: Metric) -> String {
        let values = virtual.strategies.compactMap { strategy in
            virtual.run(workload, strategy)?.estimate(of: metric).map { (strategy, $0.median) }
        }
        guard let lowest = values.map(\.1).min() else { return "" }
        let slack = max(lowest * Self.tolerance, metric.decimals == 0 ? 1 : 0)
        let best = values.filter { $0.1 <= lowest + slack }.map(\.0)
        guard best.count < values.count else { return "—" }
        let others = values.map(\.0).filter { !best.contains($0) }
        return best.joined(separator: ", ") + (real.map { " (real: \(direction(of: best, against: others, in: $0, workload: workload, metric: metric)))" } ?? "")
    }

    /// Whether `results` show `best` lower than `others` on `metric` for `workload`.
    private func direction(of best: [String], against others: [String], in results: BenchResults, workload: String, metric: Metric) -> String {
        func estimates(_ strategies: [String]) -> [MedianEstimate] {
            strategies.compactMap { results.run(workload, $0)?.estimate(of: metric) }
        }
        let winners = estimates(best), losers = estimates(others)
        guard winners.count == best.count, losers.count == others.count else { return "not run" }
        let verdicts = winners.flatMap { winner in losers.map { Comparison.Verdict(winner, against: $0) } }
        if verdicts.allSatisfy({ $0 == .lower }) { return "same" }
        if verdicts.contains(.higher) { return "opposite" }
        return "not detectable"
    }
}
