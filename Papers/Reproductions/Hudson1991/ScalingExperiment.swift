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
    /// Instructions per change (callgrind) of the fixed region in graphs of ``countedSizes``, and of
    /// the regions of ``countedLengths`` in the largest: `nil` when not counted.
    var countedBySize: [(nodes: Int, instructions: Double)]?
    var countedByRegion: [(region: Int, instructions: Double)]?

    /// The graph sizes whose instructions per change are counted: under callgrind, about fifty
    /// times slower than the timed runs, building the full run's 10⁶ nodes would take minutes.
    static let countedSizes = [1_000, 10_000, 100_000]
    /// The chain lengths (the affected part plus its input) counted in a graph of the largest
    /// counted size.
    static let countedLengths = [10, 100, 1_000, 10_000]
    /// Changes per counted run (and twice as many in the second).
    static let countedChanges = 16

    /// What is timed and counted of a change: the function applying change `call`, the next of
    /// `steps` (cycled, with values that move on at every pass through them).
    static func change(_ instance: MarkSweepInstance, _ steps: [Step]) -> (Int) -> Void {
        { call in instance.apply(steps[call % steps.count], valueOffset: call / steps.count) }
    }

    /// The changes of the experiment on `workload` (256 seeded steps).
    static func steps(_ workload: Workload) -> [Step] { workload.steps(256, seed: 13) }

    /// `reproduce --count` names: `hudson1991.forest.C.L`, a change in a forest of C chains of L
    /// nodes, for the configurations counted.
    static var countedOperations: [String: @Sendable () -> (Int) -> Void] {
        let largest = countedSizes.last!
        let forests = countedSizes.map { ($0 / 100, 100) } + countedLengths.map { (largest / $0, $0) }
        var named: [String: @Sendable () -> (Int) -> Void] = [:]
        for (components, length) in forests {
            named[countedName(components: components, length: length)] = {
                let workload = Workload.forest(components: components, length: length)
                return change(MarkSweepInstance(spec: workload.spec), steps(workload))
            }
        }
        return named
    }

    private static func countedName(components: Int, length: Int) -> String { "hudson1991.forest.\(components).\(length)" }

    /// Counts the instructions per change of the counted configurations; `nil` when one cannot be.
    private static func count(_ counter: InstructionCounter, _ context: RunContext)
        -> (bySize: [(nodes: Int, instructions: Double)], byRegion: [(region: Int, instructions: Double)])? {
        var counted: [String: Double] = [:]
        func instructions(components: Int, length: Int) throws -> Double {
            let name = countedName(components: components, length: length)
            if let known = counted[name] { return known }
            context.log("scaling: counting instructions, \(NumberFormat.grouped(components)) chains of \(NumberFormat.grouped(length)) nodes")
            let count = try counter.instructionsPerCall(of: name, calls: countedChanges)
            counted[name] = count
            return count
        }
        do {
            let bySize = try countedSizes.map { size in (size, try instructions(components: size / 100, length: 100)) }
            let largest = countedSizes.last!
            let byRegion = try countedLengths.map { length in (length - 1, try instructions(components: largest / length, length: length)) }
            return (bySize, byRegion)
        } catch {
            context.log("scaling: cannot count instructions (\(error))")
            return nil
        }
    }

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
        if let counter = context.instructionCounter, !context.quick, let counted = count(counter, context) {
            experiment.countedBySize = counted.bySize
            experiment.countedByRegion = counted.byRegion
        }
        return experiment
    }

    private static func measure(_ workload: Workload, _ context: RunContext, fromScratch: Bool) -> Point {
        let instance = MarkSweepInstance(spec: workload.spec)
        let steps = Self.steps(workload)
        let change = Self.change(instance, steps)
        let graph = instance.graph
        let before = graph.statistics
        let counted = steps.prefix(32)
        for step in counted { instance.apply(step) }
        let after = graph.statistics
        let count = Double(counted.count)
        let nanoseconds = context.budget.samples(change)
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
            Measure("log-log slope of time against graph size, 99 rules affected", fixedRegionSlope, Self.flat),
            Measure("slope against the affected part", growingRegionSlope, Self.proportional),
            Measure("slope against graph size with a tenth affected", proportionalSlope, Self.proportional),
        ]
    }

    /// What claim 7 expects of a log-log slope against the graph's size with a fixed affected part,
    /// and against the affected part.
    static let flat = Expectation.below(0.25)
    static let proportional = Expectation.within(0.7 ... 1.3)

    /// Claim 7 on instructions, when they were counted: the same slopes and thresholds.
    var instructionCheck: CrossCheck? {
        guard let countedBySize, let countedByRegion else { return nil }
        let bySize = Self.slope(countedBySize.map { (Double($0.nodes), $0.instructions) })
        let byRegion = Self.slope(countedByRegion.map { (Double($0.region), $0.instructions) })
        let sizes = countedBySize.map(\.nodes)
        return .exact(
            .instructions, held: Self.flat.holds(exactly: bySize) && Self.proportional.holds(exactly: byRegion),
            figures: "log-log slope of instructions per change (callgrind) against graph size, 99 rules affected, "
                + "\(NumberFormat.grouped(sizes.first ?? 0))–\(NumberFormat.grouped(sizes.last ?? 0)) nodes, "
                + "\(NumberFormat.fixed(bySize, decimals: 3)) (expected \(Self.flat.description(decimals: 2))); against the affected part, "
                + "\(countedByRegion.map { NumberFormat.grouped($0.region) }.joined(separator: ", ")) rules in "
                + "\(NumberFormat.grouped(sizes.last ?? 0)) nodes, \(NumberFormat.fixed(byRegion, decimals: 3)) "
                + "(expected \(Self.proportional.description(decimals: 2))); per change "
                + countedBySize.map { "\(NumberFormat.grouped(Int($0.instructions.rounded()))) at \(NumberFormat.grouped($0.nodes)) nodes" }
                    .joined(separator: ", ")
        )
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
        var timed = Claim.measured(
            "The time per change grows with the affected and demanded part, not with the graph.",
            scaling.timingMeasures,
            evidence: "median time per change with 99 rules affected: \(NumberFormat.fixed(fixed.first?.nanosecondsPerChange ?? 0, decimals: 0)) ns "
                + "at \(NumberFormat.grouped(fixed.first?.nodes ?? 0)) nodes, \(NumberFormat.fixed(fixed.last?.nanosecondsPerChange ?? 0, decimals: 0)) ns "
                + "at \(NumberFormat.grouped(fixed.last?.nodes ?? 0)); slopes computed round by round"
        )
        if let check = scaling.instructionCheck { timed = timed.crossChecked(by: check) }
        report.claim(timed)
        report.chart(scaling.sizeChart.svg(), file: "time-vs-graph-size", caption: "Time per change against graph size")
        report.chart(scaling.regionChart.svg(), file: "time-vs-affected", caption: "Time per change against the affected part")
        report.table(scaling.table, file: "scaling")
        return report
    }
}
