import Reporting

/// Hudson experiment 4: dependencies through indirection are tracked. A select reads chain A or
/// chain B depending on a condition (``Workload/conditional(nodes:switchEvery:)``); a scripted
/// sequence of changes checks that only the chain it currently reads reaches it.
struct Indirection {
    struct Row {
        var action: String
        var result: CheckedRun.StepResult
        var selectMarked: Bool
        var selectRan: Bool
        /// Whether this action touched only the chain the select does not read.
        var onlyUnreadChainChanged: Bool
    }

    var nodes = 0
    var rows: [Row] = []

    static func run(_ context: RunContext) -> Indirection {
        let workload = Workload.conditional(nodes: context.quick ? 1_000 : 10_000)
        context.log("indirection: conditional, \(workload.spec.count) nodes")
        let condition: Int32 = 0, a: Int32 = 1, b: Int32 = 2
        let select = workload.outputs[0]
        let run = CheckedRun(spec: workload.spec)
        var random = SplitMix64(seed: 11)
        let script: [(String, [Write], Bool)] = [
            ("change A (select reads A)", [Write(node: a, value: random.inputValue())], false),
            ("change B (select reads A)", [Write(node: b, value: random.inputValue())], true),
            ("switch the select to B", [Write(node: condition, value: 1)], false),
            ("change A (select reads B)", [Write(node: a, value: random.inputValue())], true),
            ("change B (select reads B)", [Write(node: b, value: random.inputValue())], false),
            ("switch back to A", [Write(node: condition, value: 2)], false),
        ]
        var experiment = Indirection(nodes: workload.spec.count)
        for (action, writes, onlyUnread) in script {
            let result = run.apply(Step(writes: writes, reads: [select]))
            let statistics = run.instance.statistics(of: select)
            experiment.rows.append(Row(action: action, result: result, selectMarked: statistics.marks > 0,
                                       selectRan: statistics.evaluations > 0, onlyUnreadChainChanged: onlyUnread))
        }
        return experiment
    }

    /// Whether every step matched the oracle and changes of the unread chain never reached the select.
    var held: Bool {
        !rows.isEmpty && rows.allSatisfy { $0.result.agrees && !($0.onlyUnreadChainChanged && ($0.selectMarked || $0.selectRan)) }
    }

    var table: Table {
        Table(title: "A select switching chains (conditional, \(NumberFormat.grouped(nodes)) nodes)", rows: rows, columns: [
            .init("action") { .text($0.action) }, .init("marks", alignment: .right) { .integer($0.result.marks) },
            .init("marks (ideal)", alignment: .right) { .integer($0.result.expectation.marks) },
            .init("evaluations", alignment: .right) { .integer($0.result.evaluations) },
            .init("required (ideal)", alignment: .right) { .integer($0.result.expectation.requiredCount) },
            .init("select marked") { .text($0.selectMarked ? "yes" : "no") }, .init("select ran") { .text($0.selectRan ? "yes" : "no") },
        ])
    }
}

/// Hudson experiment 4 (claim: dependencies through indirection are tracked).
struct IndirectionExperiment: Experiment {
    let title = "Experiment 4: dependencies through indirection"

    func run(_ context: RunContext) -> Report {
        let indirection = Indirection.run(context)
        var report = Report()
        report.claim(.exact(
            "Dependencies through indirection (a rule switching which node it reads) are tracked.",
            held: indirection.held,
            evidence: "after each switch, changes of the chain the select no longer reads marked and ran it "
                + "\(indirection.rows.filter { $0.onlyUnreadChainChanged && ($0.selectMarked || $0.selectRan) }.count) times; "
                + "\(indirection.rows.filter { !$0.result.agrees }.count) of \(indirection.rows.count) steps disagree with the oracle"
        ))
        report.table(indirection.table, file: "indirection")
        return report
    }
}
