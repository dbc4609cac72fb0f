import ExtraStrategies
import Scheduling
import Testing
import Views
import Workloads

/// Where and when the animated and scrolling workloads render (virtual clock).
@Suite struct RenderingTests {
    /// The article's slide renders off the main thread under `async-pull` once the main thread has
    /// applied the removal; a restart needs the main thread again for two frames (the new instance,
    /// then its `onAppear` writes).
    @Test func forEachAnimationRendersItsSlideAsynchronously() async throws {
        // At 10 Hz, 60 frames: the slide of frames 0 to 20, a restart in frame 26, its slide from 27.
        let outcome = try await runOnOwnThread(ForEachAnimationWorkload(), strategy: "async-pull", clock: testClock, frames: 60, frameRate: 10)
        #expect(outcome.result.transactions == 1)
        #expect(outcome.result.mainThreadFrames == 3)
        #expect(outcome.result.asyncFrames == 40)
        #expect(outcome.output.leafCount == 0)
    }

    /// The repeated color animates every frame of the script and never renders asynchronously;
    /// the script's last event stops it, so the run settles on a still color.
    @Test func colorAnimationAnimatesEveryFrameOnTheMainThread() async throws {
        let outcome = try await runOnOwnThread(ColorAnimationWorkload(), strategy: "async-pull", clock: testClock, frames: 60, frameRate: 10)
        let active = EventScript.activeFrames(of: 60).count
        #expect(outcome.result.renderedFrames == active + 1)
        #expect(outcome.result.asyncFrames == 0)
        #expect(outcome.result.fallbacks == [.noDynamicContainer: active, .pendingTransactions: 1])
        #expect(outcome.settled && outcome.drainFrames == 0)
    }

    /// Rows that cost milliseconds to build, flicked into view six at a time: the strategies that
    /// build them on the frame that shows them miss a vsync per flick; `eager` builds them in the
    /// flick's handler, before it asks for a frame, so no frame waits but the handler holds the
    /// main thread for more than a frame interval; texture's working range has them measured
    /// before, with no range miss.
    ///
    /// The clock charges 1.6 µs per evaluation rather than the suite's 2 µs: near 2 µs the
    /// measurement of a flick ends within microseconds of a vsync, so whether `texture` misses it
    /// turns on a handful of evaluations (`bench --workload expensive-feed --clock virtual
    /// --frames 30` with flat costs of 1.6, 1.8, 2.0 and 2.2 µs per evaluation: `texture` misses
    /// 1, 2, 3 and 4 vsyncs, `lazy` 3, 3, 3 and 6).
    @Test func expensiveRowsHitchUnlessMeasuredAhead() async throws {
        let workload = ScrollFeedWorkload.expensive
        let clock = ClockMode.virtual(CostModel(perFrame: .microseconds(200), perEvaluation: .nanoseconds(1_600)))
        let flicks = workload.makeInstance(frames: 30, frameRate: 60).events.count
        #expect(flicks == 3)
        let registry = try allStrategies()
        let texture = try await runOnOwnThread(workload, strategy: "texture", registry: registry, clock: clock, frames: 30).result
        #expect(texture.counters[TextureStrategy.rangeMissesCounter] == 0)
        for strategy in ["lazy", "async-pull"] {
            let result = try await runOnOwnThread(workload, strategy: strategy, registry: registry, clock: clock, frames: 30).result
            #expect(result.missedVsyncs >= flicks, "\(strategy)")
            #expect(texture.missedVsyncs < result.missedVsyncs, "texture \(texture.missedVsyncs), \(strategy) \(result.missedVsyncs)")
        }
        let eager = try await runOnOwnThread(workload, strategy: "eager", registry: registry, clock: clock, frames: 30).result
        let interval = 1_000.0 / 60
        #expect(try #require(eager.inputLatency).p99 > interval, "\(String(describing: eager.inputLatency))")
        #expect(try #require(texture.inputLatency).p99 < interval, "\(String(describing: texture.inputLatency))")
    }

    /// A 100 ms stall of the main thread once a second: frames rendered on the main thread wait
    /// for it and miss at least 5 vsyncs per stall; async-pull's render-thread frames miss none.
    /// The stall's own 100 ms is not input latency (no strategy can shorten it): the handler
    /// waits at most for one render.
    @Test func mainThreadStallsHitchOnlyMainThreadRenders() async throws {
        let workload = MainThreadStallWorkload()
        let frames = 120
        let stalls = workload.makeInstance(frames: frames, frameRate: 60).events.count
        #expect(stalls == 2)
        for strategy in ["lazy", "eager"] {
            let result = try await runOnOwnThread(workload, strategy: strategy, clock: testClock, frames: frames).result
            #expect(result.missedVsyncs >= 5 * stalls, "\(strategy)")
            #expect(try #require(result.inputLatency).max < 1000 / 60)
        }
        let async = try await runOnOwnThread(workload, strategy: "async-pull", clock: testClock, frames: frames).result
        #expect(async.missedVsyncs == 0)
    }

    /// With the main thread busy for 90 % of every frame, main-thread frames commit after that
    /// work and, when the render needs more than the rest of the interval, late; render-thread
    /// frames do not wait for it.
    @Test func busyMainThreadDelaysOnlyMainThreadFrames() async throws {
        let load = 15.0  // milliseconds at 60 Hz
        let lazy = try await runOnOwnThread(BusyMainWorkload(), strategy: "lazy", clock: testClock, frames: 60).result
        let async = try await runOnOwnThread(BusyMainWorkload(), strategy: "async-pull", clock: testClock, frames: 60).result
        #expect(lazy.frameTime.p50 > load)
        #expect(async.frameTime.p50 < load / 5)
        #expect(async.asyncFrames == async.renderedFrames - 1)

        let slowRender = ClockMode.virtual(CostModel(perFrame: .milliseconds(1), perEvaluation: .microseconds(5)))
        let lateLazy = try await runOnOwnThread(BusyMainWorkload(), strategy: "lazy", clock: slowRender, frames: 60).result
        let onTimeAsync = try await runOnOwnThread(BusyMainWorkload(), strategy: "async-pull", clock: slowRender, frames: 60).result
        #expect(lateLazy.lateFrames > lateLazy.renderedFrames / 2)
        // Only the first frame, which applies the `onAppear` writes on the main thread, is late.
        #expect(onTimeAsync.frames.filter { !$0.metDeadline }.map(\.tick) == [0])
    }

    /// The feed instantiates the rows it shows, no others, and its target lets a strategy measure
    /// rows ahead.
    @Test func scrollFeedMakesOnlyTheRowsItShowsOrIsAskedToMeasure() async throws {
        let instance = ScrollFeedWorkload().makeInstance(frames: 30, frameRate: 60)
        let feed = try #require(instance.target as? any WorkingRangeTarget)
        let loop = try FrameLoop(target: feed, strategy: "lazy", clock: testClock)
        let result = try loop.run(frames: 30, events: instance.events)
        #expect(result.renderedFrames == 28)
        feed.graph.withLock {
            #expect(feed.rowCount == 1_000)
            #expect(feed.rowsPerScreen == 14)
            let visible = feed.visibleRows
            #expect(visible.lowerBound > 0)
            #expect((0 ..< visible.upperBound).allSatisfy(feed.isMeasured))
            #expect(!feed.isMeasured(visible.upperBound))

            feed.measure(rows: visible.upperBound ..< visible.upperBound + 3)
            #expect(feed.isMeasured(visible.upperBound + 2) && !feed.isMeasured(visible.upperBound + 3))
            #expect(feed.visibleRows == visible)
        }
    }
}
