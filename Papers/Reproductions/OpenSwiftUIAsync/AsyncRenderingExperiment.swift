import Reporting
import Scheduling
import Views

/// The article's two examples run under every strategy through a frame loop on the virtual clock
/// (exact, repeatable times), with an idle and with a busy main thread.
struct AsyncRendering {
    /// One run: an example under a strategy with a main-thread load.
    struct Run {
        let example: ArticleExample
        let load: MainThreadLoad
        let strategy: String
        let result: RunResult
        /// The last rendered display list, to check that every strategy shows the same thing.
        let output: DisplayList

        /// Frames rendered off the main thread, as a fraction of the frames rendered.
        var fractionOffMain: Double {
            result.renderedFrames == 0 ? 0 : Double(result.asyncFrames) / Double(result.renderedFrames)
        }

        /// Main-thread fallbacks by reason, such as `first-frame ×1, pending-transactions ×1`.
        var fallbacks: String {
            let reasons = result.fallbacks.sorted { $0.key.rawValue < $1.key.rawValue }
            return reasons.isEmpty ? "none" : reasons.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        }
    }

    /// What rendering costs in virtual time: 1 ms per frame (commit and drawing) and 2 µs per rule
    /// evaluation.
    static let costModel = CostModel(perFrame: .milliseconds(1), perEvaluation: .microseconds(2))
    static let frameRate = 60.0

    let strategies: [String]
    let runs: [Run]

    /// Runs both examples under each strategy of `registry` (the built-in ones first), idle and busy.
    static func run(_ context: RunContext, registry: StrategyRegistry) -> AsyncRendering {
        let builtIn = ["eager", "lazy", "async-pull"]
        let strategies = builtIn + registry.names.filter { !builtIn.contains($0) }
        var runs: [Run] = []
        for example in ArticleExample.allCases {
            for load in [MainThreadLoad.idle, .busy] {
                for strategy in strategies {
                    context.log("\(example.title), \(load.name) main thread, \(strategy)")
                    let host = example.makeHost()
                    do {
                        let loop = try FrameLoop(target: host.target, strategy: strategy, registry: registry,
                                                 clock: .virtual(costModel), frameRate: frameRate)
                        let result = try loop.run(frames: example.frames, events: load.events(frames: example.frames))
                        runs.append(Run(example: example, load: load, strategy: strategy, result: result, output: host.output()))
                    } catch {
                        context.log("\(strategy) failed: \(error)")
                    }
                }
            }
        }
        return AsyncRendering(strategies: strategies, runs: runs)
    }

    /// The runs of `example` with `load`, in strategy order.
    func runs(of example: ArticleExample, load: MainThreadLoad) -> [Run] {
        runs.filter { $0.example == example && $0.load.name == load.name }
    }

    /// The run of `example` with `load` under `strategy`.
    func run(of example: ArticleExample, load: MainThreadLoad, strategy: String) -> Run? {
        runs.first { $0.example == example && $0.load.name == load.name && $0.strategy == strategy }
    }

    var table: Table {
        Table(title: "Frames off the main thread and hitches (virtual clock, 60 Hz)", rows: runs, columns: [
            .init("example") { .text($0.example.title) }, .init("main thread") { .text($0.load.name) },
            .init("strategy") { .text($0.strategy) }, .init("frames", alignment: .right) { .integer($0.result.renderedFrames) },
            .init("off the main thread", alignment: .right) { .integer($0.result.asyncFrames) },
            .init("fraction off main", decimals: 3) { .number($0.fractionOffMain) },
            .init("late frames", alignment: .right) { .integer($0.result.lateFrames) },
            .init("missed vsyncs", alignment: .right) { .integer($0.result.missedVsyncs) },
            .init("hitch ratio (ms/s)", decimals: 1) { .number($0.result.hitchTimeRatio) },
            .init("p99 frame time (ms)", decimals: 2) { .number($0.result.frameTime.p99) },
            .init("main thread busy (ms)", decimals: 0) { .number($0.result.mainThreadBusyMilliseconds) },
            .init("evaluations per frame", decimals: 1) { .number($0.result.evaluationsPerFrame) },
            .init("main-thread fallbacks") { .text($0.fallbacks) },
        ])
    }

    /// The fraction of frames rendered off the main thread, by strategy and example (busy main thread).
    var fractionChart: BarChart {
        BarChart(
            title: "Frames rendered off the main thread (busy main thread)",
            valueAxis: ChartAxis("fraction of frames"),
            seriesLabels: ArticleExample.allCases.map(\.title),
            groups: strategies.map { strategy in
                BarGroup(label: strategy, values: ArticleExample.allCases.map { example in
                    run(of: example, load: .busy, strategy: strategy)?.fractionOffMain ?? 0
                })
            }
        )
    }

    /// The hitch time ratio, by strategy and example (busy main thread), against Apple's thresholds.
    var hitchChart: BarChart {
        BarChart(
            title: "Hitch time ratio (busy main thread)",
            valueAxis: ChartAxis("ms of hitch per s"),
            seriesLabels: ArticleExample.allCases.map(\.title),
            groups: strategies.map { strategy in
                BarGroup(label: strategy, values: ArticleExample.allCases.map { example in
                    run(of: example, load: .busy, strategy: strategy)?.result.hitchTimeRatio ?? 0
                })
            },
            references: [ReferenceLine(label: "good ≤ 5 ms/s", value: 5), ReferenceLine(label: "critical > 10 ms/s", value: 10)]
        )
    }

    /// Each frame's time from vsync to commit, on the thread that rendered it, for `strategy`.
    func timeline(_ example: ArticleExample, load: MainThreadLoad, strategy: String) -> TimelineChart? {
        guard let frames = run(of: example, load: load, strategy: strategy)?.result.frames else { return nil }
        return TimelineChart(
            title: "\(example.title), \(load.name) main thread, \(strategy): frame time by thread",
            frameAxis: ChartAxis("rendered frame"), valueAxis: ChartAxis("ms from vsync to commit"),
            series: [ThreadRole.main, .render].map { thread in
                TimelineSeries(label: "\(thread) thread", values: frames.map { $0.thread == thread ? $0.frameTimeMilliseconds : 0 })
            },
            references: [ReferenceLine(label: "deadline", value: 1_000 / Self.frameRate)]
        )
    }
}

/// The article's experiment: both examples under every strategy, idle and busy main thread.
struct AsyncRenderingExperiment: Experiment {
    let title = "Frames off the main thread and hitches, per strategy"

    func run(_ context: RunContext) -> Report {
        let experiment = AsyncRendering.run(context, registry: .withExtraStrategies(context))
        var report = Report(claims: experiment.claims)
        report.table(experiment.table, file: "async-rendering")
        report.chart(experiment.fractionChart.svg(), file: "fraction-off-main", caption: "Fraction of frames rendered off the main thread")
        report.chart(experiment.hitchChart.svg(), file: "hitch-ratio", caption: "Hitch time ratio under a busy main thread")
        report.heading("Frame by frame: the ForEach example under a busy main thread")
        for strategy in [LazyStrategy.name, AsyncPullStrategy.name] {
            guard let timeline = experiment.timeline(.forEach, load: .busy, strategy: strategy) else { continue }
            report.chart(timeline.svg(), file: "timeline-\(strategy)", caption: "Frame time by thread, \(strategy)")
        }
        return report
    }
}
