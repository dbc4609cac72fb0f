import ExtraStrategies
import Scheduling
import Testing
import Workloads

/// The strategies under the real-time clock: real threads, a real display link, concurrent graph
/// access (what the thread sanitizer checks). They assert values, counts and threads, never
/// durations.
@Suite struct RealTimeTests {
    @Test func workflowReRendersTheTreeOnEveryChange() throws {
        let tree = RuleTree(depth: 5)
        let loop = try FrameLoop(target: tree.target, strategy: WorkflowStrategy(), clock: .realTime, frameRate: 240)
        let result = try loop.run(frames: 12, events: tree.changeEvents(5))
        #expect(tree.rootValue == (0 ..< 32).reduce(0, +) + 5)
        #expect(result.evaluations == 5 * tree.rules.count)
        #expect(result.frames.allSatisfy { $0.thread == .main })
    }

    @Test func textureMeasuresInTheBackgroundAndCommitsInOrder() throws {
        let scene = AnimatedScene(animating: true)
        let target = RecordingTarget(base: scene.target, root: scene.root)
        let loop = try FrameLoop(target: target, strategy: TextureStrategy(), clock: .realTime, frameRate: 240)
        let events = ["a", "b", "c", "d", "e"].enumerated().flatMap { frame, name in
            scene.appending([name], inFrame: 2 + frame)
        }
        let result = try loop.run(frames: 24, events: events)
        let shown = target.history.map { String($0.value.prefix { $0 != " " }) }
        #expect(shown.allSatisfy { "abcde".hasPrefix($0) })
        #expect(shown == shown.sorted { $0.count < $1.count })
        #expect(scene.graph.withLock { scene.root.value }.hasPrefix("abcde at "))
        #expect(Set(scene.log.threads(of: "label")) == [measuringThread])
        #expect(result.frames.allSatisfy { $0.thread == .main })
    }

    /// `sliced` under the real clock: every frame renders off the main thread (the tree, already
    /// on screen, has a dynamic container and nothing requiring the main thread), whatever the
    /// timing, and the tree ends up to date. Deadlines depend on real time, so only values and
    /// threads are asserted.
    @Test func slicedUpdatesOffTheMainThreadAndCatchesUp() throws {
        let tree = RuleTree(depth: 5)
        let loop = try FrameLoop(target: tree.target, strategy: SlicedStrategy(sliceLength: .microseconds(50)),
                                 clock: .realTime, frameRate: 240)
        var frames = try loop.run(frames: 24, events: tree.changeEvents(5)).frames
        // On a starved machine every measured vsync can pass before a slice runs: the loop then
        // goes on without events until nothing is pending (at most 3 s of frames), and its
        // frames count too, so that what is checked does not depend on the machine's speed.
        frames += try loop.runUntilQuiescent(step: 12, limit: 720).flatMap(\.frames)
        #expect(loop.isQuiescent)
        #expect(tree.rootValue == (0 ..< 32).reduce(0, +) + 5)
        #expect(!frames.isEmpty)
        #expect(frames.allSatisfy { $0.thread == .render }, "\(frames.map(\.thread))")
    }

    /// `sliced` on a view host under the real clock: a `ForEach` animation, whose frames may be
    /// updated in slices off the main thread while a host's rows are listed and reconciled, ends
    /// on the display list `lazy` ends on, with frames only on the main and render threads.
    @Test func slicedViewHostEndsWhereLazyDoes() throws {
        let registry = StrategyRegistry()
        try registerExtraStrategies(in: registry)
        let workload = ForEachAnimationWorkload()
        let sliced = try WorkloadRunner.run(workload, strategy: "sliced", registry: registry, clock: .realTime, frames: 30)
        let lazy = try WorkloadRunner.run(workload, strategy: "lazy", registry: registry, clock: .realTime, frames: 30)
        #expect(sliced.settled && lazy.settled)
        #expect(sliced.output == lazy.output)
        #expect(sliced.result.frames.allSatisfy { $0.thread == .main || $0.thread == .render })
    }

    /// Whatever the timing, a range miss is exactly a row the main thread had to measure.
    @Test func rangeMissesAreRowsMeasuredOnTheMainThread() throws {
        for strategy in [TextureStrategy(), TextureStrategy(leadingScreenfuls: 0, trailingScreenfuls: 0)] {
            let feed = FakeFeed(rowsPerFrame: 3, frameRate: 240)
            let loop = try FrameLoop(target: feed, strategy: strategy, clock: .realTime, frameRate: 240)
            let result = try loop.run(frames: 24)
            let threads = feed.log.threads(of: "row")
            #expect(result.renderedFrames > 0)
            #expect(result.counters[TextureStrategy.rangeMissesCounter] == threads.count { $0 == .main })
            // The background thread measured the first frame's screen and the prefetched rows.
            let prefetched = result.counters[TextureStrategy.prefetchedRowsCounter] ?? -1
            #expect(threads.count { $0 == measuringThread } == feed.rowsPerScreen + prefetched)
        }
    }
}
