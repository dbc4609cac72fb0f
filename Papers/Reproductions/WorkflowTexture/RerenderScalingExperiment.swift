import Reporting
import Scheduling
import Views
import Workloads

/// Experiment 1 (claims 1 and 2): one row or one leaf changes per frame in trees of growing size, under
/// `workflow` (Square Workflow's render pass: the whole tree re-renders on every change) and the
/// incremental strategies `lazy`, `eager` and `async-pull`, through a frame loop on the virtual
/// clock (exact, repeatable counts and times).
struct RerenderScaling {
    /// One run: a tree shape at a size under a strategy.
    struct Run {
        let shape: TreeShape
        let size: Int
        let strategy: String
        /// Nodes in the view graph at the end of the run.
        let nodes: Int
        let result: RunResult
        /// The last rendered display list, to check that every strategy shows the same thing.
        let output: DisplayList

        /// Rule evaluations per state change.
        var evaluationsPerChange: Double {
            Double(result.evaluations) / Double(max(1, result.transactions))
        }

        /// Virtual main-thread time per state change, in milliseconds: the change's evaluations
        /// and its frame, wherever the strategy does them on the main thread.
        var mainThreadMillisecondsPerChange: Double {
            result.mainThreadBusyMilliseconds / Double(max(1, result.transactions))
        }
    }

    /// The strategy that re-renders everything, and the incremental ones it is compared with.
    static let fullRerender = "workflow"
    static let incremental = [LazyStrategy.name, EagerStrategy.name, AsyncPullStrategy.name]
    /// State changes per run: the workload's events of its first 3 frames, each changing a
    /// different row of the wide list. A change costs the same every time (the runs show it), so
    /// more would only take longer to compute.
    static let changes = 3
    /// Frames per run: 5 s at 60 Hz, so that the frame showing the last change is rendered even
    /// when every change keeps the main thread busy for a second, as workflow's do at 10,000 rows.
    /// Idle frames cost nothing to simulate.
    static let frames = 300

    /// The sizes each shape was run at, smallest first.
    let sizes: [TreeShape: [Int]]
    let runs: [Run]

    /// Every shape at each of its sizes under every strategy of `registry` named above.
    static func run(_ context: RunContext, registry: StrategyRegistry) -> RerenderScaling {
        let sizes = Dictionary(uniqueKeysWithValues: TreeShape.allCases.map { ($0, $0.sizes(quick: context.quick)) })
        var runs: [Run] = []
        for shape in TreeShape.allCases {
            for size in sizes[shape, default: []] {
                for strategy in [fullRerender] + incremental {
                    context.log("\(shape.title), \(NumberFormat.grouped(size)) \(shape.sizeUnits), \(strategy)")
                    let instance = shape.workload(size: size).makeInstance(frames: frames, frameRate: WorkflowTexture.frameRate)
                    do {
                        let loop = try FrameLoop(target: instance.target, strategy: strategy, registry: registry,
                                                 clock: .virtual(WorkflowTexture.costModel), frameRate: WorkflowTexture.frameRate)
                        let result = try loop.run(frames: frames, events: instance.events.filter { $0.frame < changes })
                        let graph = instance.target.graph
                        runs.append(Run(shape: shape, size: size, strategy: strategy, nodes: graph.withLock { graph.nodeCount },
                                        result: result, output: instance.output()))
                    } catch {
                        context.log("\(strategy) failed: \(error)")
                    }
                }
            }
        }
        return RerenderScaling(sizes: sizes, runs: runs)
    }

    /// The runs of `shape` under `strategy`, smallest tree first.
    func runs(of shape: TreeShape, strategy: String) -> [Run] {
        runs.filter { $0.shape == shape && $0.strategy == strategy }.sorted { $0.size < $1.size }
    }

    /// The experiment's section: its claims, a summary, the table and a chart per tree shape.
    var report: Report {
        var report = Report(claims: claims)
        report.paragraph(summary)
        report.table(table, file: "rerender-scaling")
        for shape in TreeShape.allCases {
            report.chart(chart(shape).svg(), file: "evaluations-\(shape.fileName)",
                         caption: "Evaluations per change against the size of the \(shape.title)")
        }
        return report
    }

    var table: Table {
        Table(title: "Cost of one change as the tree grows (virtual clock, 60 Hz)", rows: runs, columns: [
            .init("tree") { .text($0.shape.title) }, .init("size", alignment: .right) { .integer($0.size) },
            .init("graph nodes", alignment: .right) { .integer($0.nodes) }, .init("strategy") { .text($0.strategy) },
            .init("changes", alignment: .right) { .integer($0.result.transactions) },
            .init("evaluations per change", decimals: 1) { .number($0.evaluationsPerChange) },
            .init("main-thread ms per change", decimals: 2) { .number($0.mainThreadMillisecondsPerChange) },
        ])
    }

    /// What the table shows, in numbers: how much of the graph a full re-render runs, and from
    /// which size a change under it no longer fits in a frame.
    var summary: String {
        let workflow = runs.filter { $0.strategy == Self.fullRerender }
        let shares = workflow.map { $0.evaluationsPerChange / Double(max(1, $0.nodes)) }
        let frameMilliseconds = 1_000 / WorkflowTexture.frameRate
        let tooSlow = TreeShape.allCases.compactMap { shape in
            runs(of: shape, strategy: Self.fullRerender).first { $0.mainThreadMillisecondsPerChange > frameMilliseconds }.map {
                "\(NumberFormat.grouped($0.size)) \(shape.sizeUnits) of the \(shape.title)"
            }
        }
        let incremental = runs.filter { Self.incremental.contains($0.strategy) }.map(\.mainThreadMillisecondsPerChange)
        return "Under \(Self.fullRerender), a change evaluates \(percent(shares.min())) to \(percent(shares.max())) of the nodes in the graph. "
            + "A frame lasts \(NumberFormat.fixed(frameMilliseconds, decimals: 1)) ms at \(NumberFormat.compact(WorkflowTexture.frameRate)) Hz; "
            + (tooSlow.isEmpty ? "no change under \(Self.fullRerender) takes longer" :
                "a change under \(Self.fullRerender) takes longer from \(tooSlow.joined(separator: " and ")) up")
            + ", while one under \(Self.incremental.joined(separator: ", ")) takes \(NumberFormat.fixed(incremental.min() ?? 0, decimals: 2))–"
            + "\(NumberFormat.fixed(incremental.max() ?? 0, decimals: 2)) ms at every size."
            + (incrementalRunsAgree ? " The incremental strategies evaluate the same per change, so their lines coincide in the charts." : "")
    }

    /// Whether the incremental strategies evaluate the same per change at every shape and size.
    private var incrementalRunsAgree: Bool {
        TreeShape.allCases.allSatisfy { shape in
            (sizes[shape] ?? []).allSatisfy { size in
                Set(runs.filter { $0.shape == shape && $0.size == size && Self.incremental.contains($0.strategy) }
                    .map(\.evaluationsPerChange)).count == 1
            }
        }
    }

    /// "97 %", or "?" without a value.
    private func percent(_ fraction: Double?) -> String {
        fraction.map { NumberFormat.fixed(100 * $0, decimals: 0) + " %" } ?? "?"
    }

    /// Evaluations per change against the size of `shape`, one line per strategy, on log-log axes.
    func chart(_ shape: TreeShape) -> LineChart {
        LineChart(
            title: "One change in a \(shape.title): evaluations per change as the tree grows",
            xAxis: ChartAxis(shape.sizeUnits, scale: .logarithmic),
            yAxis: ChartAxis("evaluations per change", scale: .logarithmic),
            series: ([Self.fullRerender] + Self.incremental).map { strategy in
                Series(label: strategy, points: runs(of: shape, strategy: strategy).map {
                    .init(x: Double($0.size), y: $0.evaluationsPerChange)
                })
            }
        )
    }
}

/// Experiment 1 (claims 1 and 2): one change in trees of growing size.
struct RerenderScalingExperiment: Experiment {
    let title = "Experiment 1: one change in trees of growing size"

    func run(_ context: RunContext) -> Report {
        RerenderScaling.run(context, registry: .withExtraStrategies(context)).report
    }
}
