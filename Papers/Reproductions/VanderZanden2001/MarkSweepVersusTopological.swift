import Reporting

/// Vander Zanden experiment 1: mark-sweep evaluation (our ``Constraints/Graph``) against
/// topological-ordering evaluation (the height-ordered ``TopologicalEvaluator``) on the same graph
/// definitions: the values must agree at every step; the time and work per change are compared.
struct MarkSweepVersusTopological {
    struct Row {
        var shape: String
        var nodes: Int
        var steps = 0
        /// Observed values that differ between the two evaluators or from a from-scratch evaluation.
        var mismatches = 0
        var markSweepEvaluations = 0.0
        var topologicalRecomputations = 0.0
        var markSweepNanoseconds = 0.0
        var topologicalNanoseconds = 0.0

        /// How many times longer the topological evaluator takes.
        var ratio: Double { topologicalNanoseconds / markSweepNanoseconds }
    }

    var rows: [Row] = []

    static func workloads(nodes: Int) -> [Workload] {
        [
            .chain(nodes: nodes),
            .fanOut(nodes: nodes, readEvery: 1),
            .diamonds(nodes: nodes),
            .conditional(nodes: nodes),
            .randomDAG(nodes: nodes, seed: 21),
            .forest(components: nodes / 100, length: 100),
        ]
    }

    static func run(_ context: RunContext) -> MarkSweepVersusTopological {
        let nodes = context.quick ? 10_000 : 100_000
        var experiment = MarkSweepVersusTopological()
        for workload in workloads(nodes: nodes) {
            context.log("mark-sweep vs topological: \(workload.name), \(workload.spec.count) nodes")
            var row = compare(workload, steps: context.quick ? 20 : 60)
            let steps = workload.steps(1_024, seed: 17)
            let markSweep = MarkSweepInstance(spec: workload.spec)
            row.markSweepNanoseconds = context.budget.nanosecondsPerOperation { call in
                markSweep.apply(steps[call % steps.count], valueOffset: call / steps.count)
            }
            let topological = TopologicalEvaluator(spec: workload.spec, observing: workload.outputs)
            row.topologicalNanoseconds = context.budget.nanosecondsPerOperation { call in
                topological.apply(steps[call % steps.count], valueOffset: call / steps.count)
            }
            experiment.rows.append(row)
        }
        return experiment
    }

    /// Runs `steps` steps on both evaluators, checking every observed value after every step
    /// against the other evaluator and a from-scratch evaluation, and every value at the end.
    static func compare(_ workload: Workload, steps: Int) -> Row {
        let spec = workload.spec
        let markSweep = MarkSweepInstance(spec: spec)
        let topological = TopologicalEvaluator(spec: spec, observing: workload.outputs)
        var inputs = spec.initialInputValues
        var expected = spec.evaluateAll(inputValues: inputs)
        var row = Row(shape: workload.name, nodes: spec.count)
        let before = markSweep.graph.statistics.evaluations
        for step in workload.steps(steps, seed: 19) {
            markSweep.apply(step)
            topological.apply(step)
            for write in step.writes { inputs[Int(write.node)] = write.value }
            expected = spec.evaluateAll(inputValues: inputs)
            for node in step.reads {
                let value = expected[Int(node)]
                if markSweep.read(node) != value || topological.value(of: node) != value { row.mismatches += 1 }
            }
            row.steps += 1
        }
        row.markSweepEvaluations = Double(markSweep.graph.statistics.evaluations - before) / Double(steps)
        row.topologicalRecomputations = Double(topological.recomputations) / Double(steps)
        for node in 0 ..< Int32(spec.count) {
            if markSweep.read(node) != expected[Int(node)] { row.mismatches += 1 }
            if topological.isNecessary(node) && topological.value(of: node) != expected[Int(node)] { row.mismatches += 1 }
        }
        return row
    }

    var table: Table {
        var table = Table(title: "Mark-sweep against topological ordering, per change", columns: [
            Column("shape"), Column("nodes", alignment: .right), Column("steps checked", alignment: .right),
            Column("wrong values", alignment: .right), Column("mark-sweep evaluations", decimals: 1),
            Column("topological recomputations", decimals: 1), Column("mark-sweep ns", decimals: 0),
            Column("topological ns", decimals: 0), Column("topological / mark-sweep", decimals: 2),
        ])
        for row in rows {
            table.append([
                .text(row.shape), .integer(row.nodes), .integer(row.steps), .integer(row.mismatches),
                .number(row.markSweepEvaluations), .number(row.topologicalRecomputations),
                .number(row.markSweepNanoseconds), .number(row.topologicalNanoseconds), .number(row.ratio),
            ])
        }
        return table
    }

    var chart: BarChart {
        BarChart(
            title: "Time per change: mark-sweep and topological ordering",
            valueAxis: ChartAxis("ns per change", scale: .logarithmic),
            seriesLabels: ["mark-sweep (Graph)", "topological (height-ordered)"],
            groups: rows.map { BarGroup(label: $0.shape, values: [$0.markSweepNanoseconds, $0.topologicalNanoseconds]) }
        )
    }
}

extension TopologicalEvaluator {
    /// Applies a step's writes and stabilizes (the evaluator is eager: every observed node is up to
    /// date afterwards, so the step's reads need no work). See ``MarkSweepInstance/apply(_:valueOffset:)``
    /// for `valueOffset`.
    func apply(_ step: Step, valueOffset: Int = 0) {
        for write in step.writes { set(write.node, to: write.value &+ valueOffset) }
        stabilize()
    }
}
