import Reporting

/// Hudson experiment 3: reading again without a change costs nothing. After a change and a read,
/// the same nodes are read again: no rule runs, nothing is marked, and the time does not depend on
/// the size of the graph.
struct Reread {
    struct Row {
        var shape: String
        var nodes: Int
        var reads: Int
        var evaluations = 0
        var marks = 0
        var firstReadNanoseconds = 0.0
        var rereadNanoseconds = 0.0
    }

    var rows: [Row] = []

    static func run(_ context: RunContext) -> Reread {
        let sizes = context.quick ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000, 1_000_000]
        var experiment = Reread()
        for size in sizes {
            for workload in [Workload.chain(nodes: size), Workload.fanOut(nodes: size)] {
                context.log("re-read: \(workload.name), \(workload.spec.count) nodes")
                let instance = MarkSweepInstance(spec: workload.spec)
                let steps = workload.steps(64, seed: 5)
                var row = Row(shape: workload.name, nodes: workload.spec.count, reads: workload.outputs.count)
                // A change and a read, then the counted re-read.
                instance.apply(steps[0])
                let before = instance.graph.statistics
                for node in workload.outputs { _ = instance.read(node) }
                row.evaluations = instance.graph.statistics.evaluations - before.evaluations
                row.marks = instance.graph.statistics.marks - before.marks
                row.firstReadNanoseconds = context.budget.nanosecondsPerOperation { call in
                    instance.apply(steps[call % steps.count], valueOffset: call / steps.count)
                }
                row.rereadNanoseconds = context.budget.nanosecondsPerOperation { _ in
                    for node in workload.outputs { _ = instance.read(node) }
                }
                experiment.rows.append(row)
            }
        }
        return experiment
    }

    var held: Bool { !rows.isEmpty && rows.allSatisfy { $0.evaluations == 0 && $0.marks == 0 } }

    var table: Table {
        Table(title: "Reading again without a change", rows: rows, columns: [
            .init("shape") { .text($0.shape) }, .init("nodes", alignment: .right) { .integer($0.nodes) },
            .init("nodes read", alignment: .right) { .integer($0.reads) },
            .init("evaluations on re-read", alignment: .right) { .integer($0.evaluations) },
            .init("marks on re-read", alignment: .right) { .integer($0.marks) },
            .init("ns per change and read", decimals: 0) { .number($0.firstReadNanoseconds) },
            .init("ns per node re-read", decimals: 1) { .number($0.rereadNanoseconds / Double(max(1, $0.reads))) },
        ])
    }
}

/// Hudson experiment 3 (claim: reading again without a change costs nothing).
struct RereadExperiment: Experiment {
    let title = "Experiment 3: reading again without a change"

    func run(_ context: RunContext) -> Report {
        let reread = Reread.run(context)
        var report = Report()
        report.claim(.exact(
            "Reading again without a change costs nothing.",
            held: reread.held,
            evidence: "\(reread.rows.map(\.evaluations).reduce(0, +)) evaluations and \(reread.rows.map(\.marks).reduce(0, +)) marks "
                + "over all re-reads, \(NumberFormat.grouped(reread.rows.first?.nodes ?? 0)) to \(NumberFormat.grouped(reread.rows.last?.nodes ?? 0)) nodes"
        ))
        report.table(reread.table, file: "reread")
        return report
    }
}
