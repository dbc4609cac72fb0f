import Reporting

/// S. E. Hudson, "Incremental attribute evaluation: a flexible algorithm for lazy update",
/// ACM TOPLAS 13(3), 1991; and "A system for efficient and flexible one-way constraint evaluation
/// in C++", GVU TR 93-15, 1993: the mark-dirty / lazy-evaluate algorithm our engine implements.
struct Hudson1991: ReproductionSource {
    let name = "hudson1991"
    let folder = "Hudson1991"
    let summary = "Hudson 1991/1993: lazy evaluation runs only what is affected and demanded, once"

    func run(_ context: RunContext) -> SourceResults {
        let comparison = OracleComparison.run(context)
        let changePoints = ChangePointsExperiment.run(context)
        let reread = RereadExperiment.run(context)
        let indirection = IndirectionExperiment.run(context)
        let scaling = ScalingExperiment.run(context)

        var results = SourceResults()
        let rows = comparison.rows
        let evaluations = rows.reduce(0) { $0 + $1.evaluations }
        let required = rows.reduce(0) { $0 + $1.required }
        let allowed = rows.reduce(0) { $0 + $1.allowed }
        let affected = rows.reduce(0) { $0 + $1.affected }
        let demanded = rows.reduce(0) { $0 + $1.demanded }
        let marks = rows.reduce(0) { $0 + $1.marks }
        let idealMarks = rows.reduce(0) { $0 + $1.idealMarks }
        let disagreeing = rows.reduce(0) { $0 + $1.disagreements }
        let steps = rows.reduce(0) { $0 + $1.steps }
        let largest = rows.map(\.nodes).max() ?? 0
        results.claim(ClaimCheck(
            "Only attributes both affected by a change and demanded are evaluated.",
            held: disagreeing == 0 && !rows.isEmpty, gated: true,
            evidence: "\(rows.count) shape/size configurations up to \(NumberFormat.grouped(largest)) nodes, "
                + "\(steps) steps: \(NumberFormat.grouped(evaluations)) evaluations against \(NumberFormat.grouped(required)) required "
                + "and \(NumberFormat.grouped(allowed)) allowed (affected: \(NumberFormat.grouped(affected)), "
                + "demanded: \(NumberFormat.grouped(demanded))); marks \(NumberFormat.grouped(marks)) against "
                + "\(NumberFormat.grouped(idealMarks)) ideal; \(disagreeing) steps disagree with the oracle"
        ))
        let maximumRuns = rows.map(\.maximumRunsOfOneRule).max() ?? 0
        results.claim(ClaimCheck(
            "Each attribute is evaluated at most once per batch of changes.",
            held: maximumRuns <= 1 && !rows.isEmpty, gated: true,
            evidence: "the most any rule ran in one step, over all \(steps) steps: \(maximumRuns)"
        ))
        let sixteen = changePoints.rows.last
        results.claim(ClaimCheck(
            "Several changes before a read cost no more than one.",
            held: changePoints.held, gated: true,
            evidence: "\(NumberFormat.grouped(changePoints.nodes)) nodes: one write then a read runs "
                + "\(changePoints.rows.first.map { NumberFormat.grouped($0.evaluations) } ?? "?") rules; "
                + "16 writes (downstream first) mark \(sixteen.map { NumberFormat.grouped($0.firstWriteMarks + $0.laterWriteMarks) } ?? "?") rules "
                + "in total and run \(sixteen.map { NumberFormat.grouped($0.evaluations) } ?? "?"); "
                + "time per round \(sixteen.map { NumberFormat.fixed($0.nanoseconds / max(1, changePoints.rows[0].nanoseconds), decimals: 2) } ?? "?")× one write's"
        ))
        let rereadNanoseconds = reread.rows.map { $0.rereadNanoseconds / Double(max(1, $0.reads)) }
        results.claim(ClaimCheck(
            "Reading again without a change costs nothing.",
            held: reread.held, gated: true,
            evidence: "0 evaluations and 0 marks on every re-read, \(NumberFormat.grouped(reread.rows.first?.nodes ?? 0)) to "
                + "\(NumberFormat.grouped(reread.rows.last?.nodes ?? 0)) nodes; "
                + "\(NumberFormat.fixed(rereadNanoseconds.min() ?? 0, decimals: 1))–\(NumberFormat.fixed(rereadNanoseconds.max() ?? 0, decimals: 1)) ns per node read"
        ))
        results.claim(ClaimCheck(
            "Dependencies through indirection (a rule switching which node it reads) are tracked.",
            held: indirection.held, gated: true,
            evidence: "after each switch, changes of the chain the select no longer reads marked and ran it "
                + "\(indirection.rows.filter { $0.onlyUnreadChainChanged && ($0.selectMarked || $0.selectRan) }.count) times; "
                + "\(indirection.rows.filter { !$0.result.agrees }.count) of \(indirection.rows.count) steps disagree with the oracle"
        ))
        results.claim(ClaimCheck(
            "The work per change (evaluations and marks) depends only on the affected and demanded part.",
            held: scaling.countsHeld, gated: true,
            evidence: "forests of \(NumberFormat.grouped(scaling.fixedRegion.first?.nodes ?? 0))–\(NumberFormat.grouped(scaling.fixedRegion.last?.nodes ?? 0)) nodes: "
                + "evaluations and marks per change equal the affected chain's length in all \(scaling.fixedRegion.count + scaling.proportionalRegion.count + scaling.growingRegion.count) configurations"
        ))
        let fixed = scaling.fixedRegion
        results.claim(ClaimCheck(
            "The time per change grows with the affected and demanded part, not with the graph.",
            held: scaling.timingHeld, gated: false,
            evidence: "log-log slope of time against graph size with 99 rules affected: \(NumberFormat.fixed(scaling.fixedRegionSlope, decimals: 2)) "
                + "(\(NumberFormat.fixed(fixed.first?.nanosecondsPerChange ?? 0, decimals: 0)) ns at \(NumberFormat.grouped(fixed.first?.nodes ?? 0)) nodes, "
                + "\(NumberFormat.fixed(fixed.last?.nanosecondsPerChange ?? 0, decimals: 0)) ns at \(NumberFormat.grouped(fixed.last?.nodes ?? 0))); "
                + "against the affected part: \(NumberFormat.fixed(scaling.growingRegionSlope, decimals: 2)); "
                + "with a tenth affected: \(NumberFormat.fixed(scaling.proportionalSlope, decimals: 2))"
        ))

        results.heading("Experiment 1: evaluations and marks against the oracle")
        results.table(comparison.table, file: "oracle-comparison")
        let chartSize = context.quick ? 1_000 : 10_000
        results.chart(comparison.chart(nodes: chartSize).svg(), file: "rules-per-step", caption: "Rules per step by shape")
        results.heading("Experiment 2: several writes before one read")
        results.table(changePoints.table, file: "change-points")
        results.heading("Experiment 3: reading again without a change")
        results.table(reread.table, file: "reread")
        results.heading("Experiment 4: dependencies through indirection")
        results.table(indirection.table, file: "indirection")
        results.heading("Experiment 5: time per change as the graph grows")
        results.chart(scaling.sizeChart.svg(), file: "time-vs-graph-size", caption: "Time per change against graph size")
        results.chart(scaling.regionChart.svg(), file: "time-vs-affected", caption: "Time per change against the affected part")
        results.table(scaling.table, file: "scaling")
        return results
    }
}
