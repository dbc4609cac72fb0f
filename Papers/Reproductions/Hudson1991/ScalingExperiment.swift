import Foundation
import Reporting

/// Hudson experiment 5: the cost of a change grows with the part of the graph that is affected
/// and demanded, not with the graph. Forests of independent chains (``Workload/forest(components:length:)``):
/// each change writes one component's input and reads that component's tail.
struct Scaling {
    struct Point {
        var nodes: Int
        /// Rules affected and demanded per change (the component's length minus its input).
        var region: Int
        var evaluationsPerChange: Double
        var marksPerChange: Double
        /// Time per change in each timing round.
        var roundNanoseconds: [Double]
        /// Time per change, the median of the rounds.
        var nanosecondsPerChange: Double { median(roundNanoseconds) }
        /// Time to re-evaluate the whole graph from scratch, for comparison.
        var fromScratchNanoseconds: Double?
    }

    /// A fixed region (100-node components) in graphs of growing size.
    var fixedRegion: [Point] = []
    /// A region of a tenth of the graph (10 components).
    var proportionalRegion: [Point] = []
    /// Growing regions in a graph of fixed size.
    var growingRegion: [Point] = []

    static func run(_ context: RunContext) -> Scaling {
        let sizes = context.quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
        let fixedSize = sizes.last!
        var experiment = Scaling()
        for size in sizes {
            context.log("scaling: \(size) nodes")
            experiment.fixedRegion.append(measure(.forest(components: size / 100, length: 100), context, fromScratch: true))
            experiment.proportionalRegion.append(measure(.forest(components: 10, length: size / 10), context, fromScratch: false))
        }
        var length = 10
        while length <= fixedSize / 10 {
            context.log("scaling: regions of \(length) nodes in \(fixedSize)")
            experiment.growingRegion.append(measure(.forest(components: fixedSize / length, length: length), context, fromScratch: false))
            length *= 10
        }
        return experiment
    }

    private static func measure(_ workload: Workload, _ context: RunContext, fromScratch: Bool) -> Point {
        let instance = MarkSweepInstance(spec: workload.spec)
        let steps = workload.steps(256, seed: 13)
        let graph = instance.graph
        let before = graph.statistics
        let counted = steps.prefix(32)
        for step in counted { instance.apply(step) }
        let after = graph.statistics
        let count = Double(counted.count)
        let nanoseconds = context.budget.samples { call in
            instance.apply(steps[call % steps.count], valueOffset: call / steps.count)
        }
        var scratch: Double?
        if fromScratch {
            var inputs = workload.spec.initialInputValues
            let sink = Sink()
            scratch = context.budget.nanosecondsPerOperation { call in
                let step = steps[call % steps.count]
                for write in step.writes { inputs[Int(write.node)] = write.value &+ call / steps.count }
                sink.consume(workload.spec.evaluateAll(inputValues: inputs)[Int(step.reads[0])])
            }
        }
        return Point(
            nodes: workload.spec.count, region: workload.spec.count / workload.outputs.count - 1,
            evaluationsPerChange: Double(after.evaluations - before.evaluations) / count,
            marksPerChange: Double(after.marks - before.marks) / count,
            roundNanoseconds: nanoseconds, fromScratchNanoseconds: scratch
        )
    }

    /// Whether evaluations and marks per change equal the region in every configuration.
    var countsHeld: Bool {
        let all = fixedRegion + proportionalRegion + growingRegion
        return !all.isEmpty && all.allSatisfy { $0.evaluationsPerChange == Double($0.region) && $0.marksPerChange == Double($0.region) }
    }

    /// The least-squares slope of log(time) against log(size).
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        let xs = points.map { log10($0.x) }, ys = points.map { log10($0.y) }
        let meanX = xs.reduce(0, +) / Double(xs.count), meanY = ys.reduce(0, +) / Double(ys.count)
        let covariance = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let variance = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        return variance == 0 ? 0 : covariance / variance
    }

    /// The log-log slope of time against `x` over `points`, computed in each timing round, with
    /// its interval over the rounds.
    static func slopeEstimate(_ points: [Point], x: (Point) -> Double) -> MedianEstimate {
        let rounds = points.map(\.roundNanoseconds.count).min() ?? 0
        guard points.count >= 2, rounds > 0 else { return MedianEstimate(median: .nan, low: .nan, high: .nan, coverage: 0, count: 0) }
        return MedianEstimate((0 ..< rounds).map { round in slope(points.map { (x($0), $0.roundNanoseconds[round]) }) })
    }

    /// Slope of time against graph size with a fixed region, with a tenth of the graph affected,
    /// and of time against the region in a graph of fixed size.
    var fixedRegionSlope: MedianEstimate { Self.slopeEstimate(fixedRegion) { Double($0.nodes) } }
    var proportionalSlope: MedianEstimate { Self.slopeEstimate(proportionalRegion) { Double($0.nodes) } }
    var growingRegionSlope: MedianEstimate { Self.slopeEstimate(growingRegion) { Double($0.region) } }

    /// Time per change is nearly flat in the graph size for a fixed region (slope below 0.25 on
    /// log-log axes) and nearly proportional to the region (slope between 0.7 and 1.3).
    var timingMeasures: [Measure] {
        [
            Measure("log-log slope of time against graph size, 99 rules affected", fixedRegionSlope, .below(0.25)),
            Measure("slope against the affected part", growingRegionSlope, .within(0.7 ... 1.3)),
            Measure("slope against graph size with a tenth affected", proportionalSlope, .within(0.7 ... 1.3)),
        ]
    }

    var sizeChart: LineChart {
        LineChart(
            title: "Time per change as the graph grows",
            xAxis: ChartAxis("nodes in the graph", scale: .logarithmic),
            yAxis: ChartAxis("ns per change", scale: .logarithmic),
            series: [
                Series(label: "mark-sweep, 99 rules affected", points: fixedRegion.map { .init(x: Double($0.nodes), y: $0.nanosecondsPerChange) }),
                Series(label: "mark-sweep, a tenth affected", points: proportionalRegion.map { .init(x: Double($0.nodes), y: $0.nanosecondsPerChange) }),
                Series(label: "from scratch", points: fixedRegion.compactMap { point in
                    point.fromScratchNanoseconds.map { .init(x: Double(point.nodes), y: $0) }
                }),
            ]
        )
    }

    var regionChart: LineChart {
        LineChart(
            title: "Time per change as the affected part grows (\(NumberFormat.grouped(growingRegion.first?.nodes ?? 0)) nodes)",
            xAxis: ChartAxis("rules affected and demanded per change", scale: .logarithmic),
            yAxis: ChartAxis("ns per change", scale: .logarithmic),
            series: [Series(label: "mark-sweep", points: growingRegion.map { .init(x: Double($0.region), y: $0.nanosecondsPerChange) })]
        )
    }

    var table: Table {
        let series = [("fixed region", fixedRegion), ("a tenth of the graph", proportionalRegion), ("growing region", growingRegion)]
        return Table(title: "Cost per change in forests of chains", rows: series.flatMap { name, points in points.map { (name, $0) } }, columns: [
            .init("series") { .text($0.0) }, .init("nodes", alignment: .right) { .integer($0.1.nodes) },
            .init("affected and demanded", alignment: .right) { .integer($0.1.region) },
            .init("evaluations per change", decimals: 1) { .number($0.1.evaluationsPerChange) },
            .init("marks per change", decimals: 1) { .number($0.1.marksPerChange) },
            .init("ns per change", decimals: 0) { .number($0.1.nanosecondsPerChange) },
            .init("ns per change from scratch", decimals: 0) { $0.1.fromScratchNanoseconds.map { .number($0) } ?? .missing },
        ])
    }
}

/// Hudson experiment 5 (claims: the work per change, and the time per change, depend on the
/// affected and demanded part, not on the graph).
struct ScalingExperiment: Experiment {
    let title = "Experiment 5: time per change as the graph grows"

    func run(_ context: RunContext) -> Report {
        let scaling = Scaling.run(context)
        let fixed = scaling.fixedRegion
        var report = Report()
        report.claim(.exact(
            "The work per change (evaluations and marks) depends only on the affected and demanded part.",
            held: scaling.countsHeld,
            evidence: "forests of \(NumberFormat.grouped(fixed.first?.nodes ?? 0))–\(NumberFormat.grouped(fixed.last?.nodes ?? 0)) nodes: "
                + "evaluations and marks per change equal the affected chain's length in all "
                + "\(fixed.count + scaling.proportionalRegion.count + scaling.growingRegion.count) configurations"
        ))
        report.claim(.measured(
            "The time per change grows with the affected and demanded part, not with the graph.",
            scaling.timingMeasures,
            evidence: "median time per change with 99 rules affected: \(NumberFormat.fixed(fixed.first?.nanosecondsPerChange ?? 0, decimals: 0)) ns "
                + "at \(NumberFormat.grouped(fixed.first?.nodes ?? 0)) nodes, \(NumberFormat.fixed(fixed.last?.nanosecondsPerChange ?? 0, decimals: 0)) ns "
                + "at \(NumberFormat.grouped(fixed.last?.nodes ?? 0)); slopes computed round by round"
        ))
        report.chart(scaling.sizeChart.svg(), file: "time-vs-graph-size", caption: "Time per change against graph size")
        report.chart(scaling.regionChart.svg(), file: "time-vs-affected", caption: "Time per change against the affected part")
        report.table(scaling.table, file: "scaling")
        return report
    }
}
