import Constraints
import Reporting

/// Vander Zanden experiment 2: eager against lazy evaluation at the engine level. Frames of `k`
/// separate input writes are followed by a redraw that reads the visible outputs.
///
/// - Lazy: the writes only mark; the redraw's reads evaluate what the visible outputs need.
/// - Eager: every output (visible or not) has an effect that reads it, and the graph is flushed
///   after every write, so everything out of date is evaluated at once, as Garnet's and Amulet's
///   eager modes do.
struct EagerVersusLazy {
    struct Row {
        var changesPerFrame: Int
        var visibleFraction: Double
        var lazyEvaluations = 0.0
        var eagerEvaluations = 0.0
        /// Time per frame in each timing round (the two interleaved).
        var lazyRounds: [Double] = []
        var eagerRounds: [Double] = []

        var lazyNanoseconds: Double { median(lazyRounds) }
        var eagerNanoseconds: Double { median(eagerRounds) }
        /// How many times longer eager takes: the median of the rounds' ratios, with its interval.
        var ratio: MedianEstimate { .median(of: zip(eagerRounds, lazyRounds).map { $0 / $1 }) }
    }

    var nodes = 0
    var outputs = 0
    var rows: [Row] = []

    static func run(_ context: RunContext) -> EagerVersusLazy {
        let workload = Workload.randomDAG(nodes: context.quick ? 2_000 : 10_000, seed: 31)
        var experiment = EagerVersusLazy(nodes: workload.spec.count, outputs: workload.outputs.count)
        let inputs = workload.spec.inputs
        for changes in [1, 2, 4, 8] {
            for visible in [1.0, 0.25] {
                context.log("eager vs lazy: \(Self.changes(changes)) per frame, \(Int(visible * 100)) % visible")
                var random = SplitMix64(seed: UInt64(changes))
                let frames = (0 ..< 64).map { _ in
                    (0 ..< changes).map { _ in
                        Write(node: inputs[Int.random(in: 0 ..< inputs.count, using: &random)], value: random.inputValue())
                    }
                }
                let shown = Array(workload.outputs.prefix(max(1, Int(Double(workload.outputs.count) * visible))))
                var row = Row(changesPerFrame: changes, visibleFraction: visible)
                let lazy = MarkSweepInstance(spec: workload.spec)
                let eager = MarkSweepInstance(spec: workload.spec)
                let effectRuns = Sink()
                for output in workload.outputs {
                    _ = eager.graph.effect { [unowned(unsafe) eager] in
                        effectRuns.consume(1)
                        _ = eager.read(output)
                    }
                }
                func lazyFrame(_ writes: [Write], offset: Int) {
                    for write in writes { lazy.write(Write(node: write.node, value: write.value &+ offset)) }
                    for node in shown { _ = lazy.read(node) }
                }
                func eagerFrame(_ writes: [Write], offset: Int) {
                    for write in writes {
                        eager.write(Write(node: write.node, value: write.value &+ offset))
                        eager.graph.flush()
                    }
                    for node in shown { _ = eager.read(node) }
                }
                let lazyBefore = lazy.graph.statistics.evaluations
                let eagerBefore = eager.graph.statistics.evaluations, effectsBefore = effectRuns.total
                for frame in frames {
                    lazyFrame(frame, offset: 0)
                    eagerFrame(frame, offset: 0)
                }
                row.lazyEvaluations = Double(lazy.graph.statistics.evaluations - lazyBefore) / Double(frames.count)
                let eagerRules = eager.graph.statistics.evaluations - eagerBefore - (effectRuns.total - effectsBefore)
                row.eagerEvaluations = Double(eagerRules) / Double(frames.count)
                let rounds = context.budget.interleaved([
                    { call in lazyFrame(frames[call % frames.count], offset: 1 + call / frames.count) },
                    { call in eagerFrame(frames[call % frames.count], offset: 1 + call / frames.count) },
                ])
                row.lazyRounds = rounds[0]
                row.eagerRounds = rounds[1]
                experiment.rows.append(row)
            }
        }
        return experiment
    }

    /// "1 change", "4 changes".
    static func changes(_ count: Int) -> String { count == 1 ? "1 change" : "\(count) changes" }

    /// The row of a typical interactive application: one change per frame, everything visible.
    var typical: Row? { rows.first { $0.changesPerFrame == 1 && $0.visibleFraction == 1 } }

    var table: Table {
        Table(title: "Eager and lazy evaluation per frame (random DAG of \(NumberFormat.grouped(nodes)) nodes, \(NumberFormat.grouped(outputs)) outputs)", rows: rows, columns: [
            .init("changes per frame", alignment: .right) { .integer($0.changesPerFrame) },
            .init("outputs visible", alignment: .right) { .text("\(Int($0.visibleFraction * 100)) %") },
            .init("lazy evaluations", decimals: 1) { .number($0.lazyEvaluations) },
            .init("eager evaluations", decimals: 1) { .number($0.eagerEvaluations) },
            .init("lazy ns", decimals: 0) { .number($0.lazyNanoseconds) }, .init("eager ns", decimals: 0) { .number($0.eagerNanoseconds) },
            .init("eager / lazy time", decimals: 2) { .number($0.ratio.value) },
            .init("interval (95 %)") { .text($0.ratio.interval(decimals: 2)) },
        ])
    }

    var chart: BarChart {
        BarChart(
            title: "Time per frame, lazy and eager",
            valueAxis: ChartAxis("ns per frame", scale: .logarithmic),
            seriesLabels: ["lazy", "eager"],
            groups: rows.map { row in
                BarGroup(label: "\(row.changesPerFrame)×, \(Int(row.visibleFraction * 100))%", values: [row.lazyNanoseconds, row.eagerNanoseconds])
            }
        )
    }
}

/// Vander Zanden experiment 2 at the engine level (claims: eager and lazy run the same rules with
/// one change per frame and every output shown; they perform about the same).
struct EagerVersusLazyExperiment: Experiment {
    let title = "Experiment 2: eager against lazy evaluation"

    func run(_ context: RunContext) -> Report {
        let eagerLazy = EagerVersusLazy.run(context)
        var report = Report()
        if let typical = eagerLazy.typical {
            report.claim(.exact(
                "With one change per frame and every output shown, eager and lazy evaluation run the same rules.",
                held: typical.eagerEvaluations == typical.lazyEvaluations,
                evidence: "\(NumberFormat.fixed(typical.lazyEvaluations, decimals: 1)) lazy and "
                    + "\(NumberFormat.fixed(typical.eagerEvaluations, decimals: 1)) eager evaluations per frame"
            ))
            let worst = eagerLazy.rows.max { $0.ratio.value < $1.ratio.value }
            report.claim(.measured(
                "Lazy and eager evaluation perform about the same for most applications.",
                [Measure("eager / lazy time, one change per frame, all visible", typical.ratio, .within(0.8 ... 1.25, margin: 0.1))],
                evidence: "they part when frames batch changes or hide outputs (up to "
                    + "\(worst.map { NumberFormat.fixed($0.ratio.value, decimals: 2) } ?? "?")× "
                    + "with \(worst.map { EagerVersusLazy.changes($0.changesPerFrame) } ?? "?") per frame, "
                    + "\(Int((worst?.visibleFraction ?? 0) * 100)) % visible)"
            ))
        }
        report.table(eagerLazy.table, file: "eager-vs-lazy")
        report.chart(eagerLazy.chart.svg(), file: "eager-vs-lazy", caption: "Median time per frame, lazy and eager")
        return report
    }
}
