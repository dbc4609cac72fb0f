import Foundation
import Scheduling
import Testing

/// Deterministic runs under the virtual clock: exact deadlines, misses and costs.
@Suite struct VirtualClockTests {
    /// 120 Hz, 8 ms of main-thread work arriving at every vsync, 4 ms per render, 12 vsyncs, on a
    /// scene already on screen.
    func busyMainThreadRun(strategy: String) throws -> RunResult {
        let scene = AnimatedScene()
        scene.instantiate()
        let loop = try FrameLoop(
            target: scene.target, strategy: strategy,
            clock: .virtual(CostModel(perFrame: .milliseconds(4))), frameRate: 120
        )
        let work = (0 ..< 12).map { MainThreadEvent(frame: $0, cost: .milliseconds(8), name: "work \($0)") }
        return try loop.run(frames: 12, events: work)
    }

    @Test func busyMainThreadMissesDeadlinesUnderLazyButNotAsyncPull() throws {
        // Lazy: each render waits behind the work already queued on the main thread. Frames commit
        // at 12, 32, 52, 80 and 108 ms for deadlines 8.3, 25, 41.7, 66.7 and 91.7 ms; the ticks in
        // between arrive while a frame is in flight and are coalesced.
        let lazy = try busyMainThreadRun(strategy: "lazy")
        #expect(lazy.renderedFrames == 5)
        #expect(lazy.frames.map(\.tick) == [0, 2, 4, 7, 10])
        #expect(lazy.frames.map(\.missedVsyncs) == [1, 1, 2, 2, 2])
        #expect(lazy.coalescedTicks == 7)
        #expect(lazy.idleTicks == 0)
        #expect(lazy.lateFrames == 5)
        #expect(lazy.missedVsyncs == 8)
        #expect(lazy.mainThreadFrames == 5)
        #expect(abs(lazy.hitchTimeMilliseconds - 50.666_666) < 1e-3)
        #expect(abs(lazy.hitchTimeRatio - 506.666_666) < 1e-2)
        #expect(abs(lazy.mainThreadBusyMilliseconds - 116) < 1e-9)
        #expect(abs(lazy.frameTime.p50 - 18.666_666) < 1e-3)
        #expect(abs(lazy.frameTime.max - 24.666_666) < 1e-3)

        // Async-pull: the render thread renders every frame in 4 ms while the main thread works.
        let async = try busyMainThreadRun(strategy: "async-pull")
        #expect(async.renderedFrames == 12)
        #expect(async.asyncFrames == 12)
        #expect(async.lateFrames == 0)
        #expect(async.missedVsyncs == 0)
        #expect(async.coalescedTicks == 0)
        #expect(async.hitchTimeRatio == 0)
        #expect(abs(async.mainThreadBusyMilliseconds - 96) < 1e-9)
        #expect(async.frameTime.max == 4)
    }

    @Test func runsAreExactlyRepeatable() throws {
        for strategy in builtInStrategies {
            #expect(try busyMainThreadRun(strategy: strategy) == busyMainThreadRun(strategy: strategy))
        }
    }

    @Test func ticksArrivingWhileAFrameRendersAreCoalesced() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(
            target: scene.target, strategy: "async-pull",
            clock: .virtual(CostModel(perFrame: .milliseconds(20))), frameRate: 120
        )
        let result = try loop.run(frames: 12)
        #expect(result.frames.map(\.tick) == [0, 3, 6, 9])
        #expect(result.coalescedTicks == 8)
        #expect(result.frames.allSatisfy { $0.missedVsyncs == 2 && $0.renderMilliseconds == 20 })
        #expect(result.missedVsyncs == 8)
    }

    @Test func theDisplayLinkPausesWhenNothingIsScheduled() throws {
        let scene = AnimatedScene(animating: false)
        let count = scene.count
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let tap = MainThreadEvent(frame: 5) { loop in loop.transaction { count.value = 1 } }
        let result = try loop.run(frames: 12, events: [tap])
        #expect(result.frames.map(\.tick) == [5])
        #expect(result.idleTicks == 11)
        #expect(result.coalescedTicks == 0)
    }

    @Test func renderCostFollowsTheCostModel() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(
            target: scene.target, strategy: "lazy",
            clock: .virtual(CostModel(perFrame: .milliseconds(1), perEvaluation: .microseconds(500)))
        )
        let result = try loop.run(frames: 3)
        // The first frame evaluates offset, label and root; later ones only offset and root.
        #expect(result.frames.map(\.evaluations) == [3, 2, 2])
        #expect(result.frames.map(\.renderMilliseconds) == [2.5, 2, 2])
        #expect(result.evaluations == 7)
    }

    @Test func aRenderWaitsForTheLockInVirtualTime() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        let graph = scene.graph
        let source = graph.input(0, name: "source")
        var chain = graph.rule(name: "chain 0") { source.value + 1 }
        for step in 1 ..< 10 {
            let previous = chain
            chain = graph.rule(name: "chain \(step)") { previous.value + 1 }
        }
        let end = chain
        let loop = try FrameLoop(
            target: scene.target, strategy: "async-pull",
            clock: .virtual(CostModel(perEvaluation: .milliseconds(1))), frameRate: 120
        )
        // At the second vsync the main thread holds the lock for ten 1 ms evaluations.
        let heavy = MainThreadEvent(frame: 1) { loop in loop.withLock { source.value = 1; _ = end.value } }
        let result = try loop.run(frames: 3, events: [heavy])
        let second = result.frames[1]
        #expect(second.thread == .render)
        #expect(abs(second.renderStartMilliseconds - 8.333_333) < 1e-3)
        #expect(abs(second.commitMilliseconds - 20.333_333) < 1e-3)
        #expect(second.missedVsyncs == 1)
    }

    /// Input latency runs from an event's due time to the end of its handler, less the handler's
    /// own stated work: under `lazy` an event due 1 ms into a 4 ms main-thread render waits 3 ms
    /// (then works 2 ms, not counted); under `async-pull` the render is on the render thread and
    /// the event does not wait.
    @Test func inputLatencyCountsTheWaitForTheMainThread() throws {
        func latencies(_ strategy: String) throws -> RunResult.Percentiles? {
            let scene = AnimatedScene()
            scene.instantiate()
            let loop = try FrameLoop(target: scene.target, strategy: strategy, clock: .virtual(CostModel(perFrame: .milliseconds(4))))
            let events = (0 ..< 4).map { MainThreadEvent(frame: $0, offset: .milliseconds(1), cost: .milliseconds(2)) }
            return try loop.run(frames: 5, events: events).inputLatency
        }
        #expect(try latencies("lazy")?.p50 == 3)
        #expect(try latencies("lazy")?.max == 3)
        #expect(try latencies("async-pull")?.p99 == 0)
    }

    /// Each event costs the model's per-event cost besides its stated cost: 0.5 ms of delivery and
    /// 2 ms of handler make 2.5 ms of main-thread time per event, of which the delivery is input
    /// latency (the handler's own stated work is not).
    @Test func eventsCostTheirDelivery() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perEvent: .microseconds(500))))
        let events = (0 ..< 3).map { MainThreadEvent(frame: $0, cost: .milliseconds(2)) }
        let result = try loop.run(frames: 4, events: events)
        #expect(result.inputLatency?.max == 0.5 && result.inputLatency?.p50 == 0.5)
        #expect(result.mainThreadBusyMilliseconds == 7.5)
        #expect(throws: SchedulingError.self) {
            try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel(perEvent: .microseconds(-1))))
        }
    }

    /// In JSON, input latency has the shape of frame time: p50, p90, p99 and max in milliseconds.
    @Test func inputLatencyIsEncodedLikeFrameTime() throws {
        let scene = AnimatedScene()
        scene.instantiate()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        // The second event waits 3 ms for the first one's work.
        let events = [MainThreadEvent(frame: 0, cost: .milliseconds(3)), MainThreadEvent(frame: 0, cost: .milliseconds(1))]
        let result = try loop.run(frames: 2, events: events)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any]
        let latency = try #require(json?["inputLatency"] as? [String: Double])
        #expect(Set(latency.keys) == ["p50", "p90", "p99", "max"] && latency["max"] == 3)
        #expect(Set((json?["frameTime"] as? [String: Double] ?? [:]).keys) == Set(latency.keys))
    }

    /// Update latency runs from an event's due time to the commit of the first frame that shows
    /// its transaction. At 60 Hz with 4 ms renders, an event due 1 ms after vsync 1 posts a change;
    /// under every built-in strategy the frame of vsync 2 (33.3 ms) is the first rendered after it,
    /// and commits at 37.3 ms: 19.67 ms. The event waits for nothing: its input latency is 0 (the
    /// handler's own 2 ms of work is not counted).
    @Test(arguments: ["lazy", "eager", "async-pull"])
    func updateLatencyRunsToTheFirstFrameShowingTheChange(strategy: String) throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let loop = try FrameLoop(target: scene.target, strategy: strategy, clock: .virtual(CostModel(perFrame: .milliseconds(4))))
        let count = scene.count
        let tap = MainThreadEvent(frame: 1, offset: .milliseconds(1), cost: .milliseconds(2)) { loop in
            loop.transaction("tap") { count.value += 1 }
        }
        let result = try loop.run(frames: 4, events: [tap])
        let latency = try #require(result.updateLatency)
        #expect(abs(latency.max - (37.0 + 1.0 / 3 - (16.0 + 2.0 / 3 + 1))) < 1e-6, "\(latency)")
        #expect(latency.p50 == latency.max)
        #expect(result.inputLatency?.max == 0)
        #expect(scene.rootValue.hasPrefix("count 1"))
    }

    /// Transactions not posted by an event handler have no update latency; in JSON the metric has
    /// the shape of frame time.
    @Test func updateLatencyCountsOnlyEventTransactionsAndIsEncodedLikeFrameTime() throws {
        let scene = AnimatedScene(animating: false)
        scene.instantiate()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let count = scene.count
        loop.transaction("outside a run") { count.value = 5 }
        #expect(try loop.run(frames: 2).updateLatency == nil)
        let tap = MainThreadEvent(frame: 0) { loop in loop.transaction { count.value += 1 } }
        let result = try loop.run(frames: 2, events: [tap])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any]
        let latency = try #require(json?["updateLatency"] as? [String: Double])
        #expect(Set(latency.keys) == ["p50", "p90", "p99", "max"])
    }

    @Test func consecutiveRunsContinueTheClock() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()), frameRate: 60)
        let first = try loop.run(frames: 5)
        #expect(scene.graph.withLock { scene.time.value } == Tick(index: 4, frameRate: 60).time)
        let second = try loop.run(frames: 5)
        #expect(scene.graph.withLock { scene.time.value } == Tick(index: 9, frameRate: 60).time)
        #expect(first.renderedFrames == 5 && second.renderedFrames == 5)
        #expect(second.frames.map(\.tick) == [0, 1, 2, 3, 4])
        #expect(second.frames.first?.timestampMilliseconds == 0)
    }

    @Test func eventsRunOnTheMainThreadInArrivalOrder() throws {
        let scene = AnimatedScene(animating: false)
        let log = scene.log
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let events = [
            MainThreadEvent(frame: 2, cost: .milliseconds(3), name: "b") { _ in log.record("b") },
            MainThreadEvent(frame: 0, offset: .milliseconds(5), cost: .milliseconds(2), name: "a") { _ in log.record("a") },
            MainThreadEvent(frame: 2, offset: .milliseconds(1), name: "c") { _ in log.record("c") },
        ]
        let result = try loop.run(frames: 4, events: events)
        #expect(log.order == ["a", "b", "c"])
        #expect(log.threads(of: "a") == [.main] && log.threads(of: "b") == [.main] && log.threads(of: "c") == [.main])
        #expect(result.mainThreadBusyMilliseconds == 5)
    }

    @Test func stopEndsTheRunEarly() throws {
        let scene = AnimatedScene()
        let loop = try FrameLoop(target: scene.target, strategy: "lazy", clock: .virtual(CostModel()))
        let stop = MainThreadEvent(frame: 3) { loop in loop.stop() }
        let late = MainThreadEvent(frame: 5) { _ in Issue.record("an event after the stop ran") }
        let result = try loop.run(frames: 10, events: [stop, late])
        #expect(result.ticks == 3)
        #expect(result.renderedFrames == 3)
    }
}
