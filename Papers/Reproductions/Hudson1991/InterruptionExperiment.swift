import Reporting

/// Hudson experiment 6: the evaluate phase stopped between evaluations. Each step's writes are
/// applied to two instances of the same graph; one reads the step's nodes as usual, the other
/// brings them up to date one evaluation at a time (`Graph.update(_:continuingWhile:)` allowing
/// no evaluation after the first), stopping after each. After every stop, every rule that is not
/// out of date holds its from-scratch value and none is left being updated; at the end of the
/// step both instances have run the same number of evaluations and read the same values.
struct Interruption {
    struct Row {
        var shape: String
        var nodes: Int
        var steps = 0
        /// Updates that stopped before they finished.
        var stops = 0
        var evaluations = 0
        var slicedEvaluations = 0
        /// Stops after which some rule not out of date held a wrong value, or a rule was left
        /// being updated.
        var inconsistentStops = 0
        /// Steps whose read values differed between the two instances or from scratch.
        var wrongValues = 0
    }

    var rows: [Row] = []

    static func run(_ context: RunContext) -> Interruption {
        let size = context.quick ? 200 : 1_000
        let shapes = [Workload.chain(nodes: size), .fanOut(nodes: size, readEvery: 10), .diamonds(nodes: size),
                      .conditional(nodes: size), .randomDAG(nodes: size)]
        var experiment = Interruption()
        for workload in shapes {
            context.log("interruption: \(workload.name), \(workload.spec.count) nodes")
            let whole = MarkSweepInstance(spec: workload.spec)
            let sliced = MarkSweepInstance(spec: workload.spec)
            let oracle = IdealOracle(spec: workload.spec)
            var row = Row(shape: workload.name, nodes: workload.spec.count)
            for step in workload.steps(24, seed: 11) {
                _ = oracle.apply(step)
                let before = (whole.graph.statistics.evaluations, sliced.graph.statistics.evaluations)
                whole.apply(step)
                sliced.graph.batch { for write in step.writes { sliced.write(write) } }
                while !sliced.update(step.reads, continuingWhile: { false }) {
                    row.stops += 1
                    if !isConsistent(sliced, with: oracle.values) { row.inconsistentStops += 1 }
                }
                if !isConsistent(sliced, with: oracle.values) { row.inconsistentStops += 1 }
                row.evaluations += whole.graph.statistics.evaluations - before.0
                row.slicedEvaluations += sliced.graph.statistics.evaluations - before.1
                if step.reads.contains(where: { sliced.read($0) != oracle.values[Int($0)] || whole.read($0) != oracle.values[Int($0)] }) {
                    row.wrongValues += 1
                }
                row.steps += 1
            }
            experiment.rows.append(row)
        }
        return experiment
    }

    /// Whether no rule of `instance` is being updated and every rule that is not out of date holds
    /// its value in `values`.
    private static func isConsistent(_ instance: MarkSweepInstance, with values: [Int]) -> Bool {
        (0 ..< Int32(instance.spec.count)).allSatisfy { node in
            let state = instance.state(of: node)
            if state.contains(.updating) { return false }
            guard instance.spec.kinds[Int(node)] != .input, !state.contains(.dirty) else { return true }
            return instance.read(node) == values[Int(node)]
        }
    }

    /// Values and demanded reads consistent after every stop, and no evaluation added.
    var held: Bool {
        !rows.isEmpty && rows.allSatisfy {
            $0.stops > 0 && $0.inconsistentStops == 0 && $0.wrongValues == 0 && $0.slicedEvaluations == $0.evaluations
        }
    }

    var table: Table {
        Table(title: "Updating one evaluation at a time against updating at once", rows: rows, columns: [
            .init("shape") { .text($0.shape) }, .init("nodes", alignment: .right) { .integer($0.nodes) },
            .init("steps", alignment: .right) { .integer($0.steps) },
            .init("stops", alignment: .right) { .integer($0.stops) },
            .init("inconsistent stops", alignment: .right) { .integer($0.inconsistentStops) },
            .init("evaluations at once", alignment: .right) { .integer($0.evaluations) },
            .init("evaluations in slices", alignment: .right) { .integer($0.slicedEvaluations) },
            .init("steps with a wrong value", alignment: .right) { .integer($0.wrongValues) },
        ])
    }
}

/// Hudson experiment 6 (claim: stopping the evaluate phase between evaluations is safe and free).
struct InterruptionExperiment: Experiment {
    let title = "Experiment 6: stopping the evaluate phase between evaluations"

    func run(_ context: RunContext) -> Report {
        let interruption = Interruption.run(context)
        var report = Report()
        let rows = interruption.rows
        report.claim(.exact(
            "Interrupting the evaluate phase between evaluations keeps every demanded value consistent and costs no extra evaluations.",
            held: interruption.held,
            evidence: "\(NumberFormat.grouped(rows.map(\.stops).reduce(0, +))) stops, "
                + "\(rows.map(\.inconsistentStops).reduce(0, +)) inconsistent; "
                + "\(NumberFormat.grouped(rows.map(\.slicedEvaluations).reduce(0, +))) evaluations in slices, "
                + "\(NumberFormat.grouped(rows.map(\.evaluations).reduce(0, +))) at once"
        ))
        report.table(interruption.table, file: "interruption")
        return report
    }
}
