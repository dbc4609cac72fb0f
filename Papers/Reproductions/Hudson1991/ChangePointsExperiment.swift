import Reporting

/// Hudson experiment 2: several changes before a read cost no more than one. On a chain with 16
/// change points (``Workload/comb(nodes:changePoints:)``), `k` inputs are written one by one, each
/// write running the mark phase, and then the tail is read.
struct ChangePoints {
    struct Row {
        var pattern: String
        var writes: Int
        /// Marks made by the first write and by all later ones.
        var firstWriteMarks = 0
        var laterWriteMarks = 0
        var idealMarks = 0
        var evaluations = 0
        var requiredEvaluations = 0
        var agrees = true
        /// Time of the writes and the read, per round.
        var nanoseconds = 0.0
    }

    var nodes = 0
    var rows: [Row] = []

    static func run(_ context: RunContext) -> ChangePoints {
        let nodes = context.quick ? 1_000 : 10_000
        let changePoints = 16
        let workload = Workload.comb(nodes: nodes, changePoints: changePoints)
        let inputs = workload.spec.inputs
        let tail = workload.outputs[0]
        var experiment = ChangePoints(nodes: workload.spec.count)
        context.log("change points: comb of \(workload.spec.count) nodes")
        let patterns: [(String, Int, (Int) -> [Int32])] = [
            ("one write", 1, { _ in [inputs[0]] }),
            ("same input, k times", 4, { k in Array(repeating: inputs[0], count: k) }),
            ("same input, k times", 16, { k in Array(repeating: inputs[0], count: k) }),
            ("k inputs, upstream first", 4, { k in Array(inputs[0 ..< k]) }),
            ("k inputs, upstream first", 16, { k in Array(inputs[0 ..< k]) }),
            ("k inputs, downstream first", 4, { k in Array(inputs[0 ..< k].reversed()) }),
            ("k inputs, downstream first", 16, { k in Array(inputs[0 ..< k].reversed()) }),
        ]
        var random = SplitMix64(seed: 3)
        for (pattern, count, targets) in patterns {
            let run = CheckedRun(spec: workload.spec)
            let step = Step(writes: targets(count).map { Write(node: $0, value: random.inputValue()) }, reads: [tail])
            var row = Row(pattern: pattern, writes: count)
            // Marks per write, observed on a separate graph so the checked run stays untouched.
            let probe = MarkSweepInstance(spec: workload.spec)
            for (index, write) in step.writes.enumerated() {
                let before = probe.graph.statistics.marks
                probe.write(write)
                let marks = probe.graph.statistics.marks - before
                if index == 0 { row.firstWriteMarks = marks } else { row.laterWriteMarks += marks }
            }
            let result = run.apply(step, writesSeparately: true)
            row.idealMarks = result.expectation.marks
            row.evaluations = result.evaluations
            row.requiredEvaluations = result.expectation.requiredCount
            row.agrees = result.agrees
            // Timing: the same pattern of writes with fresh values each round, then the read.
            let timed = MarkSweepInstance(spec: workload.spec)
            let targetList = targets(count)
            let rounds = (0 ..< 64).map { _ in targetList.map { Write(node: $0, value: random.inputValue()) } }
            row.nanoseconds = context.budget.nanosecondsPerOperation { call in
                for write in rounds[call % rounds.count] { timed.write(write) }
                _ = timed.read(tail)
            }
            experiment.rows.append(row)
        }
        return experiment
    }

    /// Whether every pattern costs what one write costs: the same evaluations, and marks equal to
    /// the oracle's (each rule marked once, later writes stopping at marked rules).
    var held: Bool {
        guard let single = rows.first else { return false }
        return rows.allSatisfy { $0.agrees && $0.evaluations == single.evaluations && $0.firstWriteMarks + $0.laterWriteMarks == $0.idealMarks }
    }

    var table: Table {
        let base = rows.first?.nanoseconds ?? 1
        return Table(title: "Several writes before one read (comb of \(NumberFormat.grouped(nodes)) nodes, 16 change points)", rows: rows, columns: [
            .init("writes before the read") { .text($0.pattern) }, .init("k", alignment: .right) { .integer($0.writes) },
            .init("marks by the first write", alignment: .right) { .integer($0.firstWriteMarks) },
            .init("marks by later writes", alignment: .right) { .integer($0.laterWriteMarks) },
            .init("marks (ideal)", alignment: .right) { .integer($0.idealMarks) },
            .init("evaluations", alignment: .right) { .integer($0.evaluations) },
            .init("required (ideal)", alignment: .right) { .integer($0.requiredEvaluations) },
            .init("ns per round", decimals: 0) { .number($0.nanoseconds) },
            .init("vs one write", decimals: 2) { .number($0.nanoseconds / base) },
        ])
    }
}

/// Hudson experiment 2 (claim: several changes before a read cost no more than one).
struct ChangePointsExperiment: Experiment {
    let title = "Experiment 2: several writes before one read"

    func run(_ context: RunContext) -> Report {
        let changePoints = ChangePoints.run(context)
        let sixteen = changePoints.rows.last, one = changePoints.rows.first
        var report = Report()
        report.claim(.exact(
            "Several changes before a read cost no more than one.",
            held: changePoints.held,
            evidence: "\(NumberFormat.grouped(changePoints.nodes)) nodes: one write then a read runs "
                + "\(one.map { NumberFormat.grouped($0.evaluations) } ?? "?") rules; "
                + "16 writes (downstream first) mark \(sixteen.map { NumberFormat.grouped($0.firstWriteMarks + $0.laterWriteMarks) } ?? "?") rules "
                + "in total and run \(sixteen.map { NumberFormat.grouped($0.evaluations) } ?? "?")"
        ))
        report.table(changePoints.table, file: "change-points")
        return report
    }
}
