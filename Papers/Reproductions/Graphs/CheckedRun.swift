/// A workload run on the mark-sweep graph and on the ``IdealOracle`` side by side: after each step
/// the graph's per-node counters are compared with what the oracle says was required and allowed.
final class CheckedRun {
    /// One step's comparison.
    struct StepResult {
        var expectation: IdealOracle.Expectation
        /// Rules the graph ran.
        var evaluations = 0
        /// Rules the graph marked out of date.
        var marks = 0
        /// Required rules the graph did not run.
        var missed = 0
        /// Rules the graph ran although the oracle did not allow it.
        var unallowed = 0
        /// The most times one rule ran in the step.
        var maximumRunsOfOneRule = 0
        /// Demanded values that differ from the oracle's from-scratch values.
        var wrongValues = 0

        /// Whether the graph did exactly what the oracle allows: every required rule ran once, no
        /// rule ran outside the allowed set, marks match, values are right.
        var agrees: Bool {
            missed == 0 && unallowed == 0 && maximumRunsOfOneRule <= 1 && wrongValues == 0
                && marks == expectation.marks
        }
    }

    let instance: MarkSweepInstance
    let oracle: IdealOracle

    init(spec: GraphSpec) {
        instance = MarkSweepInstance(spec: spec, recordsNodeStatistics: true)
        oracle = IdealOracle(spec: spec)
    }

    /// Applies `step` to both. With `writesSeparately`, the graph gets each write on its own (each
    /// runs the mark phase) instead of one batch; the oracle sees one step either way, since no read
    /// happens between the writes.
    func apply(_ step: Step, writesSeparately: Bool = false) -> StepResult {
        let graph = instance.graph
        graph.resetStatistics()
        if writesSeparately {
            for write in step.writes { instance.write(write) }
            for node in step.reads { _ = instance.read(node) }
        } else {
            instance.apply(step)
        }
        var result = StepResult(expectation: oracle.apply(step))
        result.evaluations = graph.statistics.evaluations
        result.marks = graph.statistics.marks
        let spec = instance.spec
        for node in 0 ..< Int32(spec.count) where spec.kinds[Int(node)] != .input {
            let runs = instance.statistics(of: node).evaluations
            result.maximumRunsOfOneRule = max(result.maximumRunsOfOneRule, runs)
            if result.expectation.required[Int(node)] && runs == 0 { result.missed += 1 }
            if runs > 0 && !result.expectation.allowed[Int(node)] { result.unallowed += 1 }
        }
        for node in step.reads where instance.read(node) != oracle.values[Int(node)] { result.wrongValues += 1 }
        return result
    }
}
