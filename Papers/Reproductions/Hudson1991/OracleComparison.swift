import Reporting

/// Hudson experiment 1: evaluations and marks of the mark-sweep graph against the ideal counts of
/// the ``IdealOracle``, on every shape and size.
struct OracleComparison {
    /// Totals of one shape and size over all its steps.
    struct Row {
        var shape: String
        var nodes: Int
        var steps = 0
        var affected = 0
        var demanded = 0
        var required = 0
        var allowed = 0
        var evaluations = 0
        var idealMarks = 0
        var marks = 0
        var maximumRunsOfOneRule = 0
        /// Steps in which the graph did not do exactly what the oracle allows.
        var disagreements = 0
    }

    var rows: [Row] = []

    /// Runs every shape at every size of the budget.
    static func run(_ context: RunContext) -> OracleComparison {
        let cheapSizes = context.quick ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000, 1_000_000]
        let dagSizes = context.quick ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000]
        var comparison = OracleComparison()
        let shapes: [(sizes: [Int], make: (Int) -> Workload)] = [
            (cheapSizes, { Workload.chain(nodes: $0) }),
            (cheapSizes, { Workload.fanOut(nodes: $0) }),
            (cheapSizes, { Workload.diamonds(nodes: $0) }),
            (cheapSizes, { Workload.conditional(nodes: $0) }),
            (dagSizes, { Workload.randomDAG(nodes: $0, seed: UInt64($0)) }),
        ]
        for shape in shapes {
            for size in shape.sizes {
                let workload = shape.make(size)
                let steps = size >= 100_000 ? 6 : 24
                context.log("oracle comparison: \(workload.name), \(workload.spec.count) nodes, \(steps) steps")
                comparison.rows.append(compare(workload, steps: steps))
            }
        }
        return comparison
    }

    /// Runs `steps` steps of `workload` on the graph and the oracle.
    static func compare(_ workload: Workload, steps: Int) -> Row {
        let run = CheckedRun(spec: workload.spec)
        var row = Row(shape: workload.name, nodes: workload.spec.count)
        for step in workload.steps(steps, seed: 7) {
            let result = run.apply(step)
            row.steps += 1
            row.affected += result.expectation.affected
            row.demanded += result.expectation.demanded
            row.required += result.expectation.requiredCount
            row.allowed += result.expectation.allowedCount
            row.evaluations += result.evaluations
            row.idealMarks += result.expectation.marks
            row.marks += result.marks
            row.maximumRunsOfOneRule = max(row.maximumRunsOfOneRule, result.maximumRunsOfOneRule)
            if !result.agrees { row.disagreements += 1 }
        }
        return row
    }

    var table: Table {
        Table(title: "Evaluations and marks against the oracle (totals over all steps)", rows: rows, columns: [
            .init("shape") { .text($0.shape) }, .init("nodes", alignment: .right) { .integer($0.nodes) },
            .init("steps", alignment: .right) { .integer($0.steps) }, .init("affected", alignment: .right) { .integer($0.affected) },
            .init("demanded", alignment: .right) { .integer($0.demanded) },
            .init("required (ideal)", alignment: .right) { .integer($0.required) },
            .init("allowed", alignment: .right) { .integer($0.allowed) }, .init("evaluations", alignment: .right) { .integer($0.evaluations) },
            .init("marks (ideal)", alignment: .right) { .integer($0.idealMarks) }, .init("marks", alignment: .right) { .integer($0.marks) },
            .init("max runs of a rule per step", alignment: .right) { .integer($0.maximumRunsOfOneRule) },
            .init("steps disagreeing", alignment: .right) { .integer($0.disagreements) },
        ])
    }

    /// Per-step averages at one size, as a grouped bar chart (logarithmic: the sets differ by orders
    /// of magnitude).
    func chart(nodes: Int) -> BarChart {
        let selected = rows.filter { $0.nodes >= nodes / 2 && $0.nodes <= nodes * 2 }
        return BarChart(
            title: "Rules per step at about \(NumberFormat.grouped(nodes)) nodes",
            valueAxis: ChartAxis("rules per step", scale: .logarithmic),
            seriesLabels: ["affected", "demanded", "required (ideal)", "evaluated"],
            groups: selected.map { row in
                let steps = Double(row.steps)
                return BarGroup(label: row.shape, values: [
                    Double(row.affected) / steps, Double(row.demanded) / steps,
                    Double(row.required) / steps, Double(row.evaluations) / steps,
                ])
            }
        )
    }
}

/// Hudson experiment 1: every shape at every size, graph against oracle (claims: only affected and
/// demanded rules run; each at most once per batch).
struct OracleComparisonExperiment: Experiment {
    let title = "Experiment 1: evaluations and marks against the oracle"

    func run(_ context: RunContext) -> Report {
        let comparison = OracleComparison.run(context)
        let rows = comparison.rows
        let total = { (value: (OracleComparison.Row) -> Int) in NumberFormat.grouped(rows.reduce(0) { $0 + value($1) }) }
        let disagreeing = rows.reduce(0) { $0 + $1.disagreements }
        let steps = rows.reduce(0) { $0 + $1.steps }
        var report = Report()
        report.claim(.exact(
            "Only attributes both affected by a change and demanded are evaluated.",
            held: disagreeing == 0 && !rows.isEmpty,
            evidence: "\(rows.count) shape/size configurations up to \(NumberFormat.grouped(rows.map(\.nodes).max() ?? 0)) nodes, "
                + "\(steps) steps: \(total(\.evaluations)) evaluations against \(total(\.required)) required "
                + "and \(total(\.allowed)) allowed (affected: \(total(\.affected)), demanded: \(total(\.demanded))); "
                + "marks \(total(\.marks)) against \(total(\.idealMarks)) ideal; \(disagreeing) steps disagree with the oracle"
        ))
        let maximumRuns = rows.map(\.maximumRunsOfOneRule).max() ?? 0
        report.claim(.exact(
            "Each attribute is evaluated at most once per batch of changes.",
            held: maximumRuns <= 1 && !rows.isEmpty,
            evidence: "the most any rule ran in one step, over all \(steps) steps: \(maximumRuns)"
        ))
        report.table(comparison.table, file: "oracle-comparison")
        report.chart(comparison.chart(nodes: context.quick ? 1_000 : 10_000).svg(), file: "rules-per-step", caption: "Rules per step by shape")
        return report
    }
}
