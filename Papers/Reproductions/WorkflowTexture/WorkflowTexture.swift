import ExtraStrategies
import Reporting
import Scheduling

/// Square Workflow and Texture (seeds `002_3c03fcad5011bba5.txt`, `003_9d78a9f2cb0c8025.txt` and
/// `004_d70c4ba0a57943eb.txt`): Workflow re-renders the whole tree from the root after every
/// change, so its cost grows with the tree where incremental evaluation's grows with the change;
/// Texture measures rows of a scrolling list ahead of time in a working range, so that rows do
/// not scroll into view unmeasured.
struct WorkflowTexture: ReproductionSource {
    let name = "workflowtexture"
    let folder = "WorkflowTexture"
    let summary = "Square Workflow and Texture: full re-renders grow with the tree; working ranges avoid range misses"

    /// What rendering costs in both experiments' virtual time, as in `openswiftuiasync`: 1 ms per
    /// frame (commit and drawing) and 2 µs per rule evaluation.
    static let costModel = CostModel(perFrame: .milliseconds(1), perEvaluation: .microseconds(2))
    static let frameRate = 60.0

    func run(_ context: RunContext) -> SourceResults {
        let registry = StrategyRegistry()
        do {
            try registerExtraStrategies(in: registry)
        } catch {
            context.log("cannot register the extra strategies: \(error)")
        }
        let scaling = RerenderScalingExperiment.run(context, registry: registry)
        let ranges = WorkingRangeExperiment.run(context)

        var results = SourceResults()
        for claim in scaling.claims + ranges.claims { results.claim(claim) }

        results.heading("Experiment 1: one change in trees of growing size")
        results.paragraph(scaling.summary)
        results.table(scaling.table, file: "rerender-scaling")
        for shape in TreeShape.allCases {
            results.chart(scaling.chart(shape).svg(), file: "evaluations-\(shape.fileName)",
                          caption: "Evaluations per change against the size of the \(shape.title)")
        }
        results.heading("Experiment 2: working ranges while scrolling")
        results.paragraph(ranges.summary)
        results.table(ranges.table, file: "working-range")
        results.chart(ranges.chart.svg(), file: "range-misses", caption: "Range misses by scroll speed and working range")
        return results
    }
}
