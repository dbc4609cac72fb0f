import Foundation
import Reporting

/// Hudson experiment 5: the cost of a change grows with the part of the graph that is affected
/// and demanded, not with the graph. Forests of independent chains (``Workload/forest(components:length:)``):
/// each change writes one component's input and reads that component's tail.
struct ScalingExperiment {
    struct Point {
        var nodes: Int
        /// Rules affected and demanded per change (the component's length minus its input).
        var region: Int
        var evaluationsPerChange: Double
        var marksPerChange: Double
        var nanosecondsPerChange: Double
        /// Time to re-evaluate the whole graph from scratch, for comparison.
        var fromScratchNanoseconds: Double?
    }

    /// A fixed region (100-node components) in graphs of growing size.
    var fixedRegion: [Point] = []
    /// A region of a tenth of the graph (10 components).
    var proportionalRegion: [Point] = []
    /// Growing regions in a graph of fixed size.
    var growingRegion: [Point] = []

    static func run(_ context: RunContext) -> ScalingExperiment {
        let sizes = context.quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
        let fixedSize = sizes.last!
        var experiment = ScalingExperiment()
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
        let nanoseconds = context.budget.nanosecondsPerOperation { call in
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
            nanosecondsPerChange: nanoseconds, fromScratchNanoseconds: scratch
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

    var fixedRegionSlope: Double { Self.slope(fixedRegion.map { (Double($0.nodes), $0.nanosecondsPerChange) }) }
    var proportionalSlope: Double { Self.slope(proportionalRegion.map { (Double($0.nodes), $0.nanosecondsPerChange) }) }
    var growingRegionSlope: Double { Self.slope(growingRegion.map { (Double($0.region), $0.nanosecondsPerChange) }) }

    /// Time per change is nearly flat in the graph size for a fixed region (slope below 0.25 on
    /// log-log axes) and nearly proportional to the region (slope between 0.7 and 1.3).
    var timingHeld: Bool {
        fixedRegionSlope < 0.25 && (0.7 ... 1.3).contains(growingRegionSlope) && (0.7 ... 1.3).contains(proportionalSlope)
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
        var table = Table(title: "Cost per change in forests of chains", columns: [
            Column("series"), Column("nodes", alignment: .right), Column("affected and demanded", alignment: .right),
            Column("evaluations per change", decimals: 1), Column("marks per change", decimals: 1),
            Column("ns per change", decimals: 0), Column("ns per change from scratch", decimals: 0),
        ])
        let series = [("fixed region", fixedRegion), ("a tenth of the graph", proportionalRegion), ("growing region", growingRegion)]
        for (name, points) in series {
            for point in points {
                table.append([
                    .text(name), .integer(point.nodes), .integer(point.region), .number(point.evaluationsPerChange),
                    .number(point.marksPerChange), .number(point.nanosecondsPerChange),
                    point.fromScratchNanoseconds.map { .number($0) } ?? .missing,
                ])
            }
        }
        return table
    }
}
