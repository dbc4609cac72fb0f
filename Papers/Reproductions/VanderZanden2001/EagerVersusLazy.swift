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
        var ratio: MedianEstimate { MedianEstimate(zip(eagerRounds, lazyRounds).map { $0 / $1 }) }
    }

    var nodes = 0
    var outputs = 0
    var rows: [Row] = []
    /// Instructions per frame of the typical configuration (callgrind); `nil` when not counted.
    var typicalLazyInstructions: Double?
    var typicalEagerInstructions: Double?
    /// How many times more instructions eager executes per frame in the typical configuration.
    var typicalInstructionRatio: Double? {
        guard let typicalLazyInstructions, let typicalEagerInstructions else { return nil }
        return typicalEagerInstructions / typicalLazyInstructions
    }

    /// The random DAG of the experiment (the quick run's is smaller).
    static func workload(quick: Bool) -> Workload {
        Workload.randomDAG(nodes: quick ? 2_000 : 10_000, seed: 31)
    }

    /// Lazy and eager evaluators of one configuration, with the frame function of each: frame
    /// `call` applies the `call`-th of 64 seeded frames of writes (with values that move on at
    /// every pass through them), then reads the shown outputs.
    struct Pair {
        let lazy: MarkSweepInstance
        let eager: MarkSweepInstance
        /// Runs of the eager evaluator's effects (one per output), which its evaluation count includes.
        let effectRuns: Sink
        let frames: [[Write]]
        let lazyFrame: (Int) -> Void
        let eagerFrame: (Int) -> Void

        init(workload: Workload, changes: Int, visible: Double) {
            let inputs = workload.spec.inputs
            var random = SplitMix64(seed: UInt64(changes))
            let frames = (0 ..< 64).map { _ in
                (0 ..< changes).map { _ in
                    Write(node: inputs[Int.random(in: 0 ..< inputs.count, using: &random)], value: random.inputValue())
                }
            }
            let shown = Array(workload.outputs.prefix(max(1, Int(Double(workload.outputs.count) * visible))))
            let lazy = MarkSweepInstance(spec: workload.spec)
            let eager = MarkSweepInstance(spec: workload.spec)
            let effectRuns = Sink()
            for output in workload.outputs {
                _ = eager.graph.effect { [unowned(unsafe) eager] in
                    effectRuns.consume(1)
                    _ = eager.read(output)
                }
            }
            self.lazy = lazy
            self.eager = eager
            self.effectRuns = effectRuns
            self.frames = frames
            lazyFrame = { call in
                let offset = call / frames.count
                for write in frames[call % frames.count] { lazy.write(Write(node: write.node, value: write.value &+ offset)) }
                for node in shown { _ = lazy.read(node) }
            }
            eagerFrame = { call in
                let offset = call / frames.count
                for write in frames[call % frames.count] {
                    eager.write(Write(node: write.node, value: write.value &+ offset))
                    eager.graph.flush()
                }
                for node in shown { _ = eager.read(node) }
            }
        }
    }

    /// Frames per counted run (and twice as many in the second): one pass over the 64 frames, so
    /// that the frames the difference counts are a second pass, with new values, on evaluators the
    /// first pass brought up to date (as the timed frames are).
    static let countedFrames = 64

    /// `reproduce --count` names: `vanderzanden2001.lazy-frame` and `vanderzanden2001.eager-frame`,
    /// the frames of the typical configuration (one change per frame, every output shown) on the
    /// full run's graph.
    static var countedOperations: [String: @Sendable () -> (Int) -> Void] {
        [
            "vanderzanden2001.lazy-frame": { Pair(workload: workload(quick: false), changes: 1, visible: 1).lazyFrame },
            "vanderzanden2001.eager-frame": { Pair(workload: workload(quick: false), changes: 1, visible: 1).eagerFrame },
        ]
    }

    static func run(_ context: RunContext) -> EagerVersusLazy {
        let workload = Self.workload(quick: context.quick)
        var experiment = EagerVersusLazy(nodes: workload.spec.count, outputs: workload.outputs.count)
        for changes in [1, 2, 4, 8] {
            for visible in [1.0, 0.25] {
                context.log("eager vs lazy: \(Self.changes(changes)) per frame, \(Int(visible * 100)) % visible")
                let pair = Pair(workload: workload, changes: changes, visible: visible)
                var row = Row(changesPerFrame: changes, visibleFraction: visible)
                let lazyBefore = pair.lazy.graph.statistics.evaluations
                let eagerBefore = pair.eager.graph.statistics.evaluations, effectsBefore = pair.effectRuns.total
                for call in pair.frames.indices {
                    pair.lazyFrame(call)
                    pair.eagerFrame(call)
                }
                row.lazyEvaluations = Double(pair.lazy.graph.statistics.evaluations - lazyBefore) / Double(pair.frames.count)
                let eagerRules = pair.eager.graph.statistics.evaluations - eagerBefore - (pair.effectRuns.total - effectsBefore)
                row.eagerEvaluations = Double(eagerRules) / Double(pair.frames.count)
                let rounds = context.budget.interleaved([
                    { call in pair.lazyFrame(pair.frames.count + call) },
                    { call in pair.eagerFrame(pair.frames.count + call) },
                ])
                row.lazyRounds = rounds[0]
                row.eagerRounds = rounds[1]
                experiment.rows.append(row)
            }
        }
        if let counter = context.instructionCounter, !context.quick {
            context.log("eager vs lazy: counting instructions, 1 change per frame, 100 % visible")
            do {
                experiment.typicalLazyInstructions = try counter.instructionsPerCall(of: "vanderzanden2001.lazy-frame", calls: countedFrames)
                experiment.typicalEagerInstructions = try counter.instructionsPerCall(of: "vanderzanden2001.eager-frame", calls: countedFrames)
            } catch {
                context.log("eager vs lazy: cannot count instructions (\(error)); deciding on timings")
                experiment.typicalLazyInstructions = nil
                experiment.typicalEagerInstructions = nil
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
            .init("eager / lazy time", decimals: 2) { .number($0.ratio.median) },
            .init("interval (95 %)") { .text($0.ratio.interval(decimals: 2)) },
            .init("lazy instructions", decimals: 0) { row in counted(row).map { .number($0.lazy) } ?? .missing },
            .init("eager instructions", decimals: 0) { row in counted(row).map { .number($0.eager) } ?? .missing },
        ])
    }

    /// The instructions per frame counted for `row`: the typical configuration's, when counted.
    private func counted(_ row: Row) -> (lazy: Double, eager: Double)? {
        guard row.changesPerFrame == 1, row.visibleFraction == 1,
              let typicalLazyInstructions, let typicalEagerInstructions else { return nil }
        return (typicalLazyInstructions, typicalEagerInstructions)
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
            let worst = eagerLazy.rows.max { $0.ratio.median < $1.ratio.median }
            let parting = "they part when frames batch changes or hide outputs (up to "
                + "\(worst.map { NumberFormat.fixed($0.ratio.median, decimals: 2) } ?? "?")× "
                + "with \(worst.map { EagerVersusLazy.changes($0.changesPerFrame) } ?? "?") per frame, "
                + "\(Int((worst?.visibleFraction ?? 0) * 100)) % visible)"
            let statement = "Lazy and eager evaluation perform about the same for most applications."
            let timeMeasure = Measure("eager / lazy time, one change per frame, all visible", typical.ratio, .within(0.8 ... 1.25, margin: 0.1))
            if let counted = eagerLazy.typicalInstructionRatio, let lazy = eagerLazy.typicalLazyInstructions, let eager = eagerLazy.typicalEagerInstructions {
                report.claim(.exact(
                    statement, held: (0.8 ... 1.25).contains(counted), gated: false,
                    evidence: "eager / lazy instructions per frame (callgrind), one change per frame, all visible: "
                        + "\(NumberFormat.grouped(Int(eager.rounded()))) / \(NumberFormat.grouped(Int(lazy.rounded()))) = \(NumberFormat.fixed(counted, decimals: 3)); "
                        + "holds within 0.800–1.250 (the same rules run: what eager adds is its effects, one per output, and a flush per write). "
                        + "Timed: \(timeMeasure.description); \(parting)"
                ))
            } else {
                report.claim(.measured(statement, [timeMeasure], evidence: parting))
            }
        }
        report.table(eagerLazy.table, file: "eager-vs-lazy")
        report.chart(eagerLazy.chart.svg(), file: "eager-vs-lazy", caption: "Median time per frame, lazy and eager")
        return report
    }
}
