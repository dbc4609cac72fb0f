import Constraints
import ExtraStrategies
import Scheduling
import Testing

/// `sliced` on a graph whose every update costs several frame intervals (virtual clock, 60 Hz):
/// a spinner reading the time, and 120 rules reading a theme that each tap changes, each an output
/// of its own (a layer), so that the update can stop between any two of them.
@Suite struct SlicedStrategyTests {
    /// The scene: a target whose outputs are the spinner and the 120 heavy rules (`layers`), or
    /// one rule reading them all.
    private struct Scene {
        let graph = Graph()
        let theme: Input<Int>
        let rows: [Rule<Int>]
        let target: GraphTarget

        init(layers: Bool = true, hasDynamicContainer: Bool = true) {
            let graph = graph
            let time = graph.input(0.0, name: "time")
            let theme = graph.input(0, name: "theme")
            let spinner = graph.rule(name: "spinner") { Int(time.value * 360) % 360 }
            rows = (0 ..< 120).map { row in graph.rule(name: "row \(row)") { theme.value * 1_000 + row } }
            self.theme = theme
            let rows = rows
            let outputs: [any OutputNode] = layers ? [spinner] + rows : [graph.rule(name: "root") { rows.reduce(spinner.value) { $0 + $1.value } }]
            target = GraphTarget(graph: graph, outputs: outputs, time: time, hasDynamicContainer: hasDynamicContainer)
            target.isAnimating = true
        }

        /// The rows' values, summed.
        var total: Int { graph.withLock { rows.reduce(0) { $0 + $1.value } } }
    }

    /// 0.5 ms per evaluation: a theme change costs about 60 ms of evaluation, almost four frame intervals.
    private static let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(500), perEvaluation: .microseconds(500)))

    /// A run of 120 frames with a tap every 100 ms and a 0.5 ms touch event every frame, then 60
    /// frames without events; the result of the first run and the root's final value.
    private func run(_ strategy: String, layers: Bool = true, hasDynamicContainer: Bool = true) throws -> (result: RunResult, root: Int) {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        let scene = Scene(layers: layers, hasDynamicContainer: hasDynamicContainer)
        let loop = try FrameLoop(target: scene.target, strategy: strategy, registry: registry, clock: Self.clock)
        let theme = scene.theme
        let taps = stride(from: 3, to: 120, by: 6).enumerated().map { index, frame in
            MainThreadEvent(frame: frame, offset: .milliseconds(1), name: "tap") { loop in
                loop.transaction("theme") { theme.value = index + 1 }
            }
        }
        let touches = (0 ..< 120).map { MainThreadEvent(frame: $0, offset: .milliseconds(5), cost: .microseconds(500), name: "touch") }
        let result = try loop.run(frames: 120, events: taps + touches)
        scene.target.isAnimating = false
        _ = try loop.run(frames: 60)
        return (result, scene.total)
    }

    /// `sliced` keeps input latency under one frame interval where the strategies that update in
    /// one piece make events wait for several; it pays in update latency, and ends on the same value.
    @Test func slicesKeepInputLatencyUnderAFrame() throws {
        let interval = 1_000.0 / 60
        let sliced = try run("sliced")
        let slicedInput = try #require(sliced.result.inputLatency)
        #expect(slicedInput.p99 < interval, "\(slicedInput)")
        #expect(sliced.result.skippedFrames > 0, "updates spanned several ticks")
        for strategy in ["lazy", "eager", "async-pull"] {
            let other = try run(strategy)
            let input = try #require(other.result.inputLatency)
            #expect(input.p99 > 3 * interval, "\(strategy): \(input)")
            #expect(other.root == sliced.root, "\(strategy) ends on another value")
            let update = try #require(other.result.updateLatency), slicedUpdate = try #require(sliced.result.updateLatency)
            #expect(slicedUpdate.p50 >= update.p50 * 0.5, "\(strategy): sliced \(slicedUpdate), \(update)")
        }
    }

    /// While the asynchronous conditions hold, the slices run off the main thread, which then only
    /// handles events; when they do not (no dynamic container), the slices run on the main thread,
    /// which is given back between them, so input latency stays under a frame either way.
    @Test func slicesRunOffTheMainThreadWhenTheAsynchronousConditionsHold() throws {
        let interval = 1_000.0 / 60
        let offMain = try run("sliced").result
        #expect(offMain.asyncFrames > 0 && offMain.asyncFrames == offMain.renderedFrames - 1, "all but the first frame: \(offMain.asyncFrames)")
        let onMain = try run("sliced", hasDynamicContainer: false)
        #expect(onMain.result.asyncFrames == 0)
        #expect(onMain.result.mainThreadBusyMilliseconds > offMain.mainThreadBusyMilliseconds + 100)
        #expect(try #require(onMain.result.inputLatency).p99 < interval)
        #expect(try onMain.root == run("sliced").root)
    }

    /// The limit: when one output reads every row, the rows are brought up to date inside that
    /// output's run, which the update cannot stop, so a tap waits for the lock as long as under
    /// `async-pull`, whose render thread holds it for the whole update: more than a frame.
    @Test func oneOutputReadingEveryRowCannotBeSliced() throws {
        let sliced = try #require(try run("sliced", layers: false).result.inputLatency)
        let asyncPull = try #require(try run("async-pull", layers: false).result.inputLatency)
        #expect(sliced.p99 > 1_000.0 / 60, "\(sliced)")
        #expect(sliced.max == asyncPull.max, "sliced \(sliced), async-pull \(asyncPull)")
    }

    /// A target that cannot be updated in slices is rendered at once, every frame, as under `lazy`.
    @Test func aTargetWithoutSlicesRendersAtOnce() throws {
        final class Opaque: RenderTarget {
            let base: GraphTarget
            init(_ base: GraphTarget) { self.base = base }
            var graph: Graph { base.graph }
            func render(at tick: Tick) { base.render(at: tick) }
            func renderAsync(at tick: Tick) -> AsyncRenderOutcome { base.renderAsync(at: tick) }
            func updateOutputs() { base.updateOutputs() }
            var wantsNextFrame: Bool { base.wantsNextFrame }
        }
        func run(_ strategy: String) throws -> RunResult {
            let registry = StrategyRegistry()
            try registerExtraStrategies(in: registry)
            let loop = try FrameLoop(target: Opaque(Scene().target), strategy: strategy, registry: registry, clock: Self.clock)
            return try loop.run(frames: 10)
        }
        let sliced = try run("sliced"), lazy = try run("lazy")
        #expect(sliced.skippedFrames == 0)
        #expect(sliced.frames == lazy.frames && sliced.evaluations == lazy.evaluations)
    }
}
