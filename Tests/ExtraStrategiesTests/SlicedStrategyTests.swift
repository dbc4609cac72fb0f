import Constraints
import ExtraStrategies
import Scheduling
import Testing
import Views

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

    /// When the render thread's render of a finished update declines, the main thread renders the
    /// frame, still in slices: a tap that got onto the main thread first and re-marked every row
    /// does not turn that render into a whole update there. The target below declines every async
    /// render and, at its first decline, posts such a tap ahead of the fallback.
    @Test func aDeclinedRenderContinuesInSlicesOnTheMainThread() throws {
        final class Declining: RenderTarget, @unchecked Sendable {
            let base: GraphTarget
            var onFirstDecline: (() -> Void)?
            init(_ base: GraphTarget) { self.base = base }
            var graph: Graph { base.graph }
            func render(at tick: Tick) { base.render(at: tick) }
            func renderAsync(at tick: Tick) -> AsyncRenderOutcome {
                onFirstDecline?()
                onFirstDecline = nil
                return .declined(.mainThreadRequired)
            }
            func updateOutputs() { base.updateOutputs() }
            func prepareAsyncUpdate(at tick: Tick) -> [any GraphNode]? { base.prepareAsyncUpdate(at: tick) }
            func prepareUpdate(at tick: Tick) -> [any GraphNode]? { base.prepareUpdate(at: tick) }
            var wantsNextFrame: Bool { base.wantsNextFrame }
        }
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        let scene = Scene()
        let target = Declining(scene.target)
        let loop = try FrameLoop(target: target, strategy: "sliced", registry: registry, clock: Self.clock)
        let theme = scene.theme
        target.onFirstDecline = {
            loop.mainThread.post { loop.transaction("theme") { theme.value += 1 } }
        }
        let result = try loop.run(frames: 30)
        let fallbacks = result.frames.filter { $0.fallbackReason == .mainThreadRequired }
        #expect(fallbacks.count > 1)
        // A slice is 4 ms of 0.5 ms evaluations: the frame's render evaluates no more than that,
        // where a whole update is 120 rows.
        #expect(fallbacks.allSatisfy { $0.evaluations <= 8 }, "\(fallbacks.map(\.evaluations))")
        #expect(scene.total == (0 ..< 120).reduce(0) { $0 + 1_000 + $1 })
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

/// A view host's list is updated row by row: ``Views/ViewHost/prepareUpdate(at:)`` lists every
/// row before the list, so that an update stopped after each evaluation it cannot avoid makes
/// steps of about one row, where the root display list alone is one step; either way it ends on the
/// same display list with the same evaluations as a plain render.
@Suite struct SlicedViewHostTests {
    /// A list of 60 rows whose theme the button switches; with `resizes`, the theme also sets the
    /// rows' text size, so every row grows taller, the list lays its rows out again and every row
    /// moves.
    private struct ThemedList: View {
        var resizes = false
        @State var theme = 0

        var body: some View {
            VStack(spacing: 0) {
                Button("switch") { theme += 1 }
                ForEach(0 ..< 60) { ThemedRow(index: $0, theme: theme, resizes: resizes) }
            }
        }
    }

    /// A row whose colors, and with `resizes` its text size, follow the theme.
    private struct ThemedRow: View, Equatable {
        let index: Int
        let theme: Int
        var resizes = false

        var body: some View {
            HStack {
                (theme % 2 == 0 ? Color.blue : Color.orange).frame(width: 8, height: 8)
                Text("Row \(index)").font(resizes && theme % 2 == 1 ? .title : .body)
            }
            .background(theme % 2 == 0 ? Color.white : Color.black)
        }
    }

    /// A list of 30 rows in a list of one row, which the button replaces by another: the inner
    /// list, with its rows, is destroyed.
    private struct ReplacedList: View {
        @State var generation = 0

        var body: some View {
            VStack(spacing: 0) {
                Button("replace") { generation += 1 }
                ForEach([generation], id: \.self) { generation in
                    VStack(spacing: 0) {
                        ForEach(0 ..< 30) { ThemedRow(index: $0, theme: generation) }
                    }
                }
            }
        }
    }

    /// A list in a branch that the button switches off while changing the rows' theme.
    private struct HiddenList: View {
        @State var isShown = true

        var body: some View {
            VStack(spacing: 0) {
                Button("hide") { isShown = false }
                if isShown {
                    VStack(spacing: 0) {
                        ForEach(0 ..< 30) { ThemedRow(index: $0, theme: isShown ? 0 : 1) }
                    }
                } else {
                    Text("hidden")
                }
            }
        }
    }

    /// When every row grows, the rows' layouts are brought up to date row by row, then (once the
    /// host, prepared again, has learnt from its effects that they changed size) the list's layout
    /// and the rows it moved, still in steps: the same evaluations as a plain render, no row's
    /// display list evaluated with its old frame, and the render finds everything up to date.
    @Test func resizedRowsAreStepsOfTheirOwn() throws {
        let tick = Tick(index: 1, frameRate: 60)
        let plain = switchedHost(resizes: true)
        plain.host.render(at: tick.time)
        let plainEvaluations = plain.host.graph.withLock { plain.host.graph.statistics.evaluations } - plain.evaluations

        let sliced = switchedHost(resizes: true)
        let slicedSteps = steps(sliced.host) { sliced.host.prepareUpdate(at: tick)! }
        let beforeRender = sliced.host.graph.withLock { sliced.host.graph.statistics.evaluations }
        sliced.host.render(at: tick.time)
        #expect(sliced.host.graph.withLock { sliced.host.graph.statistics.evaluations } == beforeRender,
                "the render found everything up to date")
        // The steps, and what preparing again runs in its flush: the rows' layout watches (one
        // effect a row) and, for each of the two lists, the effect that places its rows
        // (``ListPlacement``) with the list's placement it reads.
        #expect(beforeRender - sliced.evaluations == plainEvaluations, "no evaluation repeated or added")
        #expect(slicedSteps.reduce(0, +) == plainEvaluations - 60 - 2 * 2)
        #expect(sliced.host.displayList == plain.host.displayList)
        #expect(try #require(slicedSteps.max()) < plainEvaluations / 10, "\(slicedSteps)")
    }

    /// A list whose branch is destroyed during the update (its rows were listed before) ends on
    /// the plain render's display list: the listed rows die with their branch.
    @Test func aListDestroyedDuringTheUpdateIsSkipped() throws {
        func hiddenHost() -> ViewHost<HiddenList> {
            let host = ViewHost(rootView: HiddenList(), size: Size(width: 200, height: 1_300))
            host.render(at: 0)
            host.tap("hide")
            return host
        }
        let tick = Tick(index: 1, frameRate: 60)
        let plain = hiddenHost()
        plain.render(at: tick.time)
        let sliced = hiddenHost()
        sliced.graph.withLock {
            let nodes = sliced.prepareUpdate(at: tick)!
            while !sliced.graph.update(nodes, continuingWhile: { false }) {}
        }
        sliced.render(at: tick.time)
        #expect(sliced.displayList == plain.displayList)
        #expect(sliced.diagnostics.isEmpty, "\(sliced.diagnostics)")
    }

    /// A list replaced with its rows, updated one step at a time, ends on the plain render's
    /// display list without a diagnostic. (The case that made `prepareUpdate` reconcile lists
    /// before listing their rows, a removed row's node reading a destroyed one, showed only with
    /// `foreach-animation`'s animated lists: `SameOutputTests` runs it under `sliced`.)
    @Test func aReplacedListEndsOnThePlainRendersDisplayList() throws {
        func droppedHost() -> ViewHost<ReplacedList> {
            let host = ViewHost(rootView: ReplacedList(), size: Size(width: 200, height: 1_300))
            host.render(at: 0)
            host.tap("replace")
            return host
        }
        let tick = Tick(index: 1, frameRate: 60)
        let plain = droppedHost()
        plain.render(at: tick.time)
        let sliced = droppedHost()
        sliced.graph.withLock {
            while !sliced.graph.update(sliced.prepareUpdate(at: tick)!, continuingWhile: { false }) {}
        }
        sliced.render(at: tick.time)
        #expect(sliced.displayList == plain.displayList)
        #expect(sliced.diagnostics.isEmpty, "\(sliced.diagnostics)")
    }

    /// A host showing the list (rows that grow when switched if `resizes`), its button switched
    /// once, and the evaluations made so far.
    private func switchedHost(resizes: Bool = false) -> (host: ViewHost<ThemedList>, evaluations: Int) {
        let host = ViewHost(rootView: ThemedList(resizes: resizes), size: Size(width: 200, height: 2_000))
        host.render(at: 0)
        host.tap("switch")
        return (host, host.graph.withLock { host.graph.statistics.evaluations })
    }

    /// Updates `nodes` of `host` one unavoidable step at a time (the update is told to stop before
    /// every evaluation but the first), preparing again once they are up to date, as `sliced`
    /// does, until that hands out nothing out of date; returns the evaluations of each step.
    private func steps<Root: View>(_ host: ViewHost<Root>, _ nodes: @escaping () -> [any GraphNode]) -> [Int] {
        let graph = host.graph
        return graph.withLock {
            var steps: [Int] = []
            var listed = nodes()
            while true {
                let before = graph.statistics.evaluations
                let finished = graph.update(listed) { false }
                steps.append(graph.statistics.evaluations - before)
                if finished {
                    listed = nodes()
                    if listed.allSatisfy(\.isUpToDate) { return steps }
                }
            }
        }
    }

    @Test func rowsAreStepsOfTheirOwn() throws {
        let tick = Tick(index: 1, frameRate: 60)
        let plain = switchedHost()
        plain.host.render(at: tick.time)
        let plainEvaluations = plain.host.graph.withLock { plain.host.graph.statistics.evaluations } - plain.evaluations

        let sliced = switchedHost()
        let slicedSteps = steps(sliced.host) { sliced.host.prepareUpdate(at: tick)! }
        sliced.host.render(at: tick.time)
        #expect(slicedSteps.reduce(0, +) == plainEvaluations, "no evaluation repeated or added")
        #expect(sliced.host.graph.withLock { sliced.host.graph.statistics.evaluations } - sliced.evaluations == plainEvaluations,
                "the render found everything up to date")
        #expect(sliced.host.displayList == plain.host.displayList)
        #expect(slicedSteps.count > 60, "\(slicedSteps.count) steps")
        #expect(try #require(slicedSteps.max()) < plainEvaluations / 20, "\(slicedSteps)")

        let rootOnly = switchedHost()
        rootOnly.host.applyPendingChanges()
        let rootSteps = steps(rootOnly.host) { [rootOnly.host.rootDisplayList] }
        #expect(try #require(rootSteps.max()) > plainEvaluations / 2, "\(rootSteps)")
    }
}
